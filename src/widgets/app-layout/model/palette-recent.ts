/**
 * The command palette's recent items, kept in this browser per person (issue #18: "with recent
 * items"): what was last opened or done from it, newest first, at most RECENT_MAX, each once.
 */
export const RECENT_MAX = 8;

export type RecentKind = 'ticket' | 'designer' | 'template' | 'page' | 'action';

export interface RecentItem {
  kind: RecentKind;
  /** Unique within its kind: a ticket id, a path, an action's name. */
  key: string;
  label: string;
  description?: string;
  /** Where it goes (pages, tickets, designers, templates); actions run again by key. */
  href?: string;
}

const storageKey = (designerId: string) => `palette-recent:${designerId}`;

const isRecent = (v: unknown): v is RecentItem =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as RecentItem).kind === 'string' &&
  typeof (v as RecentItem).key === 'string' &&
  typeof (v as RecentItem).label === 'string';

export function readRecent(designerId: string): RecentItem[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey(designerId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isRecent).slice(0, RECENT_MAX) : [];
  } catch {
    return [];
  }
}

/** Puts an item first (moving it if it was there) and returns the new list. */
export function pushRecent(designerId: string, item: RecentItem): RecentItem[] {
  const next = [item, ...readRecent(designerId).filter((r) => r.kind !== item.kind || r.key !== item.key)].slice(0, RECENT_MAX);
  try {
    localStorage.setItem(storageKey(designerId), JSON.stringify(next));
  } catch {
    // Storage full or refused: the list lives for this visit only.
  }
  return next;
}
