/** The local store's `Range` header (a video lesson seeks with it): one range, as a bucket answers. */
import { describe, expect, it } from 'vitest';
import { byteRange } from './local-store.js';

describe('byteRange', () => {
  it('reads one range: closed, open-ended, a suffix; an end past the file is cut', () => {
    expect(byteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(byteRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(byteRange('bytes=990-2000', 1000)).toEqual({ start: 990, end: 999 });
  });

  it('answers the whole file for no header or one it does not read (several ranges, other units)', () => {
    for (const h of [undefined, '', 'bytes=-', 'bytes=0-1,5-9', 'items=0-1', 'bytes=a-b']) expect(byteRange(h, 1000)).toBeNull();
  });

  it('refuses a range outside the file (416)', () => {
    expect(byteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(byteRange('bytes=50-10', 1000)).toBe('unsatisfiable');
    expect(byteRange('bytes=-0', 1000)).toBe('unsatisfiable');
  });
});
