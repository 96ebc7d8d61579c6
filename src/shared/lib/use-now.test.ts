// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNow } from './use-now';

describe('useNow', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-20T08:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('gives the current time and re-renders with the new time every minute', () => {
    const { result } = renderHook(() => useNow());
    const first = result.current;
    expect(first).toBe(Date.parse('2026-11-20T08:00:00Z'));
    act(() => void vi.advanceTimersByTime(59_000));
    expect(result.current).toBe(first);
    act(() => void vi.advanceTimersByTime(1_000));
    expect(result.current).toBe(first + 60_000);
    act(() => void vi.advanceTimersByTime(60_000));
    expect(result.current).toBe(first + 120_000);
  });

  it('takes another interval and stops ticking once unmounted', () => {
    const { result, unmount } = renderHook(() => useNow(1_000));
    const first = result.current;
    act(() => void vi.advanceTimersByTime(1_000));
    expect(result.current).toBe(first + 1_000);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
