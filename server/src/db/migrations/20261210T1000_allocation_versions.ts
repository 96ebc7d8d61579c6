import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * SQLite: `allocation_versions`, one row (id 1) whose `n` moves, in the same transaction, with
 * every change to what the system's ranking of designers reads (modules/tickets/allocation.service.ts,
 * the kept ranking of `planBatch`): a designer added, removed, or changed in who they are to the
 * ranking (type, taking tickets, account status, onboarding step, team, capacity, names), their
 * products, their day counts (`designer_loads`), the order plans and their cells, a team's
 * allocation rules, a product added or removed (skill by product off pairs every designer with each
 * product). A process keeps the candidates and their day counts it read at one `n` and uses them
 * for the next group of new orders only while `n` is still that number, read inside the group's
 * write transaction; any writer (another path of the same process, another worker on the same
 * file, a script) moves it by these triggers, so none can forget to.
 *
 * Not on PostgreSQL: there every assignment would update this one row, and concurrent ingestions,
 * which take different designers' rows side by side (`FOR UPDATE SKIP LOCKED`), would queue on it.
 * PostgreSQL ranks in SQL as before.
 */
const DESIGNER_COLUMNS = ['designer_type', 'online_ticket_status', 'account_status', 'current_registration_step', 'team_id', 'daily_capacity', 'real_name', 'nickname'];
const ROW_TABLES = ['designer_products', 'designer_loads', 'order_plans', 'order_plan_cells', 'allocation_rules'];

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await db.schema
    .createTable('allocation_versions')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('n', 'integer', (c) => c.notNull())
    .execute();
  await db.insertInto('allocation_versions').values({ id: 1, n: 1 }).execute();
  const bump = sql.raw('update allocation_versions set n = n + 1 where id = 1;');
  for (const table of ROW_TABLES) {
    for (const op of ['insert', 'update', 'delete']) {
      await sql`create trigger ${sql.id(`${table}_allocation_${op}`)} after ${sql.raw(op)} on ${sql.table(table)} begin ${bump} end`.execute(db);
    }
  }
  await sql`create trigger designers_allocation_insert after insert on designers begin ${bump} end`.execute(db);
  await sql`create trigger designers_allocation_delete after delete on designers begin ${bump} end`.execute(db);
  await sql`create trigger designers_allocation_update after update of ${sql.join(DESIGNER_COLUMNS.map((c) => sql.id(c)))} on designers begin ${bump} end`.execute(db);
  await sql`create trigger products_allocation_insert after insert on products begin ${bump} end`.execute(db);
  await sql`create trigger products_allocation_delete after delete on products begin ${bump} end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  const triggers = [
    ...ROW_TABLES.flatMap((t) => ['insert', 'update', 'delete'].map((op) => `${t}_allocation_${op}`)),
    'designers_allocation_insert',
    'designers_allocation_delete',
    'designers_allocation_update',
    'products_allocation_insert',
    'products_allocation_delete',
  ];
  for (const name of triggers) await sql`drop trigger ${sql.id(name)}`.execute(db);
  await db.schema.dropTable('allocation_versions').execute();
}
