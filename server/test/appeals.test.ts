/**
 * Appeals: filing (every type, attachments, windows, one pending per ticket and type — also under
 * concurrent filing), review (approve/reject with their consequences and messages), refusals that
 * change nothing, the lists, detail, export, the ticket views and panel count, and the lead's
 * decisions on final-review and factory-reject applications (messages 10 and 22).
 */
import { inflateRawSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { advanceClock } from '../src/lib/time.js';
import { appealKey, assignedTicket, createWorld, expectSettlementsAddUp, snapshot, upstream, type World } from './support/appeals.js';
import { dialects, expectEnvelope, expectFieldErrors } from './support/harness.js';
import { createPerson, draftKey, expectConflict, integration, type Person, ticketEvents, ticketMessages, type TicketView, useTicketApp, CONFIRM_ALL } from './support/tickets.js';

interface AppealWire {
  appeal_id: number;
  ticket_id: number;
  type: string;
  status: string;
  requested_cents: number;
  approved_cents: number;
  reviewer_name: string | null;
  review_note: string;
  attachments: { name: string; url: string }[];
  events: { type: string; actor_name: string; note: string }[];
  [key: string]: unknown;
}

const DAY = 86_400_000;

describe.each(dialects)('appeals (%s)', (dialect) => {
  // Sessions outlive the clock jumps past the appeal window.
  const t = useTicketApp(dialect, { config: { tokenTtlHours: 24 * 365 } });
  let w: World;

  beforeAll(async () => {
    w = await createWorld(t);
  });

  const file = (who: Person, body: Record<string, unknown>) => who.client.post('/api/appeals', body);
  const review = (who: Person, id: number, body: Record<string, unknown>) => who.client.post(`/api/appeals/${id}/review`, body);
  const feeAppeal = (ticket: TicketView, extra: Record<string, unknown> = {}) => ({ ticket_id: ticket.ticket_id, type: 'fee', reason: '本单改稿5次，工作量远超标准', requested_cents: 2000, ...extra });

  async function filed(who: Person, body: Record<string, unknown>): Promise<AppealWire> {
    return expectEnvelope<AppealWire>(await file(who, body), 200).data;
  }

  async function settlementLinesOf(designerId: number) {
    return t.db.selectFrom('settlement_lines').selectAll().where('designer_id', '=', designerId).orderBy('id').execute();
  }

  it('documents every call in OpenAPI under its tag', async () => {
    const doc = expectEnvelopeless(await t.anon.get('/api/docs/json'));
    const tagOf = (path: string, method: string) => (doc.paths[path]?.[method] as { tags?: string[] } | undefined)?.tags;
    expect(tagOf('/appeals', 'get')).toEqual(['appeals']);
    expect(tagOf('/appeals', 'post')).toEqual(['appeals']);
    expect(tagOf('/appeals/{id}', 'get')).toEqual(['appeals']);
    expect(tagOf('/appeals/{id}/review', 'post')).toEqual(['appeals']);
    expect(tagOf('/appeals/export', 'get')).toEqual(['appeals']);
    expect(tagOf('/deductions', 'get')).toEqual(['deductions']);
    expect(tagOf('/tickets/{id}/deductions', 'post')).toEqual(['deductions']);
    expect(tagOf('/integration/deductions', 'post')).toEqual(['integration']);
    for (const [p, m] of [['/settlements', 'get'], ['/settlements/{id}', 'get'], ['/settlements/{id}/export', 'get'], ['/settlements/{id}/confirm', 'post'], ['/settlements/{id}/pay', 'post']]) {
      expect(tagOf(p!, m!), `${m} ${p}`).toEqual(['settlements']);
    }
    expect(tagOf('/tickets/{id}/final-review/review', 'post')).toEqual(['tickets']);
    expect(tagOf('/tickets/{id}/factory-reject/review', 'post')).toEqual(['tickets']);
    expect(JSON.stringify(doc)).not.toContain('arrive with the appeals issue');
  });

  describe('fee appeals', () => {
    it('filing tells the leads (3); approving posts the adjustment and tells the designer (8); both on both timelines', async () => {
      const ticket = await assignedTicket(t, w);
      const key = appealKey(w.designer.code, '沟通记录.png');
      const a = await filed(w.designer, feeAppeal(ticket, { attachments: [key, { name: '改稿清单.pdf', url: appealKey(w.designer.code, 'x.pdf'), size: 1234 }] }));
      expect(a).toMatchObject({ type: 'fee', status: 'pending', requested_cents: 2000, approved_cents: 0, reviewer_name: null, designer_id: w.designer.code, order_no: ticket.order_no });
      // Appeal attachments are private objects: the answer carries a signed read URL (file-access.test.ts).
      expect(a.attachments[0]).toEqual({ name: '沟通记录.png', url: key, read_url: expect.stringMatching(/^\/oss\/appeal\/.+\?OSSAccessKeyId=LOCAL&Expires=\d+&Signature=/) });
      expect(a.attachments[1]).toMatchObject({ name: '改稿清单.pdf', size: 1234 });
      expect(a.events.map((e) => e.type)).toEqual(['filed']);

      let msgs = await ticketMessages(t, ticket.ticket_id);
      expect(msgs.filter((m) => m.message_type === 3).map((m) => m.designer_id)).toEqual([w.lead.id]);
      expect(msgs.find((m) => m.message_type === 3)!.title).toContain('费用申诉');

      const ok = expectEnvelope<AppealWire>(await review(w.lead, a.appeal_id, { decision: 'approve', note: '情况属实', approved_cents: 1500 }), 200).data;
      expect(ok).toMatchObject({ status: 'approved', approved_cents: 1500, review_note: '情况属实', reviewer_name: expect.any(String) });
      expect(ok.events.map((e) => [e.type, e.note])).toEqual([
        ['filed', '本单改稿5次，工作量远超标准'],
        ['approved', '情况属实'],
      ]);
      msgs = await ticketMessages(t, ticket.ticket_id);
      const decided = msgs.filter((m) => m.message_type === 8);
      expect(decided.map((m) => m.designer_id)).toEqual([w.designer.id]);
      expect(decided[0]!.title).toContain('15.00 元');

      const lines = (await settlementLinesOf(w.designer.id)).filter((l) => l.appeal_id === a.appeal_id);
      expect(lines.map((l) => [l.kind, l.amount_cents, l.ref_key])).toEqual([['adjustment', 1500, `appeal:${a.appeal_id}`]]);
      const events = (await ticketEvents(t, ticket.ticket_id)).map((e) => e.type);
      expect(events).toEqual(expect.arrayContaining(['appeal_filed', 'appeal_approved']));
      const detail = expectEnvelope(await w.designer.client.get(`/api/tickets/${ticket.ticket_id}`), 200).data;
      expect(detail.timeline.find((e: { type: string }) => e.type === 'appeal_approved').type_name).toBe('申诉通过');
      await expectSettlementsAddUp(t);
    });

    it('attachments are signed under the appeal source and the caller’s own prefix', async () => {
      const sig = expectEnvelope(await w.designer.client.get('/api/oss/get-signature?source=appeal'), 200).data;
      expect(sig.dir).toMatch(new RegExp(`^appeal/${w.designer.code}/\\d{8}/[a-z0-9]{12}/$`));
      const ticket = await assignedTicket(t, w);
      const a = await filed(w.designer, feeAppeal(ticket, { attachments: [`${sig.dir}截图 1.png`, `attachment/${w.designer.code}/20261122/abcdefgh/记录.pdf`] }));
      expect(a.attachments.map((x) => x.name)).toEqual(['截图 1.png', '记录.pdf']);
    });

    it('refusals change nothing: duplicate pending, foreign ticket, other team’s lead, non-lead, bad amounts, double review', async () => {
      const ticket = await assignedTicket(t, w);
      const a = await filed(w.designer, feeAppeal(ticket));
      const before = await snapshot(t);

      expectConflict(await file(w.designer, feeAppeal(ticket)), '该工单已有处理中的同类申诉');
      expectEnvelope(await file(w.mate, feeAppeal(ticket)), 404);
      expect((await file(w.mate, feeAppeal(ticket))).json().message).toBe('工单不存在');
      expectEnvelope(await file(w.designer, feeAppeal(ticket, { ticket_id: 999_999 })), 404);
      expectFieldErrors(await file(w.designer, feeAppeal(ticket, { requested_cents: undefined })), [['requested_cents', '请填写申诉金额']]);
      expectFieldErrors(await file(w.designer, feeAppeal(ticket, { requested_cents: 0 })), [['requested_cents']]);
      expectFieldErrors(await file(w.designer, feeAppeal(ticket, { reason: ' ' })), [['reason', '请填写申诉理由']]);
      expectFieldErrors(await file(w.designer, feeAppeal(ticket, { attachments: [appealKey(w.mate.code)] })), [['attachments.0', '只能提交自己上传的附件']]);
      expectFieldErrors(await file(w.designer, feeAppeal(ticket, { attachments: ['../../etc/passwd'] })), [['attachments.0', '附件路径不正确']]);
      expectFieldErrors(await file(w.designer, feeAppeal(ticket, { attachments: Array.from({ length: 11 }, () => appealKey(w.designer.code)) })), [['attachments', '附件最多10个']]);

      expect((await review(w.otherLead, a.appeal_id, { decision: 'approve' })).statusCode).toBe(404);
      expect((await review(w.designer, a.appeal_id, { decision: 'approve' })).statusCode).toBe(403);
      expectFieldErrors(await review(w.lead, a.appeal_id, { decision: 'reject' }), [['note', '请填写驳回理由']]);
      expectFieldErrors(await review(w.lead, a.appeal_id, { decision: 'approve', approved_cents: 2001 }), [['approved_cents', '批准金额不能超过申请金额（20.00 元）']]);
      expectFieldErrors(await review(w.lead, a.appeal_id, { decision: 'maybe' }), [['decision', '请选择审核结果']]);
      expect(await snapshot(t)).toEqual(before);

      const rejected = expectEnvelope<AppealWire>(await review(w.lead, a.appeal_id, { decision: 'reject', note: '改稿属于正常范围' }), 200).data;
      expect(rejected).toMatchObject({ status: 'rejected', approved_cents: 0, review_note: '改稿属于正常范围' });
      const afterReject = await snapshot(t);
      expectConflict(await review(w.lead, a.appeal_id, { decision: 'approve' }), '该申诉已处理');
      expectConflict(await review(w.lead, a.appeal_id, { decision: 'reject', note: '再驳回' }), '该申诉已处理');
      expect(await snapshot(t)).toEqual(afterReject);
      expect((await ticketMessages(t, ticket.ticket_id)).filter((m) => m.message_type === 8)).toHaveLength(1);
      // Decided: the designer may appeal again.
      await filed(w.designer, feeAppeal(ticket, { reason: '补充证据' }));
    });

    it('refuses an appeal outside the window (from the fee line once completed) and changes nothing', async () => {
      const ticket = await assignedTicket(t, w, { fee_cents: 4200 });
      advanceClock(3 * DAY);
      await upstream(t, ticket.order_no, 'completion');
      advanceClock(6 * DAY); // 9 days after assignment, 6 after the fee line: still open
      const a = await filed(w.designer, feeAppeal(ticket));
      expectEnvelope(await review(w.lead, a.appeal_id, { decision: 'reject', note: '不予调整' }), 200);
      advanceClock(1 * DAY + 60_000);
      const before = await snapshot(t);
      expectConflict(await file(w.designer, feeAppeal(ticket)), '已超过申诉期限（7天）');
      expect(await snapshot(t)).toEqual(before);
    });

    it('of ten concurrent filings on one ticket exactly one wins', async () => {
      const ticket = await assignedTicket(t, w);
      const before = await snapshot(t);
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => file(w.designer, feeAppeal(ticket, { reason: `并发申诉 ${i}` }))));
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
      for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().message).toBe('该工单已有处理中的同类申诉');
      const after = await snapshot(t);
      expect(after.counts.appeals).toBe(before.counts.appeals! + 1);
      expect(after.counts.appeal_events).toBe(before.counts.appeal_events! + 1);
      expect((await ticketMessages(t, ticket.ticket_id)).filter((m) => m.message_type === 3)).toHaveLength(1);
    });
  });

  describe('concurrent decisions', () => {
    it('of five leads’ simultaneous approvals one decides: one adjustment, one message', async () => {
      const ticket = await assignedTicket(t, w);
      const a = await filed(w.designer, feeAppeal(ticket, { requested_cents: 700 }));
      const leads = [w.lead, ...(await Promise.all(Array.from({ length: 4 }, () => createPerson(t, { type: 0, teamId: w.teamId, online: 0 }))))];
      const results = await Promise.all(leads.map((l) => review(l, a.appeal_id, { decision: 'approve' })));
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
      expect(await t.db.selectFrom('settlement_lines').select('amount_cents').where('appeal_id', '=', a.appeal_id).execute()).toEqual([{ amount_cents: 700 }]);
      expect((await ticketMessages(t, ticket.ticket_id)).filter((m) => m.message_type === 8)).toHaveLength(1);
      const events = await t.db.selectFrom('appeal_events').select('type').where('appeal_id', '=', a.appeal_id).orderBy('id').execute();
      expect(events.map((e) => e.type)).toEqual(['filed', 'approved']);
      await expectSettlementsAddUp(t);
      // The extra leads leave (deactivated) so later filings notify the world's lead alone.
      await t.db.updateTable('designers').set({ account_status: 0 }).where('id', 'in', leads.slice(1).map((l) => l.id)).execute();
    });
  });

  describe('reject, draft and factory-reject appeals', () => {
    it('reject appeal (4 → 9): only on a factory-rejected ticket; approval returns it to "0" without FACTORY_REJECT', async () => {
      const ticket = await assignedTicket(t, w);
      const body = { ticket_id: ticket.ticket_id, type: 'reject', reason: '工厂驳回理由不成立' };
      expectConflict(await file(w.designer, body), '该工单未被工厂驳回，无需申诉');
      await upstream(t, ticket.order_no, 'factory_reject', '出血不足');
      const a = await filed(w.designer, body);
      expect((await ticketMessages(t, ticket.ticket_id)).filter((m) => m.message_type === 4).map((m) => m.designer_id)).toEqual([w.lead.id]);
      expectEnvelope(await review(w.lead, a.appeal_id, { decision: 'approve' }), 200);
      const row = await t.db.selectFrom('tickets').select(['status', 'work_markers']).where('id', '=', ticket.ticket_id).executeTakeFirstOrThrow();
      expect(row.status).toBe('0');
      expect(row.work_markers).not.toContain('FACTORY_REJECT');
      expect((await ticketMessages(t, ticket.ticket_id)).filter((m) => m.message_type === 9).map((m) => m.designer_id)).toEqual([w.designer.id]);
      const approved = (await ticketEvents(t, ticket.ticket_id)).find((e) => e.type === 'appeal_approved')!;
      expect(JSON.parse(approved.detail)).toMatchObject({ appeal_type: 'reject', from: '5', to: '0' });
    });

    it('draft appeal (5 → 11): on a draft that failed the automatic check; approval sets it to synced', async () => {
      const ticket = await assignedTicket(t, w);
      const body = { ticket_id: ticket.ticket_id, type: 'draft', reason: '轮廓检查误判' };
      expectConflict(await file(w.designer, body), '没有未通过自动检查的稿件，无需申诉');
      const draft = expectEnvelope(await w.designer.client.post(`/api/tickets/${ticket.ticket_id}/drafts`, { kind: 'first', files: [draftKey(w.designer.code)] }), 200).data;
      expectEnvelope(await integration(t).post(`/api/integration/drafts/${draft.draft_id}/audit`, { sync_status: 3, result: '轮廓异常' }), 200);
      const a = await filed(w.designer, body);
      expect((await ticketMessages(t, ticket.ticket_id)).filter((m) => m.message_type === 5)).toHaveLength(1);
      expectEnvelope(await review(w.lead, a.appeal_id, { decision: 'approve', note: '复核通过' }), 200);
      const d = await t.db.selectFrom('drafts').select('sync_status').where('id', '=', draft.draft_id).executeTakeFirstOrThrow();
      expect(d.sync_status).toBe(1);
      expect((await ticketMessages(t, ticket.ticket_id)).filter((m) => m.message_type === 11).map((m) => m.designer_id)).toEqual([w.designer.id]);
    });

    it('factory-reject application: 23 → a lead refuses (22) → factory_reject appeal (26) → approved (27): status "5"', async () => {
      const ticket = await assignedTicket(t, w);
      const url = `/api/tickets/${ticket.ticket_id}/factory-reject`;
      const appealBody = { ticket_id: ticket.ticket_id, type: 'factory_reject', reason: '工厂确实无法生产' };
      expectConflict(await file(w.designer, appealBody), '没有被驳回的工厂驳回申请，无需申诉');
      expectConflict(await w.lead.client.post(`${url}/review`, { decision: 'approve' }), '没有待审核的申请');
      expectEnvelope(await w.designer.client.post(url, { reason: '工艺无法实现' }), 200);
      expectConflict(await w.designer.client.post(url, { reason: '再次申请' }), '已提交工厂驳回申请，请等待审核');
      expect((await w.designer.client.post(`${url}/review`, { decision: 'approve' })).statusCode).toBe(403);
      expect((await w.otherLead.client.post(`${url}/review`, { decision: 'approve' })).statusCode).toBe(404);
      expectFieldErrors(await w.lead.client.post(`${url}/review`, { decision: 'reject' }), [['note', '请填写驳回理由']]);
      const refused = expectEnvelope<TicketView>(await w.lead.client.post(`${url}/review`, { decision: 'reject', note: '可以调整工艺' }), 200).data;
      expect(refused.status).toBe('0');
      const before = await snapshot(t);
      expectConflict(await w.lead.client.post(`${url}/review`, { decision: 'approve' }), '该申请已处理');
      expect(await snapshot(t)).toEqual(before);
      let msgs = await ticketMessages(t, ticket.ticket_id);
      expect(msgs.filter((m) => m.message_type === 22).map((m) => [m.designer_id, m.title.includes('未通过')])).toEqual([[w.designer.id, true]]);

      const a = await filed(w.designer, appealBody);
      msgs = await ticketMessages(t, ticket.ticket_id);
      expect(msgs.filter((m) => m.message_type === 26).map((m) => m.designer_id)).toEqual([w.lead.id]);
      expectEnvelope(await review(w.lead, a.appeal_id, { decision: 'approve' }), 200);
      const row = await t.db.selectFrom('tickets').select(['status', 'work_markers']).where('id', '=', ticket.ticket_id).executeTakeFirstOrThrow();
      expect(row.status).toBe('5');
      expect(row.work_markers).toContain('FACTORY_REJECT');
      msgs = await ticketMessages(t, ticket.ticket_id);
      expect(msgs.filter((m) => m.message_type === 27).map((m) => m.designer_id)).toEqual([w.designer.id]);
      const types = (await ticketEvents(t, ticket.ticket_id)).map((e) => e.type);
      expect(types).toEqual(expect.arrayContaining(['factory_reject_applied', 'factory_reject_refused', 'appeal_filed', 'appeal_approved']));
    });

    it('an approved factory-reject application sets status "5" and the marker; the appeal window runs from a refusal', async () => {
      const ticket = await assignedTicket(t, w);
      const url = `/api/tickets/${ticket.ticket_id}/factory-reject`;
      expectEnvelope(await w.designer.client.post(url, { reason: '工艺无法实现' }), 200);
      const item = expectEnvelope<TicketView>(await w.lead.client.post(`${url}/review`, { decision: 'approve', note: '同意' }), 200).data;
      expect(item.status).toBe('5');
      expect(item.work_markers).toContain('FACTORY_REJECT');
      const msg = (await ticketMessages(t, ticket.ticket_id)).filter((m) => m.message_type === 22);
      expect(msg.map((m) => m.title.includes('已通过'))).toEqual([true]);

      const second = await assignedTicket(t, w);
      const url2 = `/api/tickets/${second.ticket_id}/factory-reject`;
      expectEnvelope(await w.designer.client.post(url2, { reason: '工艺无法实现' }), 200);
      expectEnvelope(await w.lead.client.post(`${url2}/review`, { decision: 'reject', note: '不同意' }), 200);
      advanceClock(7 * DAY + 60_000);
      expectConflict(await file(w.designer, { ticket_id: second.ticket_id, type: 'factory_reject', reason: '迟到的申诉' }), '已超过申诉期限（7天）');
      // After a decision the designer may apply again.
      expectEnvelope(await w.designer.client.post(url2, { reason: '工艺仍无法实现' }), 200);
    });
  });

  describe('final-review decisions', () => {
    it('message 10 to the designer; a rejection removes SUBMIT so the designer may apply again', async () => {
      const ticket = await assignedTicket(t, w);
      const base = `/api/tickets/${ticket.ticket_id}`;
      for (const kind of ['first', 'final']) expectEnvelope(await w.designer.client.post(`${base}/drafts`, { kind, files: [draftKey(w.designer.code)] }), 200);
      expectConflict(await w.lead.client.post(`${base}/final-review/review`, { decision: 'approve' }), '没有待审核的申请');
      expectEnvelope(await w.designer.client.post(`${base}/final-review`, { note: '请审核' }), 200);
      expect((await w.designer.client.post(`${base}/final-review/review`, { decision: 'approve' })).statusCode).toBe(403);
      expect((await w.otherLead.client.post(`${base}/final-review/review`, { decision: 'approve' })).statusCode).toBe(404);
      const rejected = expectEnvelope<TicketView>(await w.lead.client.post(`${base}/final-review/review`, { decision: 'reject', note: '字体需要调整' }), 200).data;
      expect(rejected.work_markers).not.toContain('SUBMIT');
      expectConflict(await w.lead.client.post(`${base}/final-review/review`, { decision: 'approve' }), '该申请已处理');
      expectEnvelope(await w.designer.client.post(`${base}/final-review`, { note: '已修改' }), 200);
      const approved = expectEnvelope<TicketView>(await w.lead.client.post(`${base}/final-review/review`, { decision: 'approve' }), 200).data;
      expect(approved.work_markers).toContain('SUBMIT');
      const msgs = (await ticketMessages(t, ticket.ticket_id)).filter((m) => m.message_type === 10);
      expect(msgs.map((m) => [m.designer_id, m.title.includes('未通过')])).toEqual([
        [w.designer.id, true],
        [w.designer.id, false],
      ]);
      const types = (await ticketEvents(t, ticket.ticket_id)).map((e) => e.type);
      expect(types.filter((x) => x.startsWith('final_review'))).toEqual(['final_review_applied', 'final_review_rejected', 'final_review_applied', 'final_review_approved']);
    });
  });

  describe('reading appeals', () => {
    it('lists mine (newest first) and the lead’s review queue (oldest first); detail only for the appellant and the team’s leads', async () => {
      const t1 = await assignedTicket(t, w, { title: '审核队列甲' });
      const t2 = await assignedTicket(t, w, { title: '审核队列乙' });
      const a1 = await filed(w.designer, feeAppeal(t1));
      const a2 = await filed(w.designer, feeAppeal(t2));

      const mine = expectEnvelope(await w.designer.client.get('/api/appeals?keyword=审核队列&pageSize=10'), 200).data;
      expect(mine.items.map((a: AppealWire) => a.appeal_id)).toEqual([a2.appeal_id, a1.appeal_id]);
      expect(mine.total).toBe(2);
      const queue = expectEnvelope(await w.lead.client.get('/api/appeals?scope=review&status=pending&keyword=审核队列'), 200).data;
      expect(queue.items.map((a: AppealWire) => a.appeal_id)).toEqual([a1.appeal_id, a2.appeal_id]);
      expect(expectEnvelope(await w.otherLead.client.get('/api/appeals?scope=review&keyword=审核队列'), 200).data.total).toBe(0);
      expect((await w.designer.client.get('/api/appeals?scope=review')).statusCode).toBe(403);
      expect(expectEnvelope(await w.designer.client.get('/api/appeals?type=reject&keyword=审核队列'), 200).data.total).toBe(0);
      expectFieldErrors(await w.designer.client.get('/api/appeals?type=nope'), [['type', '申诉类型不正确']]);

      expectEnvelope(await w.designer.client.get(`/api/appeals/${a1.appeal_id}`), 200);
      expectEnvelope(await w.lead.client.get(`/api/appeals/${a1.appeal_id}`), 200);
      expect((await w.mate.client.get(`/api/appeals/${a1.appeal_id}`)).statusCode).toBe(404);
      expect((await w.otherLead.client.get(`/api/appeals/${a1.appeal_id}`)).statusCode).toBe(404);

      const counts = expectEnvelope(await w.designer.client.get('/api/tickets/panel-counts'), 200).data;
      const pending = await t.db.selectFrom('appeals').select((eb) => eb.fn.countAll<number>().as('n')).where('designer_id', '=', w.designer.id).where('status', '=', 'pending').executeTakeFirstOrThrow();
      expect(counts.appealing).toBe(Number(pending.n));
      expect(counts.appealing).toBeGreaterThanOrEqual(2);
      const leadCounts = expectEnvelope(await w.lead.client.get('/api/tickets/panel-counts'), 200).data;
      expect(leadCounts.appealing).toBe(counts.appealing);
      expect(expectEnvelope(await w.otherLead.client.get('/api/tickets/panel-counts'), 200).data.appealing).toBe(0);
    });

    it('view=appealed lists tickets with an appeal of mine, also after a transfer away', async () => {
      const ticket = await assignedTicket(t, w, { title: '转派后的申诉单' });
      await filed(w.designer, feeAppeal(ticket));
      const taker = await createPerson(t, { teamId: w.teamId, online: 0 });
      expectEnvelope(await w.lead.client.post(`/api/tickets/${ticket.ticket_id}/transfer`, { designer_id: taker.code, reason: '调整', confirm: CONFIRM_ALL }), 200);
      const mine = expectEnvelope(await w.designer.client.get('/api/tickets?view=appealed&keyword=转派后的申诉单'), 200).data;
      expect(mine.items.map((x: TicketView) => x.ticket_id)).toEqual([ticket.ticket_id]);
      expect(expectEnvelope(await w.designer.client.get('/api/tickets?keyword=转派后的申诉单'), 200).data.total).toBe(0);
      expect(expectEnvelope(await taker.client.get('/api/tickets?view=appealed&keyword=转派后的申诉单'), 200).data.total).toBe(0);
      expect(expectEnvelope(await w.lead.client.get('/api/tickets?view=appealed&keyword=转派后的申诉单'), 200).data.total).toBe(1);
      expect(expectEnvelope(await w.lead.client.get(`/api/tickets?view=appealed&keyword=转派后的申诉单&designer_id=${taker.code}`), 200).data.total).toBe(0);
      expectFieldErrors(await w.designer.client.get('/api/tickets?view=other'), [['view', '视图不正确']]);
      // The former holder may still appeal (an allocation of theirs exists); the new holder has one too.
      expectConflict(await file(w.designer, feeAppeal(ticket)), '该工单已有处理中的同类申诉');
      expectEnvelope(await file(taker, { ticket_id: ticket.ticket_id, type: 'draft', reason: 'x' }), 409);
    });

    it('exports the list as CSV and Excel with a Chinese file name', async () => {
      const ticket = await assignedTicket(t, w, { title: '导出测试单' });
      await filed(w.designer, feeAppeal(ticket, { requested_cents: 1234 }));
      const csv = await w.designer.client.get('/api/appeals/export?format=csv&keyword=导出测试单');
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="[^"]+\.csv"; filename\*=UTF-8''%E6%88%91%E7%9A%84%E7%94%B3%E8%AF%89-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = csv.rawPayload.toString('utf8');
      expect(text.charCodeAt(0)).toBe(0xfeff);
      const rows = text.slice(1).trim().split('\r\n');
      expect(rows).toHaveLength(2);
      expect(rows[0]!.split(',').slice(0, 3)).toEqual(['申诉编号', '订单号', '工单标题']);
      expect(rows[1]).toContain(`${ticket.order_no},导出测试单`);
      expect(rows[1]).toContain('费用申诉');
      expect(rows[1]).toContain(',12.34,');

      const xlsx = await w.lead.client.get('/api/appeals/export?format=xlsx&scope=review&keyword=导出测试单');
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(xlsx.headers['content-disposition']).toMatch(/filename\*=UTF-8''%E7%94%B3%E8%AF%89%E5%AE%A1%E6%A0%B8-.*\.xlsx$/);
      const buf = xlsx.rawPayload;
      expect(buf.subarray(0, 2).toString()).toBe('PK');
      expect(sheetText(buf)).toContain(ticket.order_no);
      expect((await w.designer.client.get('/api/appeals/export?scope=review')).statusCode).toBe(403);
      expectFieldErrors(await w.designer.client.get('/api/appeals/export?format=pdf'), [['format', '导出格式只能是 csv 或 xlsx']]);
    });
  });
});

/** The first worksheet's XML of an XLSX (reads the ZIP's central directory). */
function sheetText(buf: Buffer): string {
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let p = buf.readUInt32LE(end + 16);
  for (let i = 0; i < buf.readUInt16LE(end + 10); i++) {
    const nameLen = buf.readUInt16LE(p + 28);
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString();
    if (name === 'xl/worksheets/sheet1.xml') {
      const local = buf.readUInt32LE(p + 42);
      const at = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
      const raw = buf.subarray(at, at + buf.readUInt32LE(p + 20));
      return (buf.readUInt16LE(p + 10) === 8 ? inflateRawSync(raw) : raw).toString('utf8');
    }
    p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  throw new Error('no sheet1');
}

function expectEnvelopeless(res: { statusCode: number; json: () => unknown }) {
  expect(res.statusCode).toBe(200);
  return res.json() as { paths: Record<string, Record<string, unknown>> };
}
