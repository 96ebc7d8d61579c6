/**
 * The rules of what the SPA reads around every screen: the public client configuration, the menu a
 * designer type gets, and the dictionaries asked for. Nothing here reads or writes the database.
 */
import { REGISTRATION_COMPLETE_STEP } from '../../domain/designers.js';
import { nowIso } from '../../lib/time.js';
import { DICTS, type DictEntry } from './dicts.js';
import { MENU_TREE, type MenuItem, type MenuRole } from './menu.js';

/** The public client configuration: constants the SPA shares with the server, and where the broker is. */
export function clientConfig(mqttPublicUrl: string | undefined) {
  return {
    app_name: '设计师工作台',
    registration_complete_step: REGISTRATION_COMPLETE_STEP,
    available_products_page_size: 99,
    mqtt: { url: mqttPublicUrl ?? null, path: '/mqtt', keepalive_seconds: 40, reconnect_ms: 5000 },
    server_time: nowIso(),
  };
}

export function roleOf(designerType: number): MenuRole {
  return designerType === 0 ? 'admin' : designerType === 1 ? 'user' : 'part_time';
}

/**
 * The tree a designer type may see, sorted by `sort`. Directories without a child for the role
 * are dropped; another role's directory is kept, hidden, for a hidden leaf this role may open. `released` limits leaves to shipped screens (all of them when omitted).
 */
export function menuFor(designerType: number, released?: ReadonlySet<string>): MenuItem[] {
  const role = roleOf(designerType);
  const allowed = (m: MenuItem) => m.roles.includes(role) && (!released || released.has(m.path));
  // A directory of another role still carries the hidden leaves this role may open (spec §2:
  // /team-management/expenses/detail/{id} is for all roles), as a hidden directory: routed, not listed.
  const ofRole = (d: MenuItem): MenuItem | null => {
    if (d.roles.includes(role)) return { ...d, children: (d.children ?? []).filter(allowed) };
    const hiddenLeaves = (d.children ?? []).filter((c) => c.hidden && allowed(c));
    return hiddenLeaves.length ? { ...d, roles: [...d.roles, role], hidden: true, alwaysShow: false, children: hiddenLeaves } : null;
  };
  return MENU_TREE.map(ofRole)
    .filter((d): d is MenuItem => d !== null && (d.children ?? []).length > 0)
    .sort((a, b) => a.sort - b.sort);
}

/** The dictionaries named in `codes` (comma-separated; unknown codes ignored), or all of them when none is named. */
export function dictsFor(codes: string | undefined): DictEntry[] {
  const wanted = codes?.split(',').map((c) => c.trim()).filter(Boolean);
  return wanted?.length ? DICTS.filter((d) => wanted.includes(d.code)) : DICTS;
}
