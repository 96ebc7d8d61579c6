import * as z from 'zod/mini';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from './http';

// The client's own requests, answered here (a unit test has no server): what it was asked, and what it answers.
const asked: string[] = [];
let clientAnswer: unknown;
vi.mock('./ky-client', () => ({
  client: async (path: string) => {
    asked.push(path);
    return { json: async () => clientAnswer };
  },
  toApiError: async (error: unknown) => error,
}));

const envelope = (data: unknown) => JSON.stringify({ code: 200, success: true, message: '获取成功', data });
const answer = (body: string, status = 200) => Promise.resolve(new Response(body, { status, headers: { 'content-type': 'application/json' } }));
const schema = z.object({ n: z.number() });

describe('reads index.html started before any script (EARLY_GETS)', () => {
  beforeEach(() => {
    asked.length = 0;
  });
  afterEach(() => {
    delete window.__earlyGets;
  });

  it('the first read of the path takes that answer without a request of its own; the next one asks', async () => {
    clientAnswer = JSON.parse(envelope({ n: 2 }));
    window.__earlyGets = { 'workbench/home': answer(envelope({ n: 1 })) };
    expect(await http.get('workbench/home', schema)).toEqual({ n: 1 });
    expect(asked).toEqual([]);
    expect(window.__earlyGets['workbench/home']).toBeUndefined();
    expect(await http.get('workbench/home', schema)).toEqual({ n: 2 });
    expect(asked).toEqual(['workbench/home']);
  });

  it('a failed early read (401, no answer, not JSON) is asked again by the client', async () => {
    clientAnswer = JSON.parse(envelope({ n: 3 }));
    window.__earlyGets = {
      a: answer(JSON.stringify({ code: 401, success: false, message: '未登录', data: null }), 401),
      b: Promise.resolve(null),
      c: answer('<html>', 200),
    };
    for (const path of ['a', 'b', 'c']) expect(await http.get(path, schema)).toEqual({ n: 3 });
    expect(asked).toEqual(['a', 'b', 'c']);
  });

  it('an early answer is held to the schema like any other', async () => {
    window.__earlyGets = { x: answer(envelope({ n: 'no' })) };
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(http.get('x', schema)).rejects.toMatchObject({ kind: 'contract' });
  });

  it('a read with a query string or headers never takes an early answer', async () => {
    clientAnswer = JSON.parse(envelope({ n: 4 }));
    window.__earlyGets = { y: answer(envelope({ n: 1 })) };
    expect(await http.get('y', schema, { searchParams: { page: 1 } })).toEqual({ n: 4 });
    expect(await http.get('y', schema, { headers: { 'x-candidate': 'c' } })).toEqual({ n: 4 });
    expect(asked).toEqual(['y', 'y']);
    expect(window.__earlyGets.y).toBeDefined();
  });
});
