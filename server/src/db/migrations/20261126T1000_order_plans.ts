import { type Kysely, sql } from 'kysely';
import { withId } from './helpers.js';

/**
 * Order plans and the team board (issue #7).
 *
 * - `order_plans`: one per team and week (week_start = the Monday, Asia/Shanghai YYYY-MM-DD).
 * - `order_plan_cells`: a designer's capacity on one day of a plan; allocation reads the cell of
 *   (designer, today) through `order_plan_cells_designer_day_idx`.
 * - `plan_change_requests`: a designer asks for weekly or real-time changes; a lead approves
 *   (the changes are written into the cells) or rejects.
 *
 * Board indexes: allocations opened per designer and time already have `allocations_designer_idx`;
 * open tickets per designer `tickets_designer_open_idx`; the rest are added here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('order_plans'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'))
    .addColumn('week_start', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('designers.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_plans_team_week_uq').on('order_plans').columns(['team_id', 'week_start']).unique().execute();

  await db.schema
    .createTable('order_plan_cells')
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('order_plans.id'))
    .addColumn('designer_id', 'integer', (c) => c.notNull().references('designers.id'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('capacity', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_plan_cells_pk', ['plan_id', 'designer_id', 'day'])
    .execute();
  await db.schema.createIndex('order_plan_cells_designer_day_idx').on('order_plan_cells').columns(['designer_id', 'day', 'plan_id', 'capacity']).execute();

  await withId(db, db.schema.createTable('plan_change_requests'))
    .addColumn('plan_id', 'integer', (c) => c.references('order_plans.id'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'))
    .addColumn('designer_id', 'integer', (c) => c.notNull().references('designers.id'))
    .addColumn('week_start', 'text', (c) => c.notNull())
    // weekly | realtime
    .addColumn('kind', 'text', (c) => c.notNull())
    // JSON [{day, capacity}]
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    // pending | approved | rejected
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('reviewer_id', 'integer', (c) => c.references('designers.id'))
    .addColumn('review_note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('reviewed_at', 'text')
    .execute();
  await db.schema.createIndex('plan_change_requests_team_idx').on('plan_change_requests').columns(['team_id', 'week_start', 'id']).execute();
  // One pending request per designer and week (the plan, or the week it will be created for).
  await db.schema
    .createIndex('plan_change_requests_one_pending_uq')
    .on('plan_change_requests')
    .columns(['designer_id', 'week_start'])
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema.createIndex('plan_change_requests_designer_idx').on('plan_change_requests').columns(['designer_id', 'week_start', 'id']).execute();

  // The board: completion notices in a period (ticket_events by type and time); deadlines in a
  // period per designer, covering the overdue test (index-only); the first-pass check (drafts that
  // failed the automatic audit: a small partial index).
  await db.schema.createIndex('ticket_events_type_time_idx').on('ticket_events').columns(['type', 'created_at', 'ticket_id']).execute();
  await db.schema.createIndex('tickets_designer_due_idx').on('tickets').columns(['designer_id', 'due_at', 'status', 'stage', 'work_markers']).execute();
  await db.schema.createIndex('drafts_audit_failed_idx').on('drafts').column('ticket_id').where(sql.ref('sync_status'), '=', 3).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const i of ['drafts_audit_failed_idx', 'tickets_designer_due_idx', 'ticket_events_type_time_idx']) await db.schema.dropIndex(i).execute();
  for (const t of ['plan_change_requests', 'order_plan_cells', 'order_plans']) {
    await db.schema.dropTable(t).execute();
  }
}
