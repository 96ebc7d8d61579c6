import { HOME_PATH } from '@/shared/config/routes';

/** A navigation tab: one per visited page path, kept for the browser session. */
export interface Tab {
  path: string;
  href: string;
  title: string;
  /** Always open, first (home). */
  affix: boolean;
  /** Pinned by the user: kept after the affixed tabs, never closed to make room, kept by 关闭其他/全部. */
  pinned?: boolean;
  /** When this tab was last visited, as a count of visits (the oldest unpinned closes first). */
  lastVisit?: number;
}

/** At most this many tabs are open; visiting one more closes the least recently visited unpinned tab. */
export const MAX_TABS = 10;

const kept = (t: Tab) => t.affix || Boolean(t.pinned);

/** Affixed tabs first, then pinned ones, then the rest, each group in its own order. */
function ordered(tabs: Tab[]): Tab[] {
  return [...tabs.filter((t) => t.affix), ...tabs.filter((t) => !t.affix && t.pinned), ...tabs.filter((t) => !kept(t))];
}

/** Closes the least recently visited unpinned tabs (never `visiting`) until at most MAX_TABS remain. */
function makeRoom(tabs: Tab[], visiting: string): Tab[] {
  let out = tabs;
  while (out.length > MAX_TABS) {
    const closable = out.filter((t) => !kept(t) && t.path !== visiting);
    if (closable.length === 0) break;
    const oldest = closable.reduce((a, b) => ((b.lastVisit ?? 0) < (a.lastVisit ?? 0) ? b : a));
    out = out.filter((t) => t !== oldest);
  }
  return out;
}

export const HOME_TAB: Tab = { path: HOME_PATH, href: HOME_PATH, title: '首页', affix: true };

/** Pure tab-list operations; the store below persists their results. */
export const tabOps = {
  /** Opens (or updates) the tab of a visited page; affixed tabs stay first. */
  visit(tabs: Tab[], tab: Tab): Tab[] {
    const base = tabs.some((t) => t.path === HOME_TAB.path) ? tabs : [HOME_TAB, ...tabs];
    const lastVisit = Math.max(0, ...base.map((t) => t.lastVisit ?? 0)) + 1;
    const i = base.findIndex((t) => t.path === tab.path);
    if (i >= 0) return base.map((t, k) => (k === i ? { ...t, href: tab.href, title: tab.title || t.title, lastVisit } : t));
    return makeRoom([...base, { ...tab, lastVisit }], tab.path);
  },
  /** Closes a tab; affixed and pinned tabs stay (unpin first). */
  close(tabs: Tab[], path: string): Tab[] {
    return tabs.filter((t) => kept(t) || t.path !== path);
  },
  closeOthers(tabs: Tab[], path: string): Tab[] {
    return tabs.filter((t) => kept(t) || t.path === path);
  },
  closeAll(tabs: Tab[]): Tab[] {
    return tabs.filter(kept);
  },
  /** Pins or unpins a tab (not an affixed one); pinned tabs move next to the affixed ones. */
  togglePin(tabs: Tab[], path: string): Tab[] {
    return ordered(tabs.map((t) => (t.path === path && !t.affix ? { ...t, pinned: !t.pinned } : t)));
  },
  /** Where to go when the active tab closes: its right neighbour, else the left one. */
  neighbour(tabs: Tab[], path: string): Tab | undefined {
    const i = tabs.findIndex((t) => t.path === path);
    if (i < 0) return undefined;
    return tabs[i + 1] ?? tabs[i - 1];
  },
};

const STORAGE_KEY = 'app.tabs';
type Listener = () => void;

function load(): Tab[] {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (Array.isArray(parsed)) return tabOps.visit(parsed as Tab[], HOME_TAB);
  } catch {
    // Unreadable storage: start fresh.
  }
  return [HOME_TAB];
}

/** The session's tabs (sessionStorage), observable for useSyncExternalStore. */
export function createTabsStore() {
  let tabs = load();
  const listeners = new Set<Listener>();
  const set = (next: Tab[]) => {
    tabs = next;
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(tabs));
    } catch {
      // Storage full or blocked: tabs still work for this page load.
    }
    listeners.forEach((l) => l());
  };
  return {
    get: () => tabs,
    subscribe(l: Listener) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    visit: (tab: Tab) => set(tabOps.visit(tabs, tab)),
    close: (path: string) => set(tabOps.close(tabs, path)),
    closeOthers: (path: string) => set(tabOps.closeOthers(tabs, path)),
    closeAll: () => set(tabOps.closeAll(tabs)),
    togglePin: (path: string) => set(tabOps.togglePin(tabs, path)),
    reset: () => set([HOME_TAB]),
  };
}

export const tabsStore = createTabsStore();
