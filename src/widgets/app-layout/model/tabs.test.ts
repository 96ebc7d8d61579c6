import { describe, expect, it } from 'vitest';
import { HOME_TAB, type Tab, tabOps } from './tabs';

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
});
