import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { csvParam, enumCsvParam, joinCsv, normalizeCsv, splitCsv } from './search-params';

describe('list search params (multi-select filters)', () => {
  it('keeps known codes once, in the order given, from a list or a comma-joined string', () => {
    expect(normalizeCsv(['0', 7, 'x'], (c) => /^\d$/.test(c))).toBe('0,7');
    expect(normalizeCsv(' 5 ,0,5,,9', (c) => c !== '9')).toBe('5,0');
    expect(normalizeCsv('', () => true)).toBeUndefined();
    expect(normalizeCsv(null, () => true)).toBeUndefined();
  });

  it('reads a hand-edited URL without failing: unknown values drop, nothing known means no filter', () => {
    const schema = z.object({ status: enumCsvParam(['pending', 'approved', 'rejected']), id: csvParam((c) => /^[1-9]\d*$/.test(c)) });
    expect(schema.parse({ status: 'rejected,pending,bogus', id: 3 })).toEqual({ status: 'rejected,pending', id: '3' });
    expect(schema.parse({ status: ['approved'], id: '0,x' })).toEqual({ status: 'approved', id: undefined });
    expect(schema.parse({ status: { not: 'a list' } })).toEqual({ status: undefined, id: undefined });
  });

  it('turns a multi-select value into the param and back', () => {
    expect(joinCsv(['qc', 'after_sales'])).toBe('qc,after_sales');
    expect(joinCsv([])).toBeUndefined();
    expect(splitCsv('qc,after_sales')).toEqual(['qc', 'after_sales']);
    expect(splitCsv(undefined)).toEqual([]);
  });
});
