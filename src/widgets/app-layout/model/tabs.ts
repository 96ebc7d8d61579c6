import { HOME_PATH } from '@/shared/config/routes';

/** A navigation tab: one per visited page path, kept for the browser session. */
export interface Tab {
  path: string;
  href: string;
  title: string;
  affix: boolean;
}

export const HOME_TAB: Tab = { path: HOME_PATH, href: HOME_PATH, title: '首页', affix: true };

/** Pure tab-list operations; the store below persists their results. */
export const tabOps = {
  /** Opens (or updates) the tab of a visited page; affixed tabs stay first. */
  visit(tabs: Tab[], tab: Tab): Tab[] {
    const base = tabs.some((t) => t.path === HOME_TAB.path) ? tabs : [HOME_TAB, ...tabs];
    const i = base.findIndex((t) => t.path === tab.path);
    if (i >= 0) return base.map((t, k) => (k === i ? { ...t, href: tab.href, title: tab.title || t.title } : t));
    return [...base, tab];
  },
  close(tabs: Tab[], path: string): Tab[] {
    return tabs.filter((t) => t.affix || t.path !== path);
  },
  closeOthers(tabs: Tab[], path: string): Tab[] {
    return tabs.filter((t) => t.affix || t.path === path);
  },
  closeAll(tabs: Tab[]): Tab[] {
    return tabs.filter((t) => t.affix);
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
    reset: () => set([HOME_TAB]),
  };
}

export const tabsStore = createTabsStore();
