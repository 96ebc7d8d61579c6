import { type Kysely, sql } from 'kysely';

/**
 * `tickets.completed_at`: when the upstream system last reported the ticket's order completed (the
 * `completed` event's time), null while it never was. The team board counts a member's completed
 * tickets of a period from it, on `tickets_designer_completed_idx`, index-only on both databases,
 * instead of joining every completion notice of the period (every team's) to its ticket: on
 * PostgreSQL that join read the whole team's tickets for each board (bench/team-board).
 * Existing tickets take the time of their latest completion notice.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tickets').addColumn('completed_at', 'text').execute();
  await sql`
    update tickets set completed_at = (
      select max(e.created_at) from ticket_events e where e.ticket_id = tickets.id and e.type = 'completed'
    )
    where exists (select 1 from ticket_events e where e.ticket_id = tickets.id and e.type = 'completed')`.execute(db);
  await db.schema
    .createIndex('tickets_designer_completed_idx')
    .on('tickets')
    .columns(['designer_id', 'completed_at', 'id', 'fee_cents', 'work_markers'])
    .where(sql.ref('completed_at'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('tickets_designer_completed_idx').execute();
  await db.schema.alterTable('tickets').dropColumn('completed_at').execute();
}
