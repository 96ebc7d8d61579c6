/**
 * Bulk assign / transfer: each ticket through the single-ticket service (messages 25 / 21), a
 * result per ticket for a mix of tickets that go through and tickets that are refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { dialects, expectEnvelope, expectFieldErrors } from './support/harness.js';
import { createPerson, createProduct, createTeam, firstShop, ingest, order, type Person, ticketMessages, useTicketApp, CONFIRM_ALL } from './support/tickets.js';

describe.each(dialects)('team bulk actions (%s)', (dialect) => {
  const t = useTicketApp(dialect);
  let shop: number;
  let product: number;
  let team: number;
  let otherTeam: number;
  let lead: Person;
  let a: Person;
  let b: Person;

  beforeAll(async () => {
    shop = await firstShop(t);
    product = await createProduct(t); // nobody is qualified: every ticket arrives unassigned
    team = await createTeam(t);
    otherTeam = await createTeam(t);
    lead = await createPerson(t, { type: 0, teamId: team, name: '批量组长' });
    a = await createPerson(t, { teamId: team, name: '批量甲' });
    b = await createPerson(t, { teamId: team, name: '批量乙' });
  });

  const newTicket = async (teamId: number) => (await ingest(t, order(shop, product, { team_id: teamId }))).ticket.ticket_id;

  it('assigns the unassigned tickets and refuses the others, one result each', async () => {
    const free1 = await newTicket(team);
    const free2 = await newTicket(team);
    const free3 = await newTicket(team);
    const taken = await newTicket(team);
    expectEnvelope(await lead.client.post(`/api/tickets/${taken}/assign`, { designer_id: b.code, confirm: CONFIRM_ALL }), 200);
    const closed = await newTicket(team);
    expectEnvelope(await lead.client.post(`/api/tickets/${closed}/close`, { reason: '重复订单' }), 200);
    const foreign = await newTicket(otherTeam);

    const body = expectEnvelope(await lead.client.post('/api/team/tickets/bulk-assign', { ticket_ids: [free1, taken, free2, closed, foreign, 99999999, free3], designer_id: a.code, confirm: CONFIRM_ALL }), 200);
    expect(body.data.results).toEqual([
      { ticket_id: free1, ok: true, message: '操作成功' },
      { ticket_id: taken, ok: false, message: '该工单已分配，请使用转派' },
      { ticket_id: free2, ok: true, message: '操作成功' },
      { ticket_id: closed, ok: false, message: '工单已结束，不能执行该操作' },
      { ticket_id: foreign, ok: false, message: '工单不存在' },
      { ticket_id: 99999999, ok: false, message: '工单不存在' },
      { ticket_id: free3, ok: true, message: '操作成功' },
    ]);
    expect(body.message).toBe('已指派3个工单，4个未处理');
    for (const id of [free1, free2, free3]) {
      const row = await t.db.selectFrom('tickets').select('designer_id').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.designer_id).toBe(a.id);
      expect((await ticketMessages(t, id)).map((m) => [m.message_type, m.designer_id])).toEqual([[25, a.id]]);
    }
    const foreignRow = await t.db.selectFrom('tickets').select('designer_id').where('id', '=', foreign).executeTakeFirstOrThrow();
    expect(foreignRow.designer_id).toBeNull();
  });

  it('transfers the assigned tickets and refuses unassigned ones and those already with the target', async () => {
    const withA = await newTicket(team);
    const withA2 = await newTicket(team);
    const withB = await newTicket(team);
    const free = await newTicket(team);
    await lead.client.post('/api/team/tickets/bulk-assign', { ticket_ids: [withA, withA2], designer_id: a.code, confirm: CONFIRM_ALL });
    await lead.client.post('/api/team/tickets/bulk-assign', { ticket_ids: [withB], designer_id: b.code, confirm: CONFIRM_ALL });
    const body = expectEnvelope(await lead.client.post('/api/team/tickets/bulk-transfer', { ticket_ids: [withA, free, withB, withA2], designer_id: b.code, reason: '甲请假', confirm: CONFIRM_ALL }), 200);
    expect(body.data.results).toEqual([
      { ticket_id: withA, ok: true, message: '操作成功' },
      { ticket_id: free, ok: false, message: '该工单尚未分配，请使用指派' },
      { ticket_id: withB, ok: false, message: '该工单已由此设计师处理' },
      { ticket_id: withA2, ok: true, message: '操作成功' },
    ]);
    for (const id of [withA, withA2]) {
      const msgs = (await ticketMessages(t, id)).map((m) => [m.message_type, m.designer_id]);
      expect(msgs).toEqual([
        [25, a.id],
        [21, b.id],
        [21, a.id],
      ]);
    }
  });

  it('validates the request as a whole (422)', async () => {
    const id = await newTicket(team);
    expectFieldErrors(await lead.client.post('/api/team/tickets/bulk-assign', { ticket_ids: [], designer_id: a.code }), [['ticket_ids', '请选择工单']]);
    expectFieldErrors(await lead.client.post('/api/team/tickets/bulk-assign', { ticket_ids: [id, id], designer_id: a.code }), [['ticket_ids', '工单重复']]);
    expectFieldErrors(await lead.client.post('/api/team/tickets/bulk-assign', { ticket_ids: Array.from({ length: 51 }, (_, i) => i + 1), designer_id: a.code }), [
      ['ticket_ids', '一次最多处理50个工单'],
    ]);
    expectFieldErrors(await lead.client.post('/api/team/tickets/bulk-assign', { ticket_ids: [id], designer_id: lead.code }), [['designer_id', '只能指派给团队中的设计师']]);
    const stranger = await createPerson(t, { teamId: otherTeam });
    expectFieldErrors(await lead.client.post('/api/team/tickets/bulk-assign', { ticket_ids: [id], designer_id: stranger.code }), [['designer_id', '该设计师不在你的团队中']]);
    expectFieldErrors(await lead.client.post('/api/team/tickets/bulk-transfer', { ticket_ids: [id], designer_id: a.code, reason: ' ' }), [['reason', '请填写转派原因']]);
    const row = await t.db.selectFrom('tickets').select('designer_id').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.designer_id).toBeNull();
  });
});
