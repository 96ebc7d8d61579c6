import { type Kysely, sql } from 'kysely';
import { withId } from './helpers.js';

/**
 * Appeals, deductions and settlements (product.md §4, issue #5). Money is integer cents everywhere.
 *
 * - `deductions`: money taken from a designer for a ticket (after-sales and QC from upstream, review
 *   by a team lead); `external_id` makes upstream deliveries idempotent.
 * - `appeals`: a designer contests something about one of their tickets; at most one pending appeal
 *   per ticket and type (partial unique index, so it holds across instances).
 * - `appeal_events`: the appeal's own timeline (filed, approved, rejected).
 * - `settlements`: per designer per period; the totals are maintained in the same transaction as
 *   each line, and `ref_key` on the lines makes every posting happen at most once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('deductions'))
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.id'))
    .addColumn('designer_id', 'integer', (c) => c.notNull().references('designers.id'))
    .addColumn('team_id', 'integer', (c) => c.references('teams.id'))
    // after_sales | qc | review
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    // Upstream's id for after-sales / QC deductions (idempotency); null for a lead's review deduction.
    .addColumn('external_id', 'text', (c) => c.unique())
    .addColumn('created_by', 'integer', (c) => c.references('designers.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('deductions_designer_idx').on('deductions').columns(['designer_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('deductions_team_idx').on('deductions').columns(['team_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('deductions_ticket_idx').on('deductions').columns(['ticket_id', 'designer_id']).execute();

  await withId(db, db.schema.createTable('appeals'))
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.id'))
    .addColumn('allocation_id', 'integer', (c) => c.references('allocations.id'))
    .addColumn('designer_id', 'integer', (c) => c.notNull().references('designers.id'))
    .addColumn('team_id', 'integer', (c) => c.references('teams.id'))
    // fee | reject | draft | qc | after_sales | factory_reject
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('deduction_id', 'integer', (c) => c.references('deductions.id'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
    // Fee appeals: the adjustment asked for; approval may grant up to it.
    .addColumn('requested_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('approved_cents', 'integer', (c) => c.notNull().defaultTo(0))
    // pending | approved | rejected
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('reviewer_id', 'integer', (c) => c.references('designers.id'))
    .addColumn('review_note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reviewed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // One pending appeal per ticket and type, on every instance.
  await db.schema
    .createIndex('appeals_one_pending_uq')
    .on('appeals')
    .columns(['ticket_id', 'type'])
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema.createIndex('appeals_designer_idx').on('appeals').columns(['designer_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('appeals_team_status_idx').on('appeals').columns(['team_id', 'status', 'created_at', 'id']).execute();
  await db.schema.createIndex('appeals_ticket_idx').on('appeals').columns(['ticket_id', 'designer_id']).execute();

  await withId(db, db.schema.createTable('appeal_events'))
    .addColumn('appeal_id', 'integer', (c) => c.notNull().references('appeals.id'))
    // filed | approved | rejected
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.references('designers.id'))
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('appeal_events_appeal_idx').on('appeal_events').columns(['appeal_id', 'id']).execute();

  await withId(db, db.schema.createTable('settlements'))
    .addColumn('designer_id', 'integer', (c) => c.notNull().references('designers.id'))
    // The designer's team when the settlement was opened (team expense statements roll these up).
    .addColumn('team_id', 'integer', (c) => c.references('teams.id'))
    // Asia/Shanghai calendar days, inclusive: YYYY-MM-DD.
    .addColumn('period_start', 'text', (c) => c.notNull())
    .addColumn('period_end', 'text', (c) => c.notNull())
    // open | confirmed | paid
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('gross_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deduction_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('adjustment_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('net_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('line_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('confirmed_at', 'text')
    .addColumn('paid_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('settlements_designer_period_uq').on('settlements').columns(['designer_id', 'period_start']).unique().execute();
  await db.schema.createIndex('settlements_team_period_idx').on('settlements').columns(['team_id', 'period_start']).execute();

  await withId(db, db.schema.createTable('settlement_lines'))
    .addColumn('settlement_id', 'integer', (c) => c.notNull().references('settlements.id'))
    .addColumn('designer_id', 'integer', (c) => c.notNull().references('designers.id'))
    // fee | deduction | adjustment
    .addColumn('kind', 'text', (c) => c.notNull())
    // Signed: fees positive, deductions negative, adjustments either way.
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('ticket_id', 'integer', (c) => c.references('tickets.id'))
    .addColumn('deduction_id', 'integer', (c) => c.references('deductions.id'))
    .addColumn('appeal_id', 'integer', (c) => c.references('appeals.id'))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    // What was posted, once: fee:<ticket_id>:<designer_id>, deduction:<id>, appeal:<id>.
    .addColumn('ref_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('settlement_lines_settlement_idx').on('settlement_lines').columns(['settlement_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['settlement_lines', 'settlements', 'appeal_events', 'appeals', 'deductions']) {
    await db.schema.dropTable(t).execute();
  }
}
