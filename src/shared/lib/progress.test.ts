import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgress } from './progress';

describe('page-load progress (spec §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts at the minimum 0.08, trickles every 800 ms, completes and hides', () => {
    const p = createProgress();
    const seen: (number | null)[] = [];
    p.subscribe((v) => seen.push(v));
    p.start();
    expect(p.value).toBe(0.08);
    vi.advanceTimersByTime(799);
    expect(p.value).toBe(0.08);
    vi.advanceTimersByTime(1);
    expect(p.value).toBeCloseTo(0.18);
    vi.advanceTimersByTime(800 * 200);
    expect(p.value!).toBeLessThan(1);
    p.done();
    expect(p.value).toBe(1);
    vi.advanceTimersByTime(400);
    expect(p.value).toBeNull();
    expect(seen[0]).toBe(0.08);
  });
});
