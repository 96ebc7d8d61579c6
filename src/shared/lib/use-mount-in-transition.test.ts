// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useMountInTransition } from './use-mount-in-transition';

describe('useMountInTransition', () => {
  it('is false on the first render, then true, and stays true', async () => {
    const seen: boolean[] = [];
    const { result, rerender } = renderHook(() => {
      const mounted = useMountInTransition();
      seen.push(mounted);
      return mounted;
    });
    await waitFor(() => expect(result.current).toBe(true));
    expect(seen[0]).toBe(false);
    rerender();
    expect(result.current).toBe(true);
    expect(seen.indexOf(true)).toBeGreaterThan(0);
    expect(seen.slice(seen.indexOf(true))).not.toContain(false);
  });
});
