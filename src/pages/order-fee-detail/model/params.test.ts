import { describe, expect, it } from 'vitest';
import { settlementIdOf } from './params';

describe('settlementIdOf', () => {
  it('reads a positive integer id', () => {
    expect(settlementIdOf('12')).toBe(12);
    expect(settlementIdOf('0')).toBeUndefined();
    expect(settlementIdOf('1.5')).toBeUndefined();
    expect(settlementIdOf('abc')).toBeUndefined();
    expect(settlementIdOf(undefined)).toBeUndefined();
  });
});
