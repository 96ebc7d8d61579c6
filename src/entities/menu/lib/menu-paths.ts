import type { MenuItem } from '../model/menu.schema';

/** Spec §2: entries whose path is an external link are not routed. */
export function isExternalPath(path: string): boolean {
  return /^(https?:|mailto:|tel:)/i.test(path);
}

/** Every routable leaf of the tree (hidden ones included), external links left out. */
export function flattenMenu(tree: readonly MenuItem[]): MenuItem[] {
  const out: MenuItem[] = [];
  const walk = (items: readonly MenuItem[]) => {
    for (const item of items) {
      if (item.children?.length) walk(item.children);
      else if (item.type === 'C' && !isExternalPath(item.path)) out.push(item);
    }
  };
  walk(tree);
  return out;
}

function toRegExp(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\/:\w+/g, '/[^/]+');
  return new RegExp(`^${escaped}/?$`);
}

/** The menu entry a location path belongs to (`/order-fee/detail/7` → `/order-fee/detail/:id`). */
export function findMenuEntry(entries: readonly MenuItem[], path: string): MenuItem | undefined {
  return entries.find((e) => toRegExp(e.path).test(path));
}

export function pathMatches(pattern: string, path: string): boolean {
  return toRegExp(pattern).test(path);
}
