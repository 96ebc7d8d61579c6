/** A playing video reports its position this often. */
export const VIDEO_REPORT_EVERY_MS = 10_000;

/**
 * Whether a video position is worth reporting: a whole second different from the last one sent
 * (a pause right after a report, or two events for one stop, send nothing new).
 */
export function videoReportDue(position: number, lastSent: number | null): boolean {
  if (!Number.isFinite(position) || position < 0) return false;
  return lastSent === null || Math.floor(position) !== lastSent;
}

/** Where to resume: the saved position, unless it is at the very end (then from the start). */
export function resumeAt(saved: number, duration: number): number {
  if (saved <= 0) return 0;
  if (Number.isFinite(duration) && duration > 0 && saved >= duration - 2) return 0;
  return saved;
}
