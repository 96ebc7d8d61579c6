import { type Kysely, sql } from 'kysely';
import { withId } from './helpers.js';

/**
 * Tickets (product.md §4–5): tickets from the upstream order system, their allocations to
 * designers, drafts, the timeline, and the per-designer load counters that enforce daily capacity
 * under concurrency.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('tickets'))
    .addColumn('order_no', 'text', (c) => c.notNull().unique())
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('requirements', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('customer_notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
    // Spec §3 ticket status, "0"–"7".
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('0'))
    // Spec §3 markers, two comma-joined strings: the order's (from upstream) and the platform's.
    .addColumn('order_markers', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('work_markers', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('stage', 'text', (c) => c.notNull().defaultTo('waiting'))
    .addColumn('allowed_minutes', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'text')
    // started_at + allowed_minutes, kept with them so "overdue" is an indexable comparison.
    .addColumn('due_at', 'text')
    .addColumn('fee_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('team_id', 'integer', (c) => c.references('teams.id'))
    // The designer of the open allocation (null: unassigned), kept with current_allocation_id.
    .addColumn('designer_id', 'integer', (c) => c.references('designers.id'))
    .addColumn('current_allocation_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tickets_designer_created_idx').on('tickets').columns(['designer_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('tickets_designer_updated_idx').on('tickets').columns(['designer_id', 'updated_at', 'id']).execute();
  await db.schema
    .createIndex('tickets_designer_status_idx')
    .on('tickets')
    .columns(['designer_id', 'status', 'created_at', 'id'])
    .execute();
  // Covers the panel counts and the overdue filter (index-only).
  await db.schema.createIndex('tickets_designer_open_idx').on('tickets').columns(['designer_id', 'status', 'stage', 'due_at']).execute();
  await db.schema.createIndex('tickets_team_created_idx').on('tickets').columns(['team_id', 'created_at', 'id']).execute();
  // The order hall and the lead's pool: unassigned tickets by product.
  await db.schema
    .createIndex('tickets_unassigned_idx')
    .on('tickets')
    .columns(['product_id', 'created_at', 'id'])
    .where(sql.ref('current_allocation_id'), 'is', null)
    .execute();

  await withId(db, db.schema.createTable('allocations'))
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.id'))
    .addColumn('designer_id', 'integer', (c) => c.notNull().references('designers.id'))
    // system | manual | hall | transfer
    .addColumn('how', 'text', (c) => c.notNull())
    .addColumn('assigned_by', 'integer', (c) => c.references('designers.id'))
    .addColumn('assigned_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .addColumn('end_reason', 'text')
    .execute();
  // A ticket has at most one open allocation: enforced by the database on every instance.
  await db.schema
    .createIndex('allocations_one_open_uq')
    .on('allocations')
    .column('ticket_id')
    .unique()
    .where(sql.ref('ended_at'), 'is', null)
    .execute();
  await db.schema.createIndex('allocations_ticket_idx').on('allocations').columns(['ticket_id', 'id']).execute();
  await db.schema.createIndex('allocations_designer_idx').on('allocations').columns(['designer_id', 'assigned_at']).execute();

  // One row per designer: tickets assigned on `day` (Asia/Shanghai, YYYY-MM-DD) and the last
  // assignment. Claimed with one conditional upsert, so concurrent assignments cannot overshoot
  // daily_capacity; the ranking for system assignment reads it without touching allocations.
  await db.schema
    .createTable('designer_loads')
    .addColumn('designer_id', 'integer', (c) => c.primaryKey().references('designers.id'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('assigned_today', 'integer', (c) => c.notNull())
    .addColumn('last_assigned_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('drafts'))
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.id'))
    .addColumn('allocation_id', 'integer', (c) => c.notNull().references('allocations.id'))
    .addColumn('designer_id', 'integer', (c) => c.notNull().references('designers.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('files', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    // Spec §3: 0 not synced, 1 synced, 2 sync error, 3 auto-audit error.
    .addColumn('sync_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('audit_result', 'text')
    .addColumn('audited_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('drafts_ticket_idx').on('drafts').columns(['ticket_id', 'id']).execute();

  await withId(db, db.schema.createTable('ticket_events'))
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.id'))
    .addColumn('type', 'text', (c) => c.notNull())
    // designer | system | upstream
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.references('designers.id'))
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ticket_events_ticket_idx').on('ticket_events').columns(['ticket_id', 'id']).execute();
  await db.schema.createIndex('ticket_events_type_idx').on('ticket_events').columns(['ticket_id', 'type']).execute();

  // Shops and products are looked up by product when allocating.
  await db.schema.createIndex('designer_products_product_idx').on('designer_products').columns(['product_id', 'designer_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('designer_products_product_idx').execute();
  for (const t of ['ticket_events', 'drafts', 'designer_loads', 'allocations', 'tickets']) {
    await db.schema.dropTable(t).execute();
  }
}
