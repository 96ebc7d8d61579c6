/**
 * SQL of the workbench's own tables: saved views, the default view per person and list, and each
 * person's preferences (colour scheme, shortcuts). Every function takes `db` or a transaction first.
 */
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

type Conn = Db | Transaction<Database>;

export interface ViewRow {
  id: number;
  designer_id: number;
  team_id: number | null;
  list: string;
  name: string;
  filters: string;
  sort: string | null;
  columns: string;
  shared: number;
  pinned: number;
  position: number;
  created_at: string;
  updated_at: string;
  owner_name: string;
  owner_nickname: string;
}

function viewRows(db: Conn) {
  return db
    .selectFrom('saved_views as v')
    .innerJoin('designers as d', 'd.id', 'v.designer_id')
    .selectAll('v')
    .select(['d.real_name as owner_name', 'd.nickname as owner_nickname']);
}

/**
 * The views `me` sees of the given lists: their own, and the shared ones of their team. Their own
 * first (by position), then the team's (by owner's position, id).
 */
export function visibleViews(db: Conn, me: { id: number; team_id: number | null }, lists: readonly string[]): Promise<ViewRow[]> {
  if (!lists.length) return Promise.resolve([]);
  return viewRows(db)
    .where('v.list', 'in', lists)
    .where((eb) => {
      const own = eb('v.designer_id', '=', me.id);
      return me.team_id === null ? own : eb.or([own, eb.and([eb('v.shared', '=', 1), eb('v.team_id', '=', me.team_id)])]);
    })
    .orderBy((eb) => eb.case().when('v.designer_id', '=', me.id).then(0).else(1).end())
    .orderBy('v.position')
    .orderBy('v.id')
    .execute();
}

export function findView(db: Conn, id: number): Promise<ViewRow | undefined> {
  return viewRows(db).where('v.id', '=', id).executeTakeFirst();
}

/** How many views the owner has of a list, and the next position at the end of them. */
export async function ownViewStats(db: Conn, designerId: number, list: string): Promise<{ count: number; nextPosition: number }> {
  const row = await db
    .selectFrom('saved_views')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('position').as('max')])
    .where('designer_id', '=', designerId)
    .where('list', '=', list)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), nextPosition: row.max === null ? 1 : Number(row.max) + 1 };
}

export async function ownViewIds(db: Conn, designerId: number, list: string): Promise<number[]> {
  const rows = await db.selectFrom('saved_views').select('id').where('designer_id', '=', designerId).where('list', '=', list).execute();
  return rows.map((r) => r.id);
}

export interface ViewValues {
  name: string;
  filters: string;
  sort: string | null;
  columns: string;
  shared: number;
  team_id: number | null;
  pinned: number;
}

export async function insertView(db: Conn, v: ViewValues & { designer_id: number; list: string; position: number; at: string }): Promise<number> {
  const { at, ...values } = v;
  const row = await db
    .insertInto('saved_views')
    .values({ ...values, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateView(db: Conn, id: number, v: ViewValues, at: string): Promise<void> {
  await db.updateTable('saved_views').set({ ...v, updated_at: at }).where('id', '=', id).execute();
}

/** Removes the view and every default that named it. */
export async function deleteView(db: Conn, id: number): Promise<void> {
  await db.deleteFrom('saved_view_defaults').where('view_id', '=', id).execute();
  await db.deleteFrom('saved_views').where('id', '=', id).execute();
}

export async function setPositions(db: Conn, designerId: number, ids: readonly number[], at: string): Promise<void> {
  for (const [i, id] of ids.entries()) {
    await db.updateTable('saved_views').set({ position: i + 1, updated_at: at }).where('id', '=', id).where('designer_id', '=', designerId).execute();
  }
}

/** The view each list opens with for the person, by list. */
export async function defaultViews(db: Conn, designerId: number): Promise<Map<string, number>> {
  const rows = await db.selectFrom('saved_view_defaults').select(['list', 'view_id']).where('designer_id', '=', designerId).execute();
  return new Map(rows.map((r) => [r.list, r.view_id]));
}

export async function setDefaultView(db: Conn, designerId: number, list: string, viewId: number | null): Promise<void> {
  await db.deleteFrom('saved_view_defaults').where('designer_id', '=', designerId).where('list', '=', list).execute();
  if (viewId !== null) await db.insertInto('saved_view_defaults').values({ designer_id: designerId, list, view_id: viewId }).execute();
}

// -- preferences -----------------------------------------------------------------------------------

export function findPreferences(db: Conn, designerId: number) {
  return db.selectFrom('workbench_preferences').select(['color_scheme', 'shortcuts', 'welcome_pending']).where('designer_id', '=', designerId).executeTakeFirst();
}

/** Writes one preference (an upsert: the row is created with the defaults for the others when missing). */
export async function savePreference(
  db: Conn,
  designerId: number,
  change: { color_scheme: string } | { shortcuts: string | null } | { welcome_pending: number },
  defaults: { color_scheme: string },
  at: string,
): Promise<void> {
  await db
    .insertInto('workbench_preferences')
    .values({ designer_id: designerId, color_scheme: defaults.color_scheme, shortcuts: null, ...change, updated_at: at })
    .onConflict((oc) => oc.column('designer_id').doUpdateSet({ ...change, updated_at: at }))
    .execute();
}
