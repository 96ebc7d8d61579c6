import * as z from 'zod/mini';

/**
 * Forgiving URL search-param fields (a route's `validateSearch`): a hand-edited or outdated URL
 * drops what it cannot read instead of failing the page. The router may hand values back as
 * numbers or booleans (it JSON-parses search values), so text fields accept those too.
 */
export const positiveIntParam = (max = Number.MAX_SAFE_INTEGER) =>
  z.catch(z.optional(z.coerce.number().check(z.int(), z.positive(), z.lte(max))), undefined);

export const textParam = (max: number) =>
  z.catch(
    z.optional(
      z.pipe(
        z.union([z.string(), z.number()]),
        z.transform((v) => String(v).trim().slice(0, max) || undefined),
      ),
    ),
    undefined,
  );

export const enumParam = <const T extends readonly [string, ...string[]]>(values: T) => z.catch(z.optional(z.enum(values)), undefined);

/** A comma-joined list of known codes: trimmed, unknown ones dropped, duplicates removed. */
export function normalizeCsv(value: unknown, known: (code: string) => boolean): string | undefined {
  const parts = Array.isArray(value) ? value.map(String) : typeof value === 'string' || typeof value === 'number' ? String(value).split(',') : [];
  const out: string[] = [];
  for (const raw of parts) {
    const code = raw.trim();
    if (code && known(code) && !out.includes(code)) out.push(code);
  }
  return out.length ? out.join(',') : undefined;
}

const scalar = z.union([z.string(), z.number(), z.boolean()]);

/**
 * Several choices of one filter (a multi-select), kept comma-joined in the URL as the server takes
 * them (`status=0,5`): a single value, a list or a comma-joined string; unknown codes are dropped.
 */
export const csvParam = (known: (code: string) => boolean) =>
  z.catch(z.optional(z.pipe(z.union([scalar, z.array(scalar)]), z.transform((v) => normalizeCsv(v, known)))), undefined);

/** csvParam over a fixed set of codes. */
export const enumCsvParam = (values: readonly string[]) => csvParam((code) => values.includes(code));

/** A multi-select's value from a comma-joined param, and back (none chosen: no param). */
export const splitCsv = (csv: string | undefined): string[] => (csv ? csv.split(',') : []);
export const joinCsv = (values: readonly string[]): string | undefined => (values.length ? values.join(',') : undefined);

/** A calendar day YYYY-MM-DD. */
export const dayParam = () => z.catch(z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))), undefined);

/** Drops unset and empty values, so the URL holds only what is chosen. */
export function compactParams<T extends Record<string, unknown>>(params: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(params) as [keyof T, T[keyof T]][]) {
    if (v === undefined || v === null || v === '' || v === false) continue;
    out[k] = v;
  }
  return out;
}
