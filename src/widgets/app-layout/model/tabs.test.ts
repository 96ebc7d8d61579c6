import { describe, expect, it } from 'vitest';
import { HOME_TAB, MAX_TABS, type Tab, tabOps } from './tabs';

const tab = (path: string, title = path): Tab => ({ path, href: path, title, affix: false });

describe('navigation tabs', () => {
  it('home is always present, pinned first', () => {
    const tabs = tabOps.visit([], tab('/system/account', '个人中心'));
    expect(tabs.map((t) => t.path)).toEqual(['/home', '/system/account']);
    expect(tabs[0]).toEqual(HOME_TAB);
  });
  it('revisiting a page updates its tab instead of adding one', () => {
    let tabs = tabOps.visit([], tab('/a'));
    tabs = tabOps.visit(tabs, { ...tab('/a'), href: '/a?page=2' });
    expect(tabs.filter((t) => t.path === '/a')).toHaveLength(1);
    expect(tabs.find((t) => t.path === '/a')?.href).toBe('/a?page=2');
  });
  it('closing keeps affixed tabs', () => {
    const tabs = [HOME_TAB, tab('/a'), tab('/b'), tab('/c')];
    expect(tabOps.close(tabs, '/home').map((t) => t.path)).toEqual(['/home', '/a', '/b', '/c']);
    expect(tabOps.close(tabs, '/b').map((t) => t.path)).toEqual(['/home', '/a', '/c']);
    expect(tabOps.closeOthers(tabs, '/b').map((t) => t.path)).toEqual(['/home', '/b']);
    expect(tabOps.closeAll(tabs).map((t) => t.path)).toEqual(['/home']);
  });
  it('the neighbour of a closing tab is the right one, else the left one', () => {
    const tabs = [HOME_TAB, tab('/a'), tab('/b')];
    expect(tabOps.neighbour(tabs, '/a')?.path).toBe('/b');
    expect(tabOps.neighbour(tabs, '/b')?.path).toBe('/a');
  });

  describe('at most MAX_TABS', () => {
    const visitAll = (paths: string[], start: Tab[] = []) => paths.reduce((tabs, p) => tabOps.visit(tabs, tab(p)), start);
    const pages = (n: number) => Array.from({ length: n }, (_, i) => `/p${i + 1}`);

    it('the least recently visited unpinned tab closes to make room', () => {
      let tabs = visitAll(pages(MAX_TABS - 1));
      expect(tabs).toHaveLength(MAX_TABS);
      // /p1 was visited again, so /p2 is now the least recently visited.
      tabs = visitAll(['/p1', '/new'], tabs);
      expect(tabs).toHaveLength(MAX_TABS);
      expect(tabs.map((t) => t.path)).not.toContain('/p2');
      expect(tabs.map((t) => t.path)).toEqual(expect.arrayContaining(['/home', '/p1', '/new']));
      // Twenty more pages still leave MAX_TABS, home and the page being visited among them.
      tabs = visitAll(pages(30).slice(10), tabs);
      expect(tabs).toHaveLength(MAX_TABS);
      expect(tabs[0]).toMatchObject({ path: '/home' });
      expect(tabs.at(-1)?.path).toBe('/p30');
    });

    it('pinned tabs never close to make room, and move next to home', () => {
      let tabs = visitAll(['/a', '/b']);
      tabs = tabOps.togglePin(tabs, '/b');
      expect(tabs.map((t) => t.path)).toEqual(['/home', '/b', '/a']);
      tabs = visitAll(pages(40), tabs);
      expect(tabs).toHaveLength(MAX_TABS);
      expect(tabs.find((t) => t.path === '/b')?.pinned).toBe(true);
      expect(tabs.map((t) => t.path)).not.toContain('/a');
    });

    it('pinned tabs stay through close, 关闭其他 and 关闭全部 until unpinned; home cannot be pinned', () => {
      let tabs = tabOps.togglePin(visitAll(['/a', '/b', '/c']), '/a');
      expect(tabOps.close(tabs, '/a').map((t) => t.path)).toContain('/a');
      expect(tabOps.closeOthers(tabs, '/c').map((t) => t.path)).toEqual(['/home', '/a', '/c']);
      expect(tabOps.closeAll(tabs).map((t) => t.path)).toEqual(['/home', '/a']);
      tabs = tabOps.togglePin(tabs, '/a');
      expect(tabOps.close(tabs, '/a').map((t) => t.path)).not.toContain('/a');
      expect(tabOps.togglePin(tabs, '/home').find((t) => t.path === '/home')?.pinned).toBeFalsy();
    });
  });
});
