/**
 * A person's workbench preferences (issue #18): the colour scheme (the SPA's dark-mode toggle) and
 * the pinned shortcuts of the home's fast card, checked against the menu the person may open.
 */
import type { Db } from '../../db/database.js';
import type { Designer } from '../../db/schema.js';
import { AppError, type FieldError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import type { UnitOfWork } from '../messages/index.js';
import { menuFor, type MenuItem } from '../system/index.js';
import { findPreferences, savePreference } from './views.repository.js';
import { COLOR_SCHEMES, type ShortcutsView } from './workbench.schemas.js';

/** The fast card without pinned shortcuts: this many of the menu's entries, in the menu's order. */
export const DEFAULT_SHORTCUTS = 8;

export const DEFAULT_PREFERENCES = { color_scheme: 'auto' as (typeof COLOR_SCHEMES)[number] };

export interface PreferenceServiceDeps {
  db: Db;
  unitOfWork: UnitOfWork;
  /** Menu paths served (the app's released screens; tests may release all). */
  released: ReadonlySet<string>;
}

export function createPreferenceService({ db, unitOfWork, released }: PreferenceServiceDeps) {
  /** The menu entries a designer type may open and pin: visible leaves, in the menu's order. */
  function pinnable(designerType: number): { path: string; title: string }[] {
    const leaves = (items: MenuItem[]): MenuItem[] => items.flatMap((m) => (m.children?.length ? leaves(m.children) : [m]));
    return leaves(menuFor(designerType, released).filter((d) => !d.hidden))
      .filter((m) => !m.hidden && !m.path.includes(':'))
      .map((m) => ({ path: m.path, title: m.title }));
  }

  function shortcutsOf(me: Designer, stored: string | null | undefined): ShortcutsView {
    const available = pinnable(me.designer_type);
    const byPath = new Map(available.map((a) => [a.path, a]));
    const saved = stored ? (JSON.parse(stored) as string[]) : null;
    // A pinned entry the person may no longer open (another role, a screen withdrawn) is left out.
    const items = saved ? saved.flatMap((p) => (byPath.has(p) ? [byPath.get(p)!] : [])) : available.slice(0, DEFAULT_SHORTCUTS);
    return { paths: items.map((i) => i.path), items, is_default: saved === null, available };
  }

  async function shortcuts(me: Designer): Promise<ShortcutsView> {
    return shortcutsOf(me, (await findPreferences(db, me.id))?.shortcuts);
  }

  /** Pins these paths in this order (at most 12, each once, each an entry of my menu); none: back to the default. */
  async function setShortcuts(me: Designer, paths: readonly string[]): Promise<ShortcutsView> {
    const allowed = new Set(pinnable(me.designer_type).map((a) => a.path));
    const errors: FieldError[] = [];
    paths.forEach((p, i) => {
      if (!allowed.has(p)) errors.push({ field: `paths.${i}`, message: '该菜单不存在或无权访问' });
      else if (paths.indexOf(p) !== i) errors.push({ field: `paths.${i}`, message: '快捷入口不能重复' });
    });
    if (errors.length) throw new AppError(422, errors[0]!.message, errors);
    const stored = paths.length ? JSON.stringify(paths) : null;
    await unitOfWork((trx) => savePreference(trx, me.id, { shortcuts: stored }, DEFAULT_PREFERENCES, nowIso()));
    return shortcutsOf(me, stored);
  }

  async function preferences(me: Designer): Promise<{ color_scheme: (typeof COLOR_SCHEMES)[number] }> {
    const row = await findPreferences(db, me.id);
    return { color_scheme: (row?.color_scheme as (typeof COLOR_SCHEMES)[number] | undefined) ?? DEFAULT_PREFERENCES.color_scheme };
  }

  async function setColorScheme(me: Designer, scheme: (typeof COLOR_SCHEMES)[number]) {
    await unitOfWork((trx) => savePreference(trx, me.id, { color_scheme: scheme }, DEFAULT_PREFERENCES, nowIso()));
    return { color_scheme: scheme };
  }

  /** Leaves the welcome page: it is not shown again (a second call changes nothing). */
  async function welcomeDone(me: Designer): Promise<{ welcome_pending: false }> {
    await unitOfWork((trx) => savePreference(trx, me.id, { welcome_pending: 0 }, DEFAULT_PREFERENCES, nowIso()));
    return { welcome_pending: false };
  }

  return { shortcuts, shortcutsOf, setShortcuts, preferences, setColorScheme, welcomeDone };
}

export type PreferenceService = ReturnType<typeof createPreferenceService>;
