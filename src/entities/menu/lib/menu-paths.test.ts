import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../model/menu.schema';
import { findMenuEntry, flattenMenu, isExternalPath, pathMatches } from './menu-paths';

const leaf = (id: number, path: string, extra: Partial<MenuItem> = {}): MenuItem => ({
  id, parentId: 1, path, component: '', redirect: '', type: 'C', title: path, icon: '', keepAlive: true,
  hidden: false, sort: id, activeMenu: '', breadcrumb: true, status: 1, roles: [], showInTabs: true,
  alwaysShow: false, affix: false, ...extra,
});

describe('menu paths', () => {
  it('flattens leaves, keeps hidden ones, drops external links', () => {
    const tree: MenuItem[] = [
      { ...leaf(1, '/order-fee', { type: 'M' }), children: [leaf(2, '/order-fee/index'), leaf(3, '/order-fee/detail/:id', { hidden: true })] },
      leaf(4, 'https://example.com/help'),
      leaf(5, 'mailto:help@example.com'),
    ];
    expect(flattenMenu(tree).map((m) => m.path)).toEqual(['/order-fee/index', '/order-fee/detail/:id']);
  });
  it('recognises external links', () => {
    for (const p of ['http://a', 'https://a', 'mailto:x@y', 'tel:123']) expect(isExternalPath(p)).toBe(true);
    expect(isExternalPath('/home')).toBe(false);
  });
  it('matches params and nothing more', () => {
    expect(pathMatches('/order-fee/detail/:id', '/order-fee/detail/42')).toBe(true);
    expect(pathMatches('/order-fee/detail/:id', '/order-fee/detail/42/x')).toBe(false);
    expect(pathMatches('/order-fee/index', '/order-fee/index/')).toBe(true);
    expect(findMenuEntry([leaf(1, '/a/index'), leaf(2, '/a/detail/:id')], '/a/detail/9')?.id).toBe(2);
  });
});
