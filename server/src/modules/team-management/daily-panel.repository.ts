/**
 * SQL of the public daily panel: its keys (`panel_keys`, only the hash of a key is stored) and
 * today's ticket figures of a team. Every function takes `db` or a transaction first.
 */
import type { Db } from '../../db/database.js';
import { DRAFT_DUE_STAGES, OPEN_STATUSES, TICKET_STATUS } from '../tickets/index.js';

const KEY_COLUMNS = ['id', 'key_hint', 'revoked_at', 'created_at'] as const;

export function insertPanelKey(db: Db, values: { team_id: number; key_hash: string; key_hint: string; created_by: number; created_at: string }) {
  return db
    .insertInto('panel_keys')
    .values({ team_id: values.team_id, key_hash: values.key_hash, key_hint: values.key_hint, created_by: values.created_by, revoked_at: null, created_at: values.created_at })
    .returning(KEY_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** The team's newest keys (hints only). */
export function teamPanelKeys(db: Db, teamId: number, limit: number) {
  return db.selectFrom('panel_keys').select(KEY_COLUMNS).where('team_id', '=', teamId).orderBy('id', 'desc').limit(limit).execute();
}

/** A key of this team (undefined for another team's). */
export function findTeamPanelKey(db: Db, teamId: number, id: number) {
  return db.selectFrom('panel_keys').select(['id', 'revoked_at']).where('id', '=', id).where('team_id', '=', teamId).executeTakeFirst();
}

export function findPanelKeyByHash(db: Db, keyHash: string) {
  return db.selectFrom('panel_keys').select(['team_id', 'revoked_at']).where('key_hash', '=', keyHash).executeTakeFirst();
}

export async function revokePanelKey(db: Db, id: number, now: string): Promise<void> {
  await db.updateTable('panel_keys').set({ revoked_at: now }).where('id', '=', id).execute();
}

/**
 * The panel's raw figures of the tickets whose `team_id` is the team (README.md defines them):
 * when each ticket received since `dayStart` was created, and the counts in progress, completed
 * since `dayStart` and overdue at `now`.
 */
export async function panelTicketFigures(db: Db, teamId: number, dayStart: string, now: string) {
  const base = db.selectFrom('tickets').where('team_id', '=', teamId);
  const count = (n: { n: number | string | bigint } | undefined) => Number(n?.n ?? 0);
  const [received, inProgress, completed, overdue] = await Promise.all([
    base.select('created_at').where('created_at', '>=', dayStart).where('created_at', '<=', now).execute(),
    base
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', 'in', OPEN_STATUSES)
      .where('stage', '!=', 'done')
      .executeTakeFirst(),
    base
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', TICKET_STATUS.completed)
      .where('updated_at', '>=', dayStart)
      .executeTakeFirst(),
    base
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', 'in', OPEN_STATUSES)
      .where('stage', 'in', DRAFT_DUE_STAGES)
      .where('due_at', '<', now)
      .executeTakeFirst(),
  ]);
  return {
    receivedAt: received.map((t) => t.created_at),
    inProgress: count(inProgress),
    completed: count(completed),
    overdue: count(overdue),
  };
}
