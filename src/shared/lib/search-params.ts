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
