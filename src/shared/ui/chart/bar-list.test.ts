import { describe, expect, it } from 'vitest';
import { barWidths } from './bar-list';

const items = (...values: (number | null)[]) => values.map((value, i) => ({ key: String(i), label: `设计师${i}`, value }));

describe('barWidths', () => {
  it('scales to the largest value', () => {
    expect(barWidths(items(10, 5, 0))).toEqual([100, 50, 0]);
  });
  it('scales rates to the given maximum; missing figures are empty bars', () => {
    expect(barWidths(items(0.925, null, 0.5), 1)).toEqual([92.5, 0, 50]);
  });
  it('keeps a tiny value visible and an all-zero list empty', () => {
    expect(barWidths(items(1000, 1))).toEqual([100, 1]);
    expect(barWidths(items(0, 0))).toEqual([0, 0]);
    expect(barWidths([])).toEqual([]);
  });
});
