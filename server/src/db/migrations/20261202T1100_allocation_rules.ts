import type { Kysely } from 'kysely';

/**
 * A team's allocation rules (issue #24 "Safe assignment"): how the system picks the designer of
 * a new ticket of the team. One row per team; a team without a row uses the defaults (least
 * loaded, qualified for the product, capacity from the order plan).
 *
 * - `strategy`: 'least_loaded' (fewest tickets today first) or 'round_robin' (longest since the
 *   last assignment first).
 * - `skill_by_product`: 1 = only designers qualified for the ticket's product; 0 = any designer.
 * - `capacity_from_plan`: 1 = today's cell of the order plan when there is one, else
 *   daily_capacity; 0 = always daily_capacity.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('allocation_rules')
    .addColumn('team_id', 'integer', (c) => c.primaryKey().references('teams.id'))
    .addColumn('strategy', 'text', (c) => c.notNull())
    .addColumn('skill_by_product', 'integer', (c) => c.notNull())
    .addColumn('capacity_from_plan', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('designers.id'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('allocation_rules').execute();
}
