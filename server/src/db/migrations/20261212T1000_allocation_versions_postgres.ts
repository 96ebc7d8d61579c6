import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * PostgreSQL: `allocation_versions` too (SQLite has had it since 20261210T1000_allocation_versions),
 * so a process keeps the system's ranking of designers between groups of new orders there as well
 * (modules/tickets/allocation.service.ts `planKept`). Its number moves with the same changes as
 * SQLite's (a designer added, removed, or changed in type, taking tickets, account status,
 * onboarding step, team, capacity or names; their products; the order plans and their cells; a
 * team's allocation rules; a product added or removed), with one difference: a day count
 * (`designer_loads`) moves it only when it goes back (a lower count the same day, an earlier day,
 * an earlier last assignment, a row deleted), never when an assignment raises it. Every assignment
 * raises one, and on PostgreSQL they run side by side (other instances' single orders take
 * different designers' rows with `FOR UPDATE SKIP LOCKED`, leads assign meanwhile): had each one
 * updated this row, they would all queue on it. A raised count only makes its designer rank lower,
 * so what a process keeps is wrong only for the designers it picks, and a group locks and checks
 * exactly those rows before it writes (`planKept`).
 *
 * Statement-level triggers where no row condition is needed: a statement moves the number once.
 */
const DESIGNER_COLUMNS = ['designer_type', 'online_ticket_status', 'account_status', 'current_registration_step', 'team_id', 'daily_capacity', 'real_name', 'nickname'];
const ROW_TABLES = ['designer_products', 'order_plans', 'order_plan_cells', 'allocation_rules'];

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema
    .createTable('allocation_versions')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('allocation_versions').values({ id: 1, n: 1 }).execute();
  await sql`
    create function dwp_allocation_changed() returns trigger language plpgsql as $$
    begin
      update allocation_versions set n = n + 1 where id = 1;
      return null;
    end $$`.execute(db);
  for (const table of ROW_TABLES) {
    await sql`create trigger ${sql.id(`${table}_allocation`)} after insert or update or delete or truncate on ${sql.table(table)} for each statement execute function dwp_allocation_changed()`.execute(db);
  }
  await sql`create trigger designers_allocation_rows after insert or delete or truncate on designers for each statement execute function dwp_allocation_changed()`.execute(db);
  await sql`create trigger designers_allocation_columns after update of ${sql.join(DESIGNER_COLUMNS.map((c) => sql.id(c)))} on designers for each statement execute function dwp_allocation_changed()`.execute(db);
  await sql`create trigger products_allocation after insert or delete or truncate on products for each statement execute function dwp_allocation_changed()`.execute(db);
  // Day counts: only a count that goes back (times compare by code unit, as the ranking does).
  await sql`create trigger designer_loads_allocation_removed after delete or truncate on designer_loads for each statement execute function dwp_allocation_changed()`.execute(db);
  await sql`
    create trigger designer_loads_allocation_back after update on designer_loads for each row
    when (
      new.designer_id <> old.designer_id
      or new.day collate "C" < old.day collate "C"
      or new.last_assigned_at collate "C" < old.last_assigned_at collate "C"
      or (new.day = old.day and new.assigned_today < old.assigned_today)
    )
    execute function dwp_allocation_changed()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  const triggers: [string, string][] = [
    ...ROW_TABLES.map((t): [string, string] => [`${t}_allocation`, t]),
    ['designers_allocation_rows', 'designers'],
    ['designers_allocation_columns', 'designers'],
    ['products_allocation', 'products'],
    ['designer_loads_allocation_removed', 'designer_loads'],
    ['designer_loads_allocation_back', 'designer_loads'],
  ];
  for (const [name, table] of triggers) await sql`drop trigger ${sql.id(name)} on ${sql.table(table)}`.execute(db);
  await sql`drop function dwp_allocation_changed()`.execute(db);
  await db.schema.dropTable('allocation_versions').execute();
}
