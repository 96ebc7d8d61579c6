// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle';

describe('whenIdle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('runs the work in an idle callback with the deadline, and not once cancelled', () => {
    const callbacks = new Map<number, () => void>();
    let next = 1;
    const request = vi.fn((cb: () => void, _options?: { timeout: number }) => {
      callbacks.set(next, cb);
      return next++;
    });
    const cancel = vi.fn((id: number) => callbacks.delete(id));
    vi.stubGlobal('requestIdleCallback', request);
    vi.stubGlobal('cancelIdleCallback', cancel);

    const ran: string[] = [];
    whenIdle(() => ran.push('first'), 2000);
    const stop = whenIdle(() => ran.push('second'), 2000);
    expect(request).toHaveBeenCalledWith(expect.any(Function), { timeout: 2000 });
    stop();
    for (const cb of callbacks.values()) cb();
    expect(ran).toEqual(['first']);
  });

  it('falls back to a short timer where the browser has no idle callbacks', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const ran: string[] = [];
    whenIdle(() => ran.push('a'), 2000);
    const stop = whenIdle(() => ran.push('b'), 2000);
    stop();
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(200);
    expect(ran).toEqual(['a']);
  });
});
