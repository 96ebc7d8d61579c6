import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { lenientParser, pageParams } from './use-kept-search';

describe('pageParams', () => {
  it('leaves the defaults out of the URL', () => {
    expect(pageParams(1, undefined, 20, 20)).toEqual({ page: undefined, pageSize: undefined });
    expect(pageParams(3, undefined, 20, 20)).toEqual({ page: 3, pageSize: undefined });
  });
  it('keeps a chosen page size, and the current one when only the page changes', () => {
    expect(pageParams(1, 50, 20, 20)).toEqual({ page: undefined, pageSize: 50 });
    expect(pageParams(2, undefined, 50, 20)).toEqual({ page: 2, pageSize: 50 });
    expect(pageParams(1, 20, 50, 20)).toEqual({ page: undefined, pageSize: undefined });
  });
});

describe('lenientParser', () => {
  const parse = lenientParser(z.object({ page: z.optional(z.number()) }));
  it('parses good params and drops bad ones whole', () => {
    expect(parse({ page: 2 })).toEqual({ page: 2 });
    expect(parse({ page: 'x' })).toEqual({});
    expect(parse(undefined)).toEqual({});
  });
});
