import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * PostgreSQL only: `dwp_homes_changed` with `<schema>:*` when a statement changed a table that a
 * workbench home reads (db/change-notices.ts `HOME_TABLES`), sent when the change commits; every
 * process drops the homes it keeps. One trigger per statement, not per row: PostgreSQL folds the
 * notices of a transaction with the same text into one.
 *
 * The tables as they were when this was written: a table a home reads later needs a migration of
 * its own (server/test/home-notices.test.ts finds a watched table without its trigger).
 */
const HOME_TABLES = [
  'allocations',
  'announcement_products',
  'announcement_reads',
  'announcements',
  'designer_loads',
  'designer_products',
  'designers',
  'exams',
  'messages',
  'order_plan_cells',
  'order_plans',
  'products',
  'ticket_events',
  'tickets',
  'workbench_preferences',
];

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    create function dwp_home_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('dwp_homes_changed', tg_table_schema || ':*');
      return null;
    end $$`.execute(db);
  for (const table of HOME_TABLES) {
    await sql`
      create trigger ${sql.id(`${table}_home_changed`)} after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function dwp_home_changed()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of HOME_TABLES) await sql`drop trigger ${sql.id(`${table}_home_changed`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function dwp_home_changed()`.execute(db);
}
