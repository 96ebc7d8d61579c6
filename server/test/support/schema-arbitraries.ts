/**
 * fast-check arbitraries derived from the JSON Schemas of the OpenAPI document: a valid value of a
 * schema (the base of a near-valid request), values that break it (one field at a time, or wild),
 * and hostile values the schema still accepts (control characters, NUL, other scripts, SQL).
 *
 * `isValid` is a small validator of the subset of JSON Schema the document uses. It is the
 * referee of "invalid": a generated value is kept only when the schema refuses it, also after
 * trimming (the server's zod schemas trim many strings before checking them).
 */
import fc from 'fast-check';
import type { JsonSchema } from './openapi.js';

export class SchemaContext {
  constructor(private readonly components: Record<string, JsonSchema> = {}) {}

  resolve(schema: JsonSchema): JsonSchema {
    let s = schema;
    for (let i = 0; s.$ref && i < 10; i++) {
      const name = s.$ref.replace('#/components/schemas/', '');
      const target = this.components[name];
      if (!target) throw new Error(`unknown schema ${s.$ref}`);
      s = target;
    }
    return s;
  }

  // -- the referee ---------------------------------------------------------------------------------

  isValid(schema: JsonSchema, value: unknown): boolean {
    const s = this.resolve(schema);
    if (value === null) return s.nullable === true || s.type === 'null' || (s.anyOf ?? s.oneOf ?? []).some((b) => this.isValid(b, null));
    if (s.anyOf && !s.anyOf.some((b) => this.isValid(b, value))) return false;
    if (s.oneOf && !s.oneOf.some((b) => this.isValid(b, value))) return false;
    if (s.allOf && !s.allOf.every((b) => this.isValid(b, value))) return false;
    if (s.enum && !s.enum.some((e) => e === value)) return false;
    switch (s.type) {
      case 'string':
        return typeof value === 'string' && this.stringOk(s, value);
      case 'integer':
        return typeof value === 'number' && Number.isSafeInteger(value) && this.numberOk(s, value);
      case 'number':
        return typeof value === 'number' && Number.isFinite(value) && this.numberOk(s, value);
      case 'boolean':
        return typeof value === 'boolean';
      case 'array':
        return Array.isArray(value) && value.length >= (s.minItems ?? 0) && value.length <= (s.maxItems ?? Infinity) && (!s.items || value.every((v) => this.isValid(s.items!, v)));
      case 'object': {
        if (typeof value !== 'object' || Array.isArray(value)) return false;
        const o = value as Record<string, unknown>;
        if ((s.required ?? []).some((k) => !(k in o))) return false;
        return Object.entries(s.properties ?? {}).every(([k, p]) => !(k in o) || this.isValid(p, o[k]));
      }
      default:
        return true;
    }
  }

  private stringOk(s: JsonSchema, v: string): boolean {
    if (v.length < (s.minLength ?? 0) || v.length > (s.maxLength ?? Infinity)) return false;
    return !s.pattern || new RegExp(s.pattern, 'u').test(v);
  }

  private numberOk(s: JsonSchema, v: number): boolean {
    if (s.minimum !== undefined && (s.exclusiveMinimum === true ? v <= s.minimum : v < s.minimum)) return false;
    if (s.maximum !== undefined && (s.exclusiveMaximum === true ? v >= s.maximum : v > s.maximum)) return false;
    if (typeof s.exclusiveMinimum === 'number' && v <= s.exclusiveMinimum) return false;
    if (typeof s.exclusiveMaximum === 'number' && v >= s.exclusiveMaximum) return false;
    return true;
  }

  /** Refused by the schema as sent and once trimmed (zod trims many strings first). */
  isBroken(schema: JsonSchema, value: unknown): boolean {
    if (this.isValid(schema, value)) return false;
    return typeof value !== 'string' || !this.isValid(schema, value.trim());
  }

  // -- valid values --------------------------------------------------------------------------------

  /** A valid value: the first enum member, a string its pattern generates, the smallest number… */
  valid(schema: JsonSchema, withOptional = false): fc.Arbitrary<unknown> {
    const cache = withOptional ? this.validFullCache : this.validCache;
    let out = cache.get(schema);
    if (!out) cache.set(schema, (out = this.makeValid(schema, withOptional)));
    return out;
  }

  private readonly validCache = new WeakMap<JsonSchema, fc.Arbitrary<unknown>>();
  private readonly validFullCache = new WeakMap<JsonSchema, fc.Arbitrary<unknown>>();
  private readonly brokenCache = new WeakMap<JsonSchema, fc.Arbitrary<unknown>>();

  private makeValid(schema: JsonSchema, withOptional: boolean): fc.Arbitrary<unknown> {
    const s = this.resolve(schema);
    const branches = s.anyOf ?? s.oneOf;
    if (branches) return fc.oneof(...branches.map((b) => this.valid({ ...b, ...(s.allOf ? { allOf: s.allOf } : {}) }, withOptional)));
    if (s.enum) return fc.constantFrom(...s.enum);
    switch (s.type) {
      case 'string':
        return this.validString(s);
      case 'integer':
      case 'number': {
        const lo = s.minimum === undefined ? 1 : s.exclusiveMinimum === true ? s.minimum + 1 : s.minimum;
        return fc.integer({ min: lo, max: Math.min(s.maximum ?? lo + 1000, lo + 1000) });
      }
      case 'boolean':
        return fc.boolean();
      case 'array': {
        const n = Math.max(s.minItems ?? 1, 1);
        return fc.array(s.items ? this.valid(s.items) : fc.constant('x'), { minLength: n, maxLength: n });
      }
      case 'object': {
        const props = Object.entries(s.properties ?? {}).filter(([k]) => withOptional || (s.required ?? []).includes(k));
        return fc.record(Object.fromEntries(props.map(([k, p]) => [k, this.valid(p)])));
      }
      default:
        return fc.constant('x');
    }
  }

  private validString(s: JsonSchema): fc.Arbitrary<string> {
    const ok = (v: string) => this.isValid(s, v) && v.trim() === v;
    if (s.format === 'date') return fc.constantFrom('2026-11-23', '2026-12-31', '2027-01-04');
    if (s.format === 'date-time') return fc.constant('2026-11-23T08:00:00.000Z');
    if (s.pattern) {
      const base = fc.stringMatching(new RegExp(s.pattern.startsWith('^') ? s.pattern : `^${s.pattern}$`));
      return base.filter(ok).map((v) => v);
    }
    const min = Math.max(s.minLength ?? 0, 1);
    const max = Math.min(s.maxLength ?? 40, Math.max(min, 40));
    // Letters and digits, so "letters and digits" rules (allOf patterns) are met.
    return fc.string({ unit: fc.constantFrom(...'Ab1测试Xy9'.split('')), minLength: Math.max(min, 3), maxLength: Math.max(max, 3) }).map((v) => `A1${v}`.slice(0, s.maxLength ?? Infinity)).filter(ok);
  }

  // -- broken values -------------------------------------------------------------------------------

  /** Whether a string can break the schema at all (a bare `{type: string}` takes every string). */
  breakableAsString(schema: JsonSchema): boolean {
    const s = this.resolve(schema);
    if (s.anyOf ?? s.oneOf) return (s.anyOf ?? s.oneOf)!.every((b) => this.breakableAsString(b));
    return s.type !== 'string' || s.pattern !== undefined || s.enum !== undefined || s.maxLength !== undefined || (s.minLength ?? 0) > 0 || s.format !== undefined;
  }

  /** A value the schema refuses (checked by the referee): wrong types, out of range, too long… */
  broken(schema: JsonSchema): fc.Arbitrary<unknown> {
    let out = this.brokenCache.get(schema);
    if (!out) this.brokenCache.set(schema, (out = this.makeBroken(schema)));
    return out;
  }

  private makeBroken(schema: JsonSchema): fc.Arbitrary<unknown> {
    const s = this.resolve(schema);
    const candidates: fc.Arbitrary<unknown>[] = [wrongTypes(s)];
    const stringSchemas = [s, ...(s.anyOf ?? []), ...(s.oneOf ?? [])].map((b) => this.resolve(b)).filter((b) => b.type === 'string');
    for (const b of stringSchemas) candidates.push(brokenStrings(b));
    const numberSchemas = [s, ...(s.anyOf ?? []), ...(s.oneOf ?? [])].map((b) => this.resolve(b)).filter((b) => b.type === 'integer' || b.type === 'number');
    if (numberSchemas.length) candidates.push(brokenNumbers(numberSchemas));
    if (s.type === 'array') {
      if (s.minItems) candidates.push(fc.constant([]));
      if (s.maxItems !== undefined && s.maxItems < 1000 && s.items) {
        candidates.push(fc.array(this.valid(s.items), { minLength: s.maxItems + 1, maxLength: s.maxItems + 1 }));
      }
      if (s.items) candidates.push(fc.tuple(this.valid({ ...s, minItems: s.minItems ?? 1 }), this.broken(s.items)).map(([ok, bad]) => [...(ok as unknown[]).slice(1), bad]));
    }
    for (const b of [s, ...(s.anyOf ?? []), ...(s.oneOf ?? [])].map((x) => this.resolve(x))) {
      if (Object.keys(b.properties ?? {}).length) candidates.push(this.brokenObject(b));
    }
    return fc.oneof(...candidates).filter((v) => this.isBroken(s, v));
  }

  /**
   * A body one step from valid: an object of the schema (of one of its branches) with one field
   * broken or one required field missing, kept only when the whole schema refuses it.
   */
  nearlyValid(schema: JsonSchema): fc.Arbitrary<unknown> {
    const s = this.resolve(schema);
    const objects = (s.anyOf ?? s.oneOf ?? [s]).map((b) => this.resolve(b)).filter((b) => Object.keys(b.properties ?? {}).length > 0);
    if (!objects.length) return this.broken(s);
    return fc.oneof(...objects.map((b) => this.brokenObject(b))).filter((v) => this.isBroken(s, v));
  }

  /** An object of the schema with one field broken, or one required field missing. */
  brokenObject(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
    const s = this.resolve(schema);
    const props = Object.entries(s.properties ?? {});
    const required = s.required ?? [];
    const options: fc.Arbitrary<Record<string, unknown>>[] = [];
    if (required.length) {
      options.push(
        fc.tuple(this.valid(s) as fc.Arbitrary<Record<string, unknown>>, fc.constantFrom(...required)).map(([base, k]) => {
          const { [k]: _dropped, ...rest } = base;
          return rest;
        }),
      );
    }
    if (props.length) {
      options.push(
        fc.oneof(...props.map(([k, p]) => fc.tuple(this.valid(s) as fc.Arbitrary<Record<string, unknown>>, this.broken(p)).map(([base, bad]) => ({ ...base, [k]: bad })))),
      );
    }
    if (!options.length) throw new Error('brokenObject needs an object schema with properties');
    return fc.oneof(...options);
  }

  // -- hostile but valid ---------------------------------------------------------------------------

  /**
   * A valid value whose free-text strings (no pattern, no enum) are hostile: control characters,
   * NUL, bidi overrides, astral characters, SQL and LIKE wildcards, the longest allowed; and whose
   * numbers are now and then the largest allowed.
   */
  hostile(schema: JsonSchema): fc.Arbitrary<unknown> {
    const s = this.resolve(schema);
    const branches = s.anyOf ?? s.oneOf;
    if (branches) return fc.oneof(...branches.map((b) => this.hostile(b)));
    if (s.type === 'string' && !s.enum && !s.pattern && !s.format && !s.allOf) {
      const max = s.maxLength ?? 200;
      return hostileString(max).filter((v) => this.isValid(s, v));
    }
    if (s.type === 'object') {
      const props = Object.entries(s.properties ?? {});
      return fc.record(Object.fromEntries(props.map(([k, p]) => [k, (s.required ?? []).includes(k) ? this.hostile(p) : fc.option(this.hostile(p), { nil: undefined })])), { noNullPrototype: true }).map((o) =>
        Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)),
      );
    }
    if (s.type === 'array' && s.items) {
      const n = Math.max(s.minItems ?? 1, 1);
      return fc.array(this.hostile(s.items), { minLength: n, maxLength: n });
    }
    // The largest number the schema allows (an id up to its maximum must not overflow a column).
    if ((s.type === 'integer' || s.type === 'number') && !s.enum && s.maximum !== undefined) {
      const top = s.exclusiveMaximum === true ? s.maximum - 1 : s.maximum;
      return fc.oneof(this.valid(s), fc.constant(top));
    }
    return this.valid(s);
  }
}

/** Values of every JSON type; the referee drops those of the right type. */
function wrongTypes(s: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, '', '0', '1', 'true', [], {}, [1], { a: 1 }, 'null'),
    fc.string({ maxLength: 8 }),
    fc.integer(),
    fc.jsonValue({ maxDepth: 2 }),
    s.type === 'string' ? fc.integer() : fc.string({ maxLength: 8 }),
  );
}

/** Strings a string schema refuses: too long, empty, off its pattern or enum, near misses. */
export function brokenStrings(s: JsonSchema): fc.Arbitrary<string> {
  const options: fc.Arbitrary<string>[] = [junkString(40)];
  if (s.maxLength !== undefined) {
    const n = s.maxLength;
    options.push(fc.tuple(fc.constantFrom('x', '字', 'Z', '9'), fc.integer({ min: n + 1, max: n + 50 })).map(([c, k]) => c.repeat(k)));
  }
  if (s.minLength) options.push(fc.constant(''));
  if (s.enum) {
    const members = s.enum.map(String);
    options.push(fc.constantFrom(...members).chain((m) => fc.constantFrom(m.toUpperCase(), `${m}x`, m.slice(1), `${m}\u0000`, `${m}%`, m.replace(/./, '\uff10'))));
  }
  if (s.pattern) options.push(nearMisses);
  return fc.oneof(...options);
}

/** Near misses of ids, codes, phones and dates: non-canonical spellings of a number, stray characters. */
export const nearMisses: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('0', '-1', '+1', '01', '0x10', '1e3', '1.0', '1.5', '١٢', '１２', '1_000', '9'.repeat(16), '9'.repeat(400), 'D12345', 'd000001', 'D00000１', '2026-02-30', '2026-13-01', '2026-1-1', '26-11-23', '2026/11/23', 'NaN', 'Infinity', '12345', '1234567', '1380000000', '138000000000', '12800000000', '1380000000a', '000000'),
  fc.tuple(fc.integer({ min: 1, max: 999_999 }), fc.constantFrom(' ', '\t', '\u0000', '\u200b', 'e0', '.0', '%', 'x', '\u3000')).map(([n, junk]) => `${n}${junk}${n}`),
);

/** Junk text: any unit (control characters, lone surrogates, astral), up to a length. */
export function junkString(maxLength: number): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ unit: 'binary', maxLength }),
    fc.string({ unit: 'grapheme', maxLength }),
    fc.string({ unit: fc.constantFrom('\u0000', '\u0001', '\u001b', '\u007f', '\u202e', '\ufeff', '\ud800', '\udfff', '😀', "'", '"', '\\', '%', '_', '<', '>', '&', '\n', '\r', '/', '?', '#', ' '), maxLength }),
  );
}

/** Free text that is allowed but hostile: what a schema with only a length accepts. */
export function hostileString(maxLength: number): fc.Arbitrary<string> {
  const pieces = ['\u0000', '\u0001\u0002', '\u001b[31m', '\u202e', '\ufeff', '😀', '𠮷', "'; drop table tickets; --", '" or 1=1 --', '%', '_', '\\', '<script>alert(1)</script>', '{{7*7}}', '${7*7}', '\r\n', '测试', 'ﾃｽﾄ', 'ä'];
  return fc.oneof(
    { weight: 3, arbitrary: fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 6 }).map((p) => `x${p.join('')}`.slice(0, maxLength)) },
    { weight: 1, arbitrary: fc.constantFrom('字', 'x', '😀').map((c) => c.repeat(Math.max(1, Math.floor(maxLength / c.length)))) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: Math.min(maxLength, 60) }).map((v) => `x${v}`.slice(0, maxLength)) },
  );
}

function brokenNumbers(schemas: JsonSchema[]): fc.Arbitrary<number> {
  const edges: number[] = [0, -1, 0.5, 1.5, -0.5, 1e20, -1e20, 2 ** 53, 2 ** 53 + 2, Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE];
  for (const s of schemas) {
    if (s.minimum !== undefined) edges.push(s.minimum - 1, s.minimum - 0.5, s.exclusiveMinimum === true ? s.minimum : s.minimum - 1);
    if (s.maximum !== undefined) edges.push(s.maximum + 1, s.maximum + 0.5);
    for (const e of s.enum ?? []) if (typeof e === 'number') edges.push(e + 1, e - 1, e + 0.5);
  }
  return fc.oneof(fc.constantFrom(...edges), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer());
}
