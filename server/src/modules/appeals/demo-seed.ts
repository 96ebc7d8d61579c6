/**
 * Demo money for an empty database (product.md §2), after the demo tickets: the fee of every
 * completed demo ticket at its completion (written in batches: the same rows `postLine` writes),
 * deductions and appeals of several types (pending and decided) with their timelines through
 * `postLine`, the periods before the last one paid and the designer's last period confirmed, so
 * 我的费用, 扣款工单 and 申诉工单 are not empty after `npm start`. The messages the services would
 * have sent (a deduction to its designer, a filed appeal to the lead, a decision to the appellant)
 * are written as delivered history, naming the real ticket, allocation, deduction and appeal. Appeals with evidence name their files in `files`, for the demo seed to write into
 * the object store.
 */
import type { Db } from '../../db/database.js';
import type { SampleFile } from '../../lib/sample-files.js';
import { nowMs } from '../../lib/time.js';
import { appealRef, deductionRef, feeRef, postLine, periodOf, type SettlementPeriod } from '../settlements/index.js';
import { type EventType } from '../tickets/index.js';
import { APPEAL_MESSAGES, APPEAL_TYPE_NAMES, type AppealType, clip, DEDUCTION_MESSAGES, DEDUCTION_SOURCE_NAMES, type DeductionSource, yuan } from './appeal.model.js';
import { shanghaiDay } from '../../domain/calendar.js';
import { designerCode, displayName } from '../../domain/designers.js';
import { historyMessage } from '../messages/index.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

interface DemoTicket {
  id: number;
  order_no: string;
  title: string;
  status: string;
  fee_cents: number;
  designer_id: number;
  team_id: number | null;
  current_allocation_id: number | null;
  at: string;
}

/** Seeds the money side for the demo team. Returns how many settlement lines were posted. */
export async function seedDemoMoney(
  db: Db,
  opts: { teamId: number; leadId: number; designerIds: number[]; period?: SettlementPeriod; files?: SampleFile[] },
): Promise<number> {
  const files = opts.files ?? [];
  const names = new Map(
    (await db.selectFrom('designers').select(['id', 'real_name', 'nickname']).where('team_id', '=', opts.teamId).execute()).map((d) => [d.id, displayName(d)]),
  );
  const period = opts.period ?? 'week';
  const now = nowMs();
  const iso = (ms: number) => new Date(Math.min(ms, now - 60_000)).toISOString();
  let posted = 0;

  // This period shows fees too: a couple of the members' final drafts were completed in the last hours.
  const periodStartMs = Date.parse(`${periodOf(shanghaiDay(now), period).start}T00:00:00.000Z`) - 8 * HOUR;
  for (const designerId of opts.designerIds) {
    const finals = await db
      .selectFrom('tickets')
      .select(['id', 'status', 'updated_at'])
      .where('designer_id', '=', designerId)
      .where('status', 'in', ['0', '7'])
      .where('stage', '=', 'final_draft')
      .where('fee_cents', '>', 0)
      .orderBy('updated_at', 'desc')
      .limit(2)
      .execute();
    for (const [k, f] of finals.entries()) {
      const at = new Date(Math.min(now - 60_000, Math.max(now - (2 + k) * HOUR, periodStartMs + 60_000, Date.parse(f.updated_at) + 60_000))).toISOString();
      await db.updateTable('tickets').set({ status: '4', stage: 'done', completed_at: at, updated_at: at }).where('id', '=', f.id).execute();
      await db
        .insertInto('ticket_events')
        .values({ ticket_id: f.id, type: 'completed', actor_kind: 'upstream', actor_id: null, detail: JSON.stringify({ from: f.status, to: '4', reason: '' }), created_at: at })
        .execute();
    }
  }

  // Fees of completed tickets, at the completion event's time.
  const completed = await db
    .selectFrom('tickets')
    .innerJoin('ticket_events', (j) => j.onRef('ticket_events.ticket_id', '=', 'tickets.id').on('ticket_events.type', '=', 'completed'))
    .select(['tickets.id', 'tickets.title', 'tickets.fee_cents', 'tickets.designer_id', 'ticket_events.created_at'])
    .where('tickets.team_id', '=', opts.teamId)
    .where('tickets.status', '=', '4')
    .where('tickets.designer_id', 'is not', null)
    .orderBy('ticket_events.created_at')
    .execute();
  // Written in batches (the database is empty, every period open): the same rows postLine would
  // write, one settlement per designer and period with the totals of its lines.
  const groups = new Map<string, { designerId: number; start: string; end: string; fees: typeof completed }>();
  for (const c of completed) {
    if (c.fee_cents <= 0 || c.designer_id === null) continue;
    const p = periodOf(shanghaiDay(Date.parse(c.created_at)), period);
    const key = `${c.designer_id}:${p.start}`;
    const g = groups.get(key) ?? { designerId: c.designer_id, start: p.start, end: p.end, fees: [] };
    g.fees.push(c);
    groups.set(key, g);
  }
  if (groups.size) {
    const stamp = iso(now);
    const rows = await db
      .insertInto('settlements')
      .values(
        [...groups.values()].map((g) => {
          const gross = g.fees.reduce((sum, f) => sum + f.fee_cents, 0);
          return {
            designer_id: g.designerId,
            team_id: opts.teamId,
            period_start: g.start,
            period_end: g.end,
            status: 'open',
            gross_cents: gross,
            net_cents: gross,
            line_count: g.fees.length,
            created_at: g.fees[0]!.created_at,
            updated_at: stamp,
          };
        }),
      )
      .returning(['id', 'designer_id', 'period_start'])
      .execute();
    const ids = new Map(rows.map((r) => [`${r.designer_id}:${r.period_start}`, r.id]));
    const lines = [...groups.entries()].flatMap(([key, g]) =>
      g.fees.map((f) => ({
        settlement_id: ids.get(key)!,
        designer_id: g.designerId,
        kind: 'fee',
        amount_cents: f.fee_cents,
        ticket_id: f.id,
        deduction_id: null,
        appeal_id: null,
        description: `工单费用：${f.title}`,
        ref_key: feeRef(f.id, g.designerId),
        created_at: f.created_at,
      })),
    );
    for (let i = 0; i < lines.length; i += 100) await db.insertInto('settlement_lines').values(lines.slice(i, i + 100)).execute();
    posted += lines.length;
  }

  const tickets = async (designerId: number, statuses: string[]): Promise<DemoTicket[]> => {
    const rows = await db
      .selectFrom('tickets')
      .select(['id', 'order_no', 'title', 'status', 'fee_cents', 'designer_id', 'team_id', 'current_allocation_id', 'updated_at'])
      .where('designer_id', '=', designerId)
      .where('status', 'in', statuses)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((r) => ({ ...r, designer_id: r.designer_id!, at: r.updated_at }));
  };

  const event = async (ticketId: number, type: EventType, actorId: number | null, detail: Record<string, unknown>, at: string) => {
    await db
      .insertInto('ticket_events')
      .values({ ticket_id: ticketId, type, actor_kind: actorId === null ? 'upstream' : 'designer', actor_id: actorId, detail: JSON.stringify(detail), created_at: at })
      .execute();
  };

  const deduct = async (t: DemoTicket, source: DeductionSource, amount: number, reason: string, atMs: number) => {
    const at = iso(atMs);
    const row = await db
      .insertInto('deductions')
      .values({
        ticket_id: t.id,
        designer_id: t.designer_id,
        team_id: t.team_id ?? opts.teamId,
        source,
        amount_cents: amount,
        reason,
        external_id: source === 'review' ? null : `DEMO-${source}-${t.id}`,
        created_by: source === 'review' ? opts.leadId : null,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const line = await postLine(
      db,
      { designerId: t.designer_id, kind: 'deduction', amountCents: -amount, refKey: deductionRef(row.id), at, ticketId: t.id, deductionId: row.id, description: `${DEDUCTION_SOURCE_NAMES[source]}：${reason}` },
      period,
      at,
    );
    if (line) posted++;
    await event(t.id, 'deducted', source === 'review' ? opts.leadId : null, { deduction_id: row.id, source, amount_cents: amount, reason, designer_id: designerCode(t.designer_id) }, at);
    const allocation = await db.selectFrom('allocations').select('id').where('ticket_id', '=', t.id).where('designer_id', '=', t.designer_id).orderBy('id', 'desc').executeTakeFirst();
    await db
      .insertInto('messages')
      .values(
        historyMessage(
          t.designer_id,
          DEDUCTION_MESSAGES[source],
          `工单 ${t.order_no} 产生${DEDUCTION_SOURCE_NAMES[source]} ${yuan(amount)}：${clip(reason)}`,
          { ticket_id: t.id, allocation_id: allocation?.id ?? 0, deduction_id: row.id },
          at,
          now,
        ),
      )
      .execute();
    return { id: row.id, amount, at };
  };

  const appeal = async (
    t: DemoTicket,
    type: AppealType,
    reason: string,
    atMs: number,
    o: {
      deduction?: { id: number; amount: number };
      requested?: number;
      decision?: { approve: boolean; note: string; approved?: number; atMs: number };
      /** Evidence uploaded with the appeal: an image and/or a PDF, under the appellant's `appeal/` prefix. */
      evidence?: ('png' | 'pdf')[];
    } = {},
  ) => {
    const at = iso(atMs);
    // An upload directory as signUpload makes it (`appeal/<designer>/<yyyymmdd>/<12-char nonce>/`).
    const dir = `appeal/${designerCode(t.designer_id)}/${at.slice(0, 10).replaceAll('-', '')}/ap${String(t.id).padStart(10, '0')}/`;
    const attachments = (o.evidence ?? []).map((kind) =>
      kind === 'png'
        ? { name: `沟通截图-${t.order_no}.png`, url: `${dir}沟通截图-${t.order_no}.png`, content_type: 'image/png' }
        : { name: `说明-${t.order_no}.pdf`, url: `${dir}说明-${t.order_no}.pdf`, content_type: 'application/pdf' },
    );
    for (const a of attachments) {
      files.push(a.url.endsWith('.png') ? { key: a.url, kind: 'png', label: t.order_no } : { key: a.url, kind: 'pdf', label: t.order_no, lines: [`Appeal: ${type}`, `Designer ${designerCode(t.designer_id)}`] });
    }
    const allocation = await db.selectFrom('allocations').select('id').where('ticket_id', '=', t.id).where('designer_id', '=', t.designer_id).orderBy('id', 'desc').executeTakeFirst();
    const decided = o.decision;
    const approved = decided?.approve ? (o.deduction?.amount ?? decided.approved ?? 0) : 0;
    const reviewedAt = decided ? iso(decided.atMs) : null;
    const row = await db
      .insertInto('appeals')
      .values({
        ticket_id: t.id,
        allocation_id: allocation?.id ?? null,
        designer_id: t.designer_id,
        team_id: t.team_id ?? opts.teamId,
        type,
        deduction_id: o.deduction?.id ?? null,
        reason,
        attachments: JSON.stringify(attachments),
        requested_cents: o.requested ?? 0,
        approved_cents: approved,
        status: decided ? (decided.approve ? 'approved' : 'rejected') : 'pending',
        reviewer_id: decided ? opts.leadId : null,
        review_note: decided?.note ?? '',
        reviewed_at: reviewedAt,
        created_at: at,
        updated_at: reviewedAt ?? at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('appeal_events').values({ appeal_id: row.id, type: 'filed', actor_id: t.designer_id, detail: JSON.stringify({ reason, attachments: attachments.length }), created_at: at }).execute();
    await event(t.id, 'appeal_filed', t.designer_id, { appeal_id: row.id, appeal_type: type, type_name: APPEAL_TYPE_NAMES[type], reason }, at);
    const info = { ticket_id: t.id, allocation_id: allocation?.id ?? 0, appeal_id: row.id };
    const money = type === 'fee' ? `（申请 ${yuan(o.requested ?? 0)}）` : o.deduction ? `（扣款 ${yuan(o.deduction.amount)}）` : '';
    await db
      .insertInto('messages')
      .values(
        historyMessage(
          opts.leadId,
          APPEAL_MESSAGES[type].filed,
          `${names.get(t.designer_id) ?? designerCode(t.designer_id)}对工单 ${t.order_no} 提交了${APPEAL_TYPE_NAMES[type]}${money}：${clip(reason)}`,
          info,
          at,
          now,
        ),
      )
      .execute();
    if (decided && reviewedAt) {
      const consequence: Record<string, unknown> = {};
      if (approved > 0) {
        const line = await postLine(
          db,
          {
            designerId: t.designer_id,
            kind: 'adjustment',
            amountCents: approved,
            refKey: appealRef(row.id),
            at: reviewedAt,
            ticketId: t.id,
            deductionId: o.deduction?.id ?? null,
            appealId: row.id,
            description: `${APPEAL_TYPE_NAMES[type]}通过`,
          },
          period,
          reviewedAt,
        );
        if (line) posted++;
        consequence.adjustment_cents = approved;
      }
      await db
        .insertInto('appeal_events')
        .values({ appeal_id: row.id, type: decided.approve ? 'approved' : 'rejected', actor_id: opts.leadId, detail: JSON.stringify({ note: decided.note, ...consequence }), created_at: reviewedAt })
        .execute();
      await event(
        t.id,
        decided.approve ? 'appeal_approved' : 'appeal_rejected',
        opts.leadId,
        { appeal_id: row.id, appeal_type: type, type_name: APPEAL_TYPE_NAMES[type], note: decided.note, designer_id: designerCode(t.designer_id), ...consequence },
        reviewedAt,
      );
      const what = `你对工单 ${t.order_no} 的${APPEAL_TYPE_NAMES[type]}`;
      const title = decided.approve ? `${what}已通过${approved > 0 ? `，调整 +${yuan(approved)}` : ''}${decided.note ? `：${decided.note}` : ''}` : `${what}未通过：${decided.note}`;
      await db.insertInto('messages').values(historyMessage(t.designer_id, APPEAL_MESSAGES[type].decided, title, info, reviewedAt, now)).execute();
    }
  };

  // The designer (13800000001) and the part-timer (13800000002): the first two members after the lead.
  const [designer, partTimer] = opts.designerIds;
  if (designer !== undefined) {
    const done = await tickets(designer, ['4']);
    const rejected = await tickets(designer, ['5']);
    if (done[0]) {
      await appeal(done[0], 'fee', '本单客户改稿6次，超出标准改稿次数，申请补贴改稿费用', now - 5 * HOUR, { requested: 1500, evidence: ['png', 'pdf'] });
      await deduct(done[0], 'qc', 800, '印刷文件分辨率不足', now - 2 * DAY);
    }
    if (done[1]) {
      const d = await deduct(done[1], 'after_sales', 1200, '客户反馈文字错漏', now - 10 * DAY);
      await appeal(done[1], 'after_sales', '错漏内容为客户提供的原稿，非设计问题', now - 9 * DAY, {
        deduction: d,
        evidence: ['png'],
        decision: { approve: true, note: '核实为客户原稿问题，退回扣款', atMs: now - 8 * DAY },
      });
    }
    if (done[2]) {
      await appeal(done[2], 'fee', '加急单未计加急费', now - 4 * DAY, { requested: 2000, decision: { approve: true, note: '补发加急费', approved: 1000, atMs: now - 3 * DAY } });
    }
    if (rejected[0]) await appeal(rejected[0], 'reject', '工厂驳回的出血问题已在终稿中处理', now - 3 * HOUR, { evidence: ['pdf'] });
  }
  if (partTimer !== undefined) {
    const done = await tickets(partTimer, ['4']);
    const open = await tickets(partTimer, ['0', '7']);
    if (done[0]) {
      await appeal(done[0], 'fee', '尺寸多次调整，申请增加费用', now - 6 * DAY, { requested: 800, decision: { approve: false, note: '调整在正常范围内', atMs: now - 5 * DAY } });
    }
    const target = open[0] ?? done[1];
    if (target) await deduct(target, 'review', 500, '初稿未按要求使用品牌色', now - 1 * DAY);
  }

  // Older periods are settled: those that ended before the last one are confirmed and paid.
  const currentStart = periodOf(shanghaiDay(now), period).start;
  const previousStart = periodOf(shanghaiDay(Date.parse(`${currentStart}T00:00:00.000Z`) - DAY), period).start;
  const paidAt = iso(Date.parse(`${previousStart}T02:00:00.000Z`));
  await db
    .updateTable('settlements')
    .set({ status: 'paid', confirmed_at: paidAt, paid_at: paidAt, updated_at: paidAt })
    .where('team_id', '=', opts.teamId)
    .where('period_start', '<', previousStart)
    .execute();
  // The lead has confirmed the designer's last period (not yet paid); the others' wait for them.
  if (designer !== undefined) {
    const confirmedAt = iso(Date.parse(`${currentStart}T02:00:00.000Z`));
    await db
      .updateTable('settlements')
      .set({ status: 'confirmed', confirmed_at: confirmedAt, updated_at: confirmedAt })
      .where('designer_id', '=', designer)
      .where('period_start', '=', previousStart)
      .execute();
  }
  return posted;
}
