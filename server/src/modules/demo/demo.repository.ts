/** The SQL of the demo calls (the demo seed in demo-data.ts writes its own). Every function takes `db` first. */
import type { Db } from '../../db/database.js';

/** A designer's id and team. */
export function findDesignerTeam(db: Db, id: number) {
  return db.selectFrom('designers').select(['id', 'team_id']).where('id', '=', id).executeTakeFirst();
}

/** The designer's newest ticket (any status) with its current allocation. */
export function newestTicketOf(db: Db, designerId: number) {
  return db
    .selectFrom('tickets')
    .select(['id', 'order_no', 'current_allocation_id'])
    .where('designer_id', '=', designerId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The newest text written to `sms_outbox` for a phone (by the `log` SMS sender). */
export function latestSms(db: Db, phone: string) {
  return db
    .selectFrom('sms_outbox')
    .select(['phone', 'content', 'created_at'])
    .where('phone', '=', phone)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
