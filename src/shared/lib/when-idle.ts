/**
 * Runs `work` once the browser has a moment with nothing else to do (after the page's own code,
 * data and first renders), and at the latest after `timeoutMs`. Answers a cancel: a cancelled call
 * never runs. Without `requestIdleCallback` (Safari), it runs after a short timer instead.
 */
export function whenIdle(work: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => work(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, Math.min(timeoutMs, 200));
  return () => window.clearTimeout(handle);
}
