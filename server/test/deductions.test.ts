/**
 * Deductions: from upstream (after-sales 17, QC 18; idempotent by external_id) and from team leads
 * (review 19); their settlement lines and timeline events; the list with filters and the appeal
 * flags; deduction appeals (qc, after_sales, draft for review) with the reversing adjustment; the
 * refusals (foreign deduction, wrong type, second appeal, outside the window) changing nothing;
 * the deducted-tickets view.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { advanceClock } from '../src/lib/time.js';
import { assignedTicket, createWorld, type DeductionWire, expectSettlementsAddUp, externalId, snapshot, upstreamDeduction, type World } from './support/appeals.js';
import { dialects, expectEnvelope, expectFieldErrors } from './support/harness.js';
import { createPerson, expectConflict, firstShop, ingest, integration, order, ticketEvents, ticketMessages, type TicketView, useTicketApp } from './support/tickets.js';

const DAY = 86_400_000;

describe.each(dialects)('deductions (%s)', (dialect) => {
  const t = useTicketApp(dialect, { config: { tokenTtlHours: 24 * 365 } });
  let w: World;

  beforeAll(async () => {
    w = await createWorld(t);
  });

  const lines = (deductionId: number) => t.db.selectFrom('settlement_lines').selectAll().where('deduction_id', '=', deductionId).orderBy('id').execute();

  describe('from upstream', () => {
    it('after-sales (17) and QC (18): a deduction line, a timeline event, once per external_id', async () => {
      const ticket = await assignedTicket(t, w);
      const id = externalId();
      const first = await upstreamDeduction(t, ticket.order_no, 'after_sales', 1500, id);
      expect(first.created).toBe(true);
      expect(first.deduction).toMatchObject({
        ticket_id: ticket.ticket_id,
        order_no: ticket.order_no,
        designer_id: w.designer.code,
        source: 'after_sales',
        amount_cents: 1500,
        appeal_type: 'after_sales',
        can_appeal: true,
        appeal: null,
      });
      const before = await snapshot(t);
      const again = await upstreamDeduction(t, ticket.order_no, 'after_sales', 9999, id);
      expect(again.created).toBe(false);
      expect(again.deduction.deduction_id).toBe(first.deduction.deduction_id);
      expect(again.deduction.amount_cents).toBe(1500);
      expect(await snapshot(t)).toEqual(before);

      const qc = await upstreamDeduction(t, ticket.order_no, 'qc', 300);
      expect(qc.deduction.appeal_type).toBe('qc');
      const msgs = await ticketMessages(t, ticket.ticket_id);
      expect(msgs.filter((m) => m.message_type === 17).map((m) => [m.designer_id, m.title.includes('15.00 元')])).toEqual([[w.designer.id, true]]);
      expect(msgs.filter((m) => m.message_type === 18).map((m) => m.designer_id)).toEqual([w.designer.id]);
      expect((await lines(first.deduction.deduction_id)).map((l) => [l.kind, l.amount_cents, l.ref_key])).toEqual([['deduction', -1500, `deduction:${first.deduction.deduction_id}`]]);
      const events = (await ticketEvents(t, ticket.ticket_id)).filter((e) => e.type === 'deducted');
      expect(events.map((e) => [e.actor_kind, JSON.parse(e.detail).amount_cents])).toEqual([
        ['upstream', 1500],
        ['upstream', 300],
      ]);
      await expectSettlementsAddUp(t);
    });

    it('concurrent deliveries of one external_id create one deduction', async () => {
      const ticket = await assignedTicket(t, w);
      const id = externalId();
      const body = { external_id: id, order_no: ticket.order_no, source: 'qc', amount_cents: 700, reason: '质检不合格' };
      const results = await Promise.all(Array.from({ length: 8 }, () => integration(t).post('/api/integration/deductions', body)));
      expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
      expect(results.filter((r) => r.json().data.created)).toHaveLength(1);
      const rows = await t.db.selectFrom('deductions').select('id').where('external_id', '=', id).execute();
      expect(rows).toHaveLength(1);
      expect(await lines(rows[0]!.id)).toHaveLength(1);
    });

    it('refuses unknown orders (404), tickets nobody held (409), bad payloads (422) and a missing key (401)', async () => {
      const before = await snapshot(t);
      const post = (body: Record<string, unknown>) => integration(t).post('/api/integration/deductions', body);
      const base = { external_id: externalId(), order_no: 'NOPE-1', source: 'qc', amount_cents: 100, reason: '质检' };
      expect((await post(base)).statusCode).toBe(404);
      const { ticket } = await ingest(t, order(await firstShop(t), w.product, { team_id: w.otherTeamId }));
      expect(ticket.designer_id).toBeNull();
      const mid = await snapshot(t);
      expectConflict(await post({ ...base, order_no: ticket.order_no }), '该工单尚未分配设计师，无法扣款');
      expectFieldErrors(await post({ ...base, source: 'review' }), [['source', '扣款来源只能是 after_sales 或 qc']]);
      expectFieldErrors(await post({ ...base, amount_cents: 0 }), [['amount_cents', '金额至少为1分']]);
      expectFieldErrors(await post({ ...base, reason: '' }), [['reason', '请填写扣款原因']]);
      expect((await t.anon.post('/api/integration/deductions', base)).statusCode).toBe(401);
      expect(await snapshot(t)).toEqual({ ...mid });
      expect(before.counts.deductions).toBe(mid.counts.deductions);
    });
  });

  describe('by a team lead', () => {
    it('review deduction (19) on a ticket of the team; others refused without a change', async () => {
      const ticket = await assignedTicket(t, w);
      const url = `/api/tickets/${ticket.ticket_id}/deductions`;
      const before = await snapshot(t);
      expect((await w.designer.client.post(url, { amount_cents: 100, reason: '稿件问题' })).statusCode).toBe(403);
      expect((await w.otherLead.client.post(url, { amount_cents: 100, reason: '稿件问题' })).statusCode).toBe(404);
      expectFieldErrors(await w.lead.client.post(url, { amount_cents: 100_000_001, reason: '稿件问题' }), [['amount_cents', '金额过大']]);
      expect(await snapshot(t)).toEqual(before);
      const d = expectEnvelope<DeductionWire>(await w.lead.client.post(url, { amount_cents: 800, reason: '终稿尺寸错误' }), 200).data;
      expect(d).toMatchObject({ source: 'review', amount_cents: 800, appeal_type: 'draft', designer_id: w.designer.code, can_appeal: false });
      const msgs = await ticketMessages(t, ticket.ticket_id);
      expect(msgs.filter((m) => m.message_type === 19).map((m) => m.designer_id)).toEqual([w.designer.id]);
      const ev = (await ticketEvents(t, ticket.ticket_id)).find((e) => e.type === 'deducted')!;
      expect([ev.actor_kind, ev.actor_id]).toEqual(['designer', w.lead.id]);
      expect((await lines(d.deduction_id)).map((l) => l.amount_cents)).toEqual([-800]);
    });
  });

  describe('listing', () => {
    it('mine, the team’s for a lead, filters, and the deducted-tickets view', async () => {
      const ticket = await assignedTicket(t, w, { title: '扣款列表测试' });
      const a = await upstreamDeduction(t, ticket.order_no, 'qc', 111);
      const b = expectEnvelope<DeductionWire>(await w.lead.client.post(`/api/tickets/${ticket.ticket_id}/deductions`, { amount_cents: 222, reason: '审核不通过' }), 200).data;
      const mine = expectEnvelope(await w.designer.client.get('/api/deductions?keyword=扣款列表测试'), 200).data;
      expect(mine.items.map((d: DeductionWire) => d.deduction_id)).toEqual([b.deduction_id, a.deduction.deduction_id]);
      expect(mine.items.every((d: DeductionWire) => d.can_appeal)).toBe(true);
      expect(expectEnvelope(await w.designer.client.get('/api/deductions?keyword=扣款列表测试&source=qc'), 200).data.total).toBe(1);
      const lead = expectEnvelope(await w.lead.client.get(`/api/deductions?keyword=扣款列表测试&designer_id=${w.designer.code}`), 200).data;
      expect(lead.total).toBe(2);
      expect(lead.items.every((d: DeductionWire) => !d.can_appeal)).toBe(true);
      expect(expectEnvelope(await w.otherLead.client.get('/api/deductions?keyword=扣款列表测试'), 200).data.total).toBe(0);
      expect(expectEnvelope(await w.mate.client.get('/api/deductions?keyword=扣款列表测试'), 200).data.total).toBe(0);
      expect((await w.mate.client.get(`/api/deductions?designer_id=${w.designer.code}`)).statusCode).toBe(403);
      expectFieldErrors(await w.otherLead.client.get(`/api/deductions?designer_id=${w.designer.code}`), [['designer_id', '该设计师不在你的团队中']]);
      const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
      expect(expectEnvelope(await w.designer.client.get(`/api/deductions?keyword=扣款列表测试&from=${today}&to=${today}`), 200).data.total).toBe(2);
      expect(expectEnvelope(await w.designer.client.get('/api/deductions?keyword=扣款列表测试&to=2020-01-01'), 200).data.total).toBe(0);
      expectFieldErrors(await w.designer.client.get('/api/deductions?from=2026-13-01'), [['from', '日期格式应为YYYY-MM-DD']]);

      const view = expectEnvelope(await w.designer.client.get('/api/tickets?view=deducted&keyword=扣款列表测试'), 200).data;
      expect(view.items.map((x: TicketView) => x.ticket_id)).toEqual([ticket.ticket_id]);
      expect(expectEnvelope(await w.mate.client.get('/api/tickets?view=deducted&keyword=扣款列表测试'), 200).data.total).toBe(0);
      expect(expectEnvelope(await w.lead.client.get('/api/tickets?view=deducted&keyword=扣款列表测试'), 200).data.total).toBe(1);
    });
  });

  describe('appealing a deduction', () => {
    it('QC appeal (6 → 12) approved: a reversing adjustment; the deduction shows its appeal and cannot be appealed again', async () => {
      const ticket = await assignedTicket(t, w);
      const { deduction } = await upstreamDeduction(t, ticket.order_no, 'qc', 650);
      const body = { ticket_id: ticket.ticket_id, type: 'qc', deduction_id: deduction.deduction_id, reason: '质检标准不适用' };
      const a = expectEnvelope(await w.designer.client.post('/api/appeals', body), 200).data;
      expect(a).toMatchObject({ type: 'qc', deduction_id: deduction.deduction_id, requested_cents: 0 });
      expect((await ticketMessages(t, ticket.ticket_id)).filter((m) => m.message_type === 6).map((m) => m.designer_id)).toEqual([w.lead.id]);
      const listed = expectEnvelope(await w.designer.client.get(`/api/deductions?keyword=${ticket.order_no}`), 200).data.items[0];
      expect(listed).toMatchObject({ can_appeal: false, appeal: { appeal_id: a.appeal_id, status: 'pending' } });

      const ok = expectEnvelope(await w.lead.client.post(`/api/appeals/${a.appeal_id}/review`, { decision: 'approve', approved_cents: 1 }), 200).data;
      expect(ok).toMatchObject({ status: 'approved', approved_cents: 650 });
      expect((await ticketMessages(t, ticket.ticket_id)).filter((m) => m.message_type === 12).map((m) => m.designer_id)).toEqual([w.designer.id]);
      const posted = await t.db.selectFrom('settlement_lines').select(['kind', 'amount_cents', 'ref_key']).where('ticket_id', '=', ticket.ticket_id).orderBy('id').execute();
      expect(posted).toEqual([
        { kind: 'deduction', amount_cents: -650, ref_key: `deduction:${deduction.deduction_id}` },
        { kind: 'adjustment', amount_cents: 650, ref_key: `appeal:${a.appeal_id}` },
      ]);
      // History is never edited: the deduction stays, the adjustment reverses it.
      expect((await t.db.selectFrom('deductions').select('amount_cents').where('id', '=', deduction.deduction_id).executeTakeFirstOrThrow()).amount_cents).toBe(650);
      const before = await snapshot(t);
      expectConflict(await w.designer.client.post('/api/appeals', body), '该扣款已申诉过');
      expect(await snapshot(t)).toEqual(before);
      await expectSettlementsAddUp(t);
    });

    it('after-sales appeal (7 → 13) rejected: nothing posted; a review deduction is appealed as a draft appeal', async () => {
      const ticket = await assignedTicket(t, w);
      const { deduction } = await upstreamDeduction(t, ticket.order_no, 'after_sales', 900);
      const a = expectEnvelope(await w.designer.client.post('/api/appeals', { ticket_id: ticket.ticket_id, type: 'after_sales', deduction_id: deduction.deduction_id, reason: '客户自身原因' }), 200).data;
      expect((await ticketMessages(t, ticket.ticket_id)).filter((m) => m.message_type === 7)).toHaveLength(1);
      expectEnvelope(await w.lead.client.post(`/api/appeals/${a.appeal_id}/review`, { decision: 'reject', note: '证据不足' }), 200);
      expect((await ticketMessages(t, ticket.ticket_id)).filter((m) => m.message_type === 13).map((m) => m.title.includes('未通过'))).toEqual([true]);
      expect(await t.db.selectFrom('settlement_lines').select('id').where('appeal_id', '=', a.appeal_id).execute()).toEqual([]);

      const review = expectEnvelope<DeductionWire>(await w.lead.client.post(`/api/tickets/${ticket.ticket_id}/deductions`, { amount_cents: 400, reason: '审核不通过' }), 200).data;
      const d = expectEnvelope(await w.designer.client.post('/api/appeals', { ticket_id: ticket.ticket_id, type: 'draft', deduction_id: review.deduction_id, reason: '稿件符合要求' }), 200).data;
      expectEnvelope(await w.lead.client.post(`/api/appeals/${d.appeal_id}/review`, { decision: 'approve' }), 200);
      const adj = await t.db.selectFrom('settlement_lines').select(['kind', 'amount_cents']).where('appeal_id', '=', d.appeal_id).execute();
      expect(adj).toEqual([{ kind: 'adjustment', amount_cents: 400 }]);
      expect((await ticketMessages(t, ticket.ticket_id)).filter((m) => m.message_type === 11)).toHaveLength(1);
    });

    it('refusals change nothing: another’s deduction, wrong type, wrong ticket, no deduction, outside the window', async () => {
      const ticket = await assignedTicket(t, w);
      const other = await assignedTicket(t, w);
      const { deduction } = await upstreamDeduction(t, ticket.order_no, 'qc', 500);
      const stranger = await createPerson(t, { teamId: w.teamId });
      const before = await snapshot(t);
      const post = (who: typeof w.designer, body: Record<string, unknown>) => who.client.post('/api/appeals', { reason: '申诉', ...body });
      expect((await post(stranger, { ticket_id: ticket.ticket_id, type: 'qc', deduction_id: deduction.deduction_id })).json().message).toBe('工单不存在');
      const foreign = await post(w.designer, { ticket_id: ticket.ticket_id, type: 'qc', deduction_id: 999_999 });
      expect([foreign.statusCode, foreign.json().message]).toEqual([404, '扣款不存在']);
      expectFieldErrors(await post(w.designer, { ticket_id: ticket.ticket_id, type: 'after_sales', deduction_id: deduction.deduction_id }), [['type', '质检扣款请提交质检申诉']]);
      expectFieldErrors(await post(w.designer, { ticket_id: other.ticket_id, type: 'qc', deduction_id: deduction.deduction_id }), [['deduction_id', '该扣款不属于此工单']]);
      expectFieldErrors(await post(w.designer, { ticket_id: ticket.ticket_id, type: 'qc' }), [['deduction_id', '请选择要申诉的扣款']]);
      expectFieldErrors(await post(w.designer, { ticket_id: ticket.ticket_id, type: 'fee', requested_cents: 100, deduction_id: deduction.deduction_id }), [['deduction_id', '费用申诉不能关联扣款']]);
      advanceClock(7 * DAY + 60_000);
      expectConflict(await post(w.designer, { ticket_id: ticket.ticket_id, type: 'qc', deduction_id: deduction.deduction_id }), '已超过申诉期限（7天）');
      const listed = expectEnvelope(await w.designer.client.get(`/api/deductions?keyword=${ticket.order_no}`), 200).data.items[0];
      expect(listed.can_appeal).toBe(false);
      expect(await snapshot(t)).toEqual(before);
    });
  });
});
