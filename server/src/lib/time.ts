/** Current time as the ISO-8601 UTC string every table stores. Tests may shift the clock. */
let offsetMs = 0;

export function nowMs(): number {
  return Date.now() + offsetMs;
}

export function nowIso(): string {
  return new Date(nowMs()).toISOString();
}

export function isoAfter(ms: number, from = nowMs()): string {
  return new Date(from + ms).toISOString();
}

/** Test helper: move the server's clock forward (never used by production code paths). */
export function advanceClock(ms: number): void {
  offsetMs += ms;
}

export function resetClock(): void {
  offsetMs = 0;
}
