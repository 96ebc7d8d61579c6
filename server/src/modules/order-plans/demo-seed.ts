/**
 * Demo order plans for an empty database (product.md §2): the demo team's plan of the current
 * week (each member's daily capacity, so allocation behaves as without a plan) and one pending real-time change request of
 * the demo designer 13800000001, with the real-time plan change message its lead would have received.
 *
 * A data script: it writes its rows with its own SQL, not through plan.repository.ts, and the
 * message as already published history (no unit of work), inside the demo seed's transaction.
 */
import type { Db } from '../../db/database.js';
import { nowIso } from '../../lib/time.js';
import { MESSAGE_TYPE } from '../messages/index.js';
import { displayName } from '../../domain/designers.js';
import { today, weekDays, weekStartOf } from '../../domain/calendar.js';

export const DEMO_REQUEST_PHONE = '13800000001';

export async function seedDemoPlans(trx: Db, { teamId, leadId }: { teamId: number; leadId: number }): Promise<void> {
  const now = nowIso();
  const day = today();
  const week = weekStartOf(day);
  const plan = await trx
    .insertInto('order_plans')
    .values({ team_id: teamId, week_start: week, created_by: leadId, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const members = await trx
    .selectFrom('designers')
    .select(['id', 'phone', 'real_name', 'nickname', 'daily_capacity'])
    .where('team_id', '=', teamId)
    .where('designer_type', '<>', 0)
    .where('account_status', '=', 1)
    .orderBy('id')
    .execute();
  const cells = members.flatMap((m) =>
    weekDays(week).map((d) => ({ plan_id: plan.id, designer_id: m.id, day: d, capacity: m.daily_capacity })),
  );
  if (cells.length) await trx.insertInto('order_plan_cells').values(cells).execute();

  const requester = members.find((m) => m.phone === DEMO_REQUEST_PHONE);
  if (!requester) return;
  const changes = [{ day, capacity: Math.max(1, Math.floor(requester.daily_capacity / 4)) }];
  const reason = '今天下午要去印厂对色，想少接一些单';
  const request = await trx
    .insertInto('plan_change_requests')
    .values({
      plan_id: plan.id,
      team_id: teamId,
      designer_id: requester.id,
      week_start: week,
      kind: 'realtime',
      changes: JSON.stringify(changes),
      reason,
      status: 'pending',
      reviewer_id: null,
      review_note: '',
      created_at: now,
      reviewed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const title = `${displayName(requester)}申请调整实时接单计划（${day.slice(5)} ${changes[0]!.capacity}单）：${reason}`;
  await trx
    .insertInto('messages')
    .values({
      designer_id: leadId,
      message_type: MESSAGE_TYPE.REALTIME_PLAN_CHANGE_REQUESTED,
      title,
      ext_json: JSON.stringify({ title, info: { request_id: request.id, plan_id: plan.id, week_start: week } }),
      is_read: 0,
      created_time: now,
      read_time: null,
      published_at: now,
    })
    .execute();
}
