/**
 * Tickets: the integration API (idempotent ingestion, validation, upstream status changes, draft
 * audit results), my tickets (list filters, sort, paging, detail with timeline, panel counts),
 * drafts, final-review and factory-reject applications, and object-level authorization.
 *
 * Every status change is checked for its timeline event and its message (the messages table).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { advanceClock } from '../src/lib/time.js';
import { DEMO, dialects, expect401, expectEnvelope, expectFieldErrors } from './support/harness.js';
import {
  API_KEY,
  createPerson,
  createProduct,
  createTeam,
  draftKey,
  expectConflict,
  firstShop,
  ingest,
  integration,
  order,
  type Person,
  tableCount,
  ticketEvents,
  ticketMessages,
  type TicketView,
  useTicketApp,
} from './support/tickets.js';

interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

describe.each(dialects)('tickets (%s)', (dialect) => {
  const t = useTicketApp(dialect);
  let shop: number;

  beforeAll(async () => {
    shop = await firstShop(t);
  });

  /** A team with a lead and a designer who alone is qualified for a new product. */
  async function world(): Promise<{ product: number; teamId: number; lead: Person; designer: Person; other: Person }> {
    const product = await createProduct(t);
    const teamId = await createTeam(t);
    const lead = await createPerson(t, { type: 0, teamId, online: 0 });
    const designer = await createPerson(t, { type: 1, teamId, products: [product] });
    const other = await createPerson(t, { type: 1, teamId, products: [], online: 1 });
    return { product, teamId, lead, designer, other };
  }

  describe('integration API authentication', () => {
    it.each([
      ['POST', '/api/integration/orders'],
      ['POST', '/api/integration/orders/ABC/status'],
      ['POST', '/api/integration/drafts/1/audit'],
    ] as const)('%s %s needs the x-api-key', async (method, url) => {
      expect401(await t.inject({ method, url, payload: {} }));
      expect401(await t.inject({ method, url, payload: {}, headers: { 'x-api-key': 'wrong-key' } }));
      expect401(await t.inject({ method, url, payload: {}, headers: { 'x-api-key': `${API_KEY}x` } }));
      // A designer's token is not an integration key.
      const token = await t.sessionFor(DEMO.lead);
      expect401(await t.inject({ method, url, payload: {}, headers: { authorization: `Bearer ${token}` } }));
    });

    it('is documented in OpenAPI under the integration tag with the x-api-key scheme', async () => {
      const doc = (await t.anon.get('/api/docs/json')).json() as {
        paths: Record<string, Record<string, { tags?: string[]; security?: unknown[] }>>;
        components: { securitySchemes: Record<string, { type: string; in?: string; name?: string }> };
      };
      expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' });
      for (const [path, method] of [
        ['/integration/orders', 'post'],
        ['/integration/orders/batch', 'post'],
        ['/integration/orders/{order_no}/status', 'post'],
        ['/integration/drafts/{draft_id}/audit', 'post'],
      ] as const) {
        const op = doc.paths[path]?.[method];
        expect(op, path).toBeDefined();
        expect(op!.tags).toEqual(['integration']);
        expect(op!.security).toEqual([{ apiKey: [] }]);
      }
      for (const path of ['/tickets', '/tickets/{id}', '/tickets/panel-counts', '/order-hall/tickets', '/order-hall/tickets/{id}/grab']) {
        expect(Object.keys(doc.paths), path).toContain(path);
      }
    });
  });

  describe('POST /api/integration/orders', () => {
    it('creates a ticket once per order_no: the repeat answers 200 with the existing ticket and created false', async () => {
      const { product, designer } = await world();
      const body = order(shop, product, { order_markers: 'URGENT,BOGUS,urgent,PROOF,,PROOF' });
      const first = await ingest(t, body);
      expect(first.created).toBe(true);
      expect(first.ticket).toMatchObject({
        order_no: body.order_no,
        shop_id: shop,
        product_id: product,
        status: '0',
        stage: 'waiting',
        order_markers: 'URGENT,PROOF',
        work_markers: '',
        designer_id: designer.code,
        fee_cents: 3500,
        allowed_minutes: 480,
      });
      const second = await ingest(t, { ...body, title: '改过的标题', fee_cents: 1 });
      expect(second.created).toBe(false);
      expect(second.ticket).toEqual(first.ticket);
      const rows = await t.db.selectFrom('tickets').select('id').where('order_no', '=', body.order_no).execute();
      expect(rows).toHaveLength(1);
      expect((await ticketEvents(t, first.ticket.ticket_id)).filter((e) => e.type === 'created')).toHaveLength(1);
    });

    it('the same order sent 10 times at once still makes one ticket', async () => {
      const { product } = await world();
      const body = order(shop, product);
      const results = await Promise.all(Array.from({ length: 10 }, () => integration(t).post('/api/integration/orders', body)));
      const datas = results.map((r) => expectEnvelope<{ created: boolean; ticket: TicketView }>(r, 200).data);
      expect(datas.filter((d) => d.created)).toHaveLength(1);
      expect(new Set(datas.map((d) => d.ticket.ticket_id)).size).toBe(1);
      const rows = await t.db.selectFrom('tickets').select('id').where('order_no', '=', body.order_no).execute();
      expect(rows).toHaveLength(1);
      expect((await ticketMessages(t, rows[0]!.id)).filter((m) => m.message_type === 2)).toHaveLength(1);
    });

    it('bad payloads are 422 with the fields and write nothing', async () => {
      const { product } = await world();
      const before = await Promise.all([tableCount(t, 'tickets'), tableCount(t, 'ticket_events'), tableCount(t, 'allocations'), tableCount(t, 'messages')]);
      const c = integration(t);
      expectFieldErrors(await c.post('/api/integration/orders', {}), [
        ['order_no', '请填写订单号'],
        ['shop_id', '请填写店铺'],
        ['product_id', '请填写产品'],
        ['title', '请填写标题'],
        ['allowed_minutes', '请填写设计时限'],
        ['fee_cents', '请填写设计费'],
      ]);
      expectFieldErrors(await c.post('/api/integration/orders', order(shop, product, { order_no: 'bad no!' })), [['order_no', /订单号/]]);
      expectFieldErrors(await c.post('/api/integration/orders', order(shop, product, { fee_cents: -1 })), [['fee_cents', '设计费不能为负数']]);
      expectFieldErrors(await c.post('/api/integration/orders', order(shop, product, { allowed_minutes: 0 })), [['allowed_minutes']]);
      expectFieldErrors(await c.post('/api/integration/orders', order(shop, product, { status: '3' })), [['status']]);
      expectFieldErrors(await c.post('/api/integration/orders', order(shop, product, { attachments: [{ name: '', url: 'x' }] })), [['attachments.0.name']]);
      expectFieldErrors(await c.post('/api/integration/orders', order(999_999, product)), [['shop_id', '店铺不存在']]);
      expectFieldErrors(await c.post('/api/integration/orders', order(shop, 999_999, { team_id: 999_999 })), [
        ['product_id', '产品不存在'],
        ['team_id', '团队不存在'],
      ]);
      expectFieldErrors(await c.post('/api/integration/orders', '{"order_no":', { headers: { 'content-type': 'application/json' } }), [['body']]);
      const after = await Promise.all([tableCount(t, 'tickets'), tableCount(t, 'ticket_events'), tableCount(t, 'allocations'), tableCount(t, 'messages')]);
      expect(after).toEqual(before);
    });

    it('stays unassigned (no message) when nobody qualified is free', async () => {
      const product = await createProduct(t);
      const { ticket } = await ingest(t, order(shop, product));
      expect(ticket).toMatchObject({ designer_id: null, allocation_id: null, started_at: null, due_at: null });
      expect(await ticketMessages(t, ticket.ticket_id)).toEqual([]);
      expect((await ticketEvents(t, ticket.ticket_id)).map((e) => [e.type, e.actor_kind])).toEqual([['created', 'upstream']]);
    });

    it('a system assignment starts the clock, writes the timeline and sends message 2', async () => {
      const { product, designer } = await world();
      const { ticket } = await ingest(t, order(shop, product, { allowed_minutes: 240 }));
      expect(ticket.started_at).toEqual(expect.any(String));
      expect(Date.parse(ticket.due_at as string) - Date.parse(ticket.started_at as string)).toBe(240 * 60_000);
      const events = await ticketEvents(t, ticket.ticket_id);
      expect(events.map((e) => [e.type, e.actor_kind, e.actor_id])).toEqual([
        ['created', 'upstream', null],
        ['system_assigned', 'system', null],
      ]);
      const msgs = await ticketMessages(t, ticket.ticket_id);
      expect(msgs).toEqual([
        expect.objectContaining({
          designer_id: designer.id,
          message_type: 2,
          info: { ticket_id: ticket.ticket_id, allocation_id: ticket.allocation_id },
          title: expect.stringContaining(ticket.order_no),
        }),
      ]);
      expect(msgs[0]!.title).toMatch(/4小时/);
    });
  });

  describe('POST /api/integration/orders/{order_no}/status', () => {
    const cases = [
      ['refund', '2', 'refunded', undefined],
      ['completion', '4', 'completed', undefined],
      ['close', '3', 'order_closed', 28],
      ['factory_reject', '5', 'factory_rejected', 32],
    ] as const;

    it.each(cases)('%s → status %s, event %s, message %s; repeating changes nothing', async (event, status, eventType, messageType) => {
      const { product, designer } = await world();
      const { ticket } = await ingest(t, order(shop, product));
      const url = `/api/integration/orders/${ticket.order_no}/status`;
      const res = expectEnvelope<{ changed: boolean; ticket: TicketView }>(await integration(t).post(url, { event, reason: '客户原因' }), 200).data;
      expect(res.changed).toBe(true);
      expect(res.ticket.status).toBe(status);
      if (event === 'completion') expect(res.ticket.stage).toBe('done');
      if (event === 'factory_reject') expect(res.ticket.work_markers).toBe('FACTORY_REJECT');
      const events = await ticketEvents(t, ticket.ticket_id);
      const last = events.at(-1)!;
      expect(last).toMatchObject({ type: eventType, actor_kind: 'upstream', actor_id: null });
      expect(JSON.parse(last.detail)).toEqual({ from: '0', to: status, reason: '客户原因' });
      // The completion stamps the ticket with its notice's time (the team board counts from it).
      const stamped = await t.db.selectFrom('tickets').select('completed_at').where('id', '=', ticket.ticket_id).executeTakeFirstOrThrow();
      expect(stamped.completed_at).toBe(event === 'completion' ? last.created_at : null);
      const msgs = (await ticketMessages(t, ticket.ticket_id)).filter((m) => m.message_type !== 2);
      expect(msgs).toEqual(
        messageType ? [expect.objectContaining({ designer_id: designer.id, message_type: messageType, info: { ticket_id: ticket.ticket_id, allocation_id: ticket.allocation_id } })] : [],
      );

      const again = expectEnvelope<{ changed: boolean; ticket: TicketView }>(await integration(t).post(url, { event }), 200).data;
      expect(again.changed).toBe(false);
      expect(await ticketEvents(t, ticket.ticket_id)).toHaveLength(events.length);
      expect((await ticketMessages(t, ticket.ticket_id)).filter((m) => m.message_type !== 2)).toHaveLength(msgs.length);
    });

    it('404 for an unknown order, 422 for an unknown event', async () => {
      expectEnvelope(await integration(t).post('/api/integration/orders/NOPE-404/status', { event: 'refund' }), 404);
      expectFieldErrors(await integration(t).post('/api/integration/orders/ABC/status', { event: 'explode' }), [['event', '事件类型不正确']]);
    });
  });

  describe('drafts and their audit', () => {
    it('first then final draft move the stage; audits set sync_status and send 15/16', async () => {
      const { product, designer } = await world();
      const { ticket } = await ingest(t, order(shop, product));
      const id = ticket.ticket_id;

      expectConflict(await designer.client.post(`/api/tickets/${id}/drafts`, { kind: 'final', files: [draftKey(designer.code)] }), '请先提交初稿');
      const first = expectEnvelope(await designer.client.post(`/api/tickets/${id}/drafts`, { kind: 'first', files: [draftKey(designer.code), draftKey(designer.code, '效果图 A.png')] }), 200).data;
      expect(first).toMatchObject({ ticket_id: id, allocation_id: ticket.allocation_id, kind: 'first', sync_status: 0, designer_id: designer.code });
      expect(first.files).toHaveLength(2);
      let detail = expectEnvelope(await designer.client.get(`/api/tickets/${id}`), 200).data;
      expect(detail.stage).toBe('first_draft');

      const audit = (draftId: number, sync_status: number, result = '') =>
        integration(t).post(`/api/integration/drafts/${draftId}/audit`, { sync_status, result });
      const a1 = expectEnvelope(await audit(first.draft_id, 1, '缩略图正常'), 200).data;
      expect(a1).toMatchObject({ changed: true, draft: { sync_status: 1, audit_result: '缩略图正常' } });
      expect(a1.draft.audited_at).toEqual(expect.any(String));
      expect(expectEnvelope(await audit(first.draft_id, 1, '缩略图正常'), 200).data.changed).toBe(false);

      const final = expectEnvelope(await designer.client.post(`/api/tickets/${id}/drafts`, { kind: 'final', files: [draftKey(designer.code)], note: '终稿' }), 200).data;
      detail = expectEnvelope(await designer.client.get(`/api/tickets/${id}`), 200).data;
      expect(detail.stage).toBe('final_draft');
      expectConflict(await designer.client.post(`/api/tickets/${id}/drafts`, { kind: 'first', files: [draftKey(designer.code)] }), /终稿已提交/);
      expectEnvelope(await audit(final.draft_id, 3, '轮廓异常'), 200);

      const msgs = (await ticketMessages(t, id)).filter((m) => m.message_type !== 2);
      expect(msgs.map((m) => [m.designer_id, m.message_type, m.info.allocation_id])).toEqual([
        [designer.id, 15, ticket.allocation_id],
        [designer.id, 16, ticket.allocation_id],
      ]);
      detail = expectEnvelope(await designer.client.get(`/api/tickets/${id}`), 200).data;
      expect(detail.drafts.map((d: { kind: string; sync_status: number }) => [d.kind, d.sync_status])).toEqual([
        ['first', 1],
        ['final', 3],
      ]);
      const types = (await ticketEvents(t, id)).map((e) => e.type);
      expect(types).toEqual(['created', 'system_assigned', 'draft_submitted', 'draft_audited', 'draft_submitted', 'draft_audited']);

      expectEnvelope(await audit(999_999, 1), 404);
      expectFieldErrors(await audit(first.draft_id, 4), [['sync_status', '同步状态只能是1、2或3']]);
    });

    it('refuses keys outside the designer’s own draft prefix or of the wrong shape (422, nothing written)', async () => {
      const { product, designer, other } = await world();
      const { ticket } = await ingest(t, order(shop, product));
      const url = `/api/tickets/${ticket.ticket_id}/drafts`;
      const before = await tableCount(t, 'drafts');
      expectFieldErrors(await designer.client.post(url, { kind: 'first', files: [draftKey(designer.code), draftKey(other.code)] }), [['files.1', '只能提交自己上传的文件']]);
      for (const bad of [
        `user/${designer.code}/20261123/abc123/x.pdf`,
        `draft/${designer.code}/x.pdf`,
        `draft/${designer.code}/20261123/abc123/../../x.pdf`,
        `draft/${designer.code}/20261123/abc123/sub/x.pdf`,
        `/draft/${designer.code}/20261123/abc123/x.pdf`,
        `draft/${designer.code}/20261123/abc123/.`,
      ]) {
        expectFieldErrors(await designer.client.post(url, { kind: 'first', files: [bad] }), [['files.0', '文件路径不正确']]);
      }
      // A NUL is refused in any text of any request, before the schema (plugins/text-input.ts).
      expectFieldErrors(await designer.client.post(url, { kind: 'first', files: [`draft/${designer.code}/20261123/abc123/x\u0000.pdf`] }), [['files.0', '内容包含不允许的字符']]);
      expectFieldErrors(await designer.client.post(url, { kind: 'first', files: [] }), [['files', '请上传稿件文件']]);
      expectFieldErrors(await designer.client.post(url, { kind: 'draft', files: [draftKey(designer.code)] }), [['kind']]);
      expect(await tableCount(t, 'drafts')).toBe(before);
    });

    it('a draft after due_at adds the LATE marker', async () => {
      const { product, designer } = await world();
      const { ticket } = await ingest(t, order(shop, product, { allowed_minutes: 60 }));
      advanceClock(61 * 60_000);
      expectEnvelope(await designer.client.post(`/api/tickets/${ticket.ticket_id}/drafts`, { kind: 'first', files: [draftKey(designer.code)] }), 200);
      const detail = expectEnvelope(await designer.client.get(`/api/tickets/${ticket.ticket_id}`), 200).data;
      expect(detail.work_markers).toBe('LATE');
    });

    it('final-review sends 14 and factory-reject sends 23 to the team leads, once each', async () => {
      const { product, designer, lead } = await world();
      const { ticket } = await ingest(t, order(shop, product));
      const id = ticket.ticket_id;
      expectConflict(await designer.client.post(`/api/tickets/${id}/final-review`, {}), '请先提交终稿');
      await designer.client.post(`/api/tickets/${id}/drafts`, { kind: 'first', files: [draftKey(designer.code)] });
      await designer.client.post(`/api/tickets/${id}/drafts`, { kind: 'final', files: [draftKey(designer.code)] });
      const reviewed = expectEnvelope<TicketView>(await designer.client.post(`/api/tickets/${id}/final-review`, { note: '请审核' }), 200).data;
      expect(reviewed.work_markers).toBe('SUBMIT');
      expectConflict(await designer.client.post(`/api/tickets/${id}/final-review`), /已申请终稿审核/);

      expectFieldErrors(await designer.client.post(`/api/tickets/${id}/factory-reject`, {}), [['reason', '请填写驳回原因']]);
      expectEnvelope(await designer.client.post(`/api/tickets/${id}/factory-reject`, { reason: '工厂无法印刷烫金' }), 200);
      expectConflict(await designer.client.post(`/api/tickets/${id}/factory-reject`, { reason: '再次申请' }), /请等待审核/);

      const msgs = (await ticketMessages(t, id)).filter((m) => m.message_type !== 2);
      expect(msgs.map((m) => [m.designer_id, m.message_type])).toEqual([
        [lead.id, 14],
        [lead.id, 23],
      ]);
      const events = await ticketEvents(t, id);
      expect(events.filter((e) => e.type === 'final_review_applied' || e.type === 'factory_reject_applied').map((e) => [e.type, e.actor_id])).toEqual([
        ['final_review_applied', designer.id],
        ['factory_reject_applied', designer.id],
      ]);
    });

    it('no drafts on a closed ticket (409)', async () => {
      const { product, designer } = await world();
      const { ticket } = await ingest(t, order(shop, product));
      await integration(t).post(`/api/integration/orders/${ticket.order_no}/status`, { event: 'refund' });
      expectConflict(await designer.client.post(`/api/tickets/${ticket.ticket_id}/drafts`, { kind: 'first', files: [draftKey(designer.code)] }), /工单已结束/);
    });
  });

  describe('object-level authorization', () => {
    it('another designer, another team’s lead: 404 for reading and acting; the team’s lead reads', async () => {
      const { product, designer, lead } = await world();
      const { ticket } = await ingest(t, order(shop, product));
      const id = ticket.ticket_id;
      const stranger = await createPerson(t, { type: 1, teamId: null, products: [product] });
      const partTime = await createPerson(t, { type: 2, products: [product] });
      const otherTeamLead = await createPerson(t, { type: 0, teamId: await createTeam(t) });

      for (const who of [stranger, partTime, otherTeamLead]) {
        expectEnvelope(await who.client.get(`/api/tickets/${id}`), 404);
        const list = expectEnvelope<Page<TicketView>>(await who.client.get(`/api/tickets?pageSize=100&keyword=${ticket.order_no}`), 200).data;
        expect(list.items).toEqual([]);
      }
      for (const who of [stranger, partTime]) {
        expectEnvelope(await who.client.post(`/api/tickets/${id}/drafts`, { kind: 'first', files: [draftKey(who.code)] }), 404);
        expectEnvelope(await who.client.post(`/api/tickets/${id}/final-review`, {}), 404);
        expectEnvelope(await who.client.post(`/api/tickets/${id}/factory-reject`, { reason: 'x' }), 404);
      }
      for (const action of ['urge', 'abnormal', 'close']) {
        expectEnvelope(await otherTeamLead.client.post(`/api/tickets/${id}/${action}`, { reason: '原因', note: '' }), 404);
      }
      expectEnvelope(await otherTeamLead.client.post(`/api/tickets/${id}/transfer`, { designer_id: otherTeamLead.code }), 404);
      expectEnvelope(await designer.client.get(`/api/tickets/${id}`), 200);
      expectEnvelope(await lead.client.get(`/api/tickets/${id}`), 200);
      // The lead reads but does not submit the designer's drafts.
      expectEnvelope(await lead.client.post(`/api/tickets/${id}/drafts`, { kind: 'first', files: [draftKey(lead.code)] }), 403);
      expectEnvelope(await t.anon.get('/api/tickets/999999999'), 401);
      expectEnvelope(await designer.client.get('/api/tickets/999999999'), 404);
      expectFieldErrors(await designer.client.get('/api/tickets/abc'), [['id']]);
    });

    it('every ticket call needs a live token', async () => {
      for (const [method, url] of [
        ['GET', '/api/tickets'],
        ['GET', '/api/tickets/panel-counts'],
        ['GET', '/api/tickets/1'],
        ['POST', '/api/tickets/1/drafts'],
        ['POST', '/api/tickets/1/final-review'],
        ['POST', '/api/tickets/1/factory-reject'],
        ['POST', '/api/tickets/1/assign'],
        ['POST', '/api/tickets/1/transfer'],
        ['POST', '/api/tickets/1/urge'],
        ['POST', '/api/tickets/1/abnormal'],
        ['POST', '/api/tickets/1/close'],
        ['GET', '/api/order-hall/tickets'],
        ['POST', '/api/order-hall/tickets/1/grab'],
      ] as const) {
        expect401(await t.inject({ method, url, payload: method === 'POST' ? {} : undefined }));
      }
    });
  });

  describe('GET /api/tickets', () => {
    let me: Person;
    let lead: Person;
    let product: number;
    let product2: number;
    let tickets: TicketView[];
    let shop2: number;

    beforeAll(async () => {
      const teamId = await createTeam(t);
      product = await createProduct(t);
      product2 = await createProduct(t);
      shop2 = (await t.db.selectFrom('shops').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
      lead = await createPerson(t, { type: 0, teamId, online: 0 });
      me = await createPerson(t, { type: 1, teamId, products: [product, product2], capacity: 100 });
      tickets = [];
      for (let i = 0; i < 25; i++) {
        const body = order(i % 5 === 0 ? shop2 : shop, i % 2 ? product2 : product, {
          title: i === 7 ? '特别的海报 50%折扣_限时' : `手提袋 第${i}单`,
          order_markers: i % 3 === 0 ? 'URGENT' : i % 3 === 1 ? 'PROOF,OLD_CUS' : '',
          allowed_minutes: i < 3 ? 30 : 10_000,
        });
        tickets.push((await ingest(t, body)).ticket);
        advanceClock(60_000);
      }
      // Three refunded, one at first_draft, and a later update of the oldest ticket.
      for (const k of [4, 5, 6]) await integration(t).post(`/api/integration/orders/${tickets[k]!.order_no}/status`, { event: 'refund' });
      advanceClock(1_000);
      await me.client.post(`/api/tickets/${tickets[10]!.ticket_id}/drafts`, { kind: 'first', files: [draftKey(me.code)] });
      advanceClock(1_000);
      await me.client.post(`/api/tickets/${tickets[0]!.ticket_id}/drafts`, { kind: 'first', files: [draftKey(me.code)] });
    });

    /** The clock resets after every test: 90 minutes on, tickets 0–2 (30 minutes allowed) are overdue. */
    const ninetyMinutesOn = () => advanceClock(90 * 60_000);

    const list = async (who: Person, query: string) => expectEnvelope<Page<TicketView>>(await who.client.get(`/api/tickets?${query}`), 200).data;
    const ids = (p: Page<TicketView>) => p.items.map((x) => x.ticket_id);
    const all = () => tickets.map((x) => x.ticket_id);

    it('pages my tickets, newest first by default', async () => {
      const p1 = await list(me, 'pageSize=10');
      expect(p1).toMatchObject({ total: 25, page: 1, pageSize: 10 });
      expect(ids(p1)).toEqual(all().reverse().slice(0, 10));
      const p3 = await list(me, 'pageSize=10&page=3');
      expect(ids(p3)).toEqual(all().reverse().slice(20));
      expect((await list(me, 'pageSize=10&page=4')).items).toEqual([]);
      const dflt = await list(me, '');
      expect(dflt).toMatchObject({ page: 1, pageSize: 20, total: 25 });
      const item = dflt.items[0]!;
      expect(Object.keys(item).sort()).toEqual(
        [
          'allocation_id',
          'allowed_minutes',
          'created_at',
          'designer_id',
          'designer_name',
          'due_at',
          'fee_cents',
          'order_markers',
          'order_no',
          'product_id',
          'product_name',
          'shop_id',
          'shop_name',
          'stage',
          'started_at',
          'status',
          'team_id',
          'ticket_id',
          'title',
          'unread_comments',
          'updated_at',
          'work_markers',
        ].sort(),
      );
      expect(item.unread_comments).toBe(0);
    });

    it('sorts by created_at or updated_at, ascending or descending', async () => {
      expect(ids(await list(me, 'pageSize=100&sort_by=created_at&sort_order=asc'))).toEqual(all());
      const byUpdate = ids(await list(me, 'pageSize=100&sort_by=updated_at&sort_order=desc'));
      // Ticket 0 got a draft last, then ticket 10 before it, then the refunds.
      expect(byUpdate.slice(0, 2)).toEqual([tickets[0]!.ticket_id, tickets[10]!.ticket_id]);
    });

    it('filters by status, markers, shop, product, keyword, stage, created range and overdue', async () => {
      const refunded = [4, 5, 6].map((k) => tickets[k]!.ticket_id);
      expect(ids(await list(me, 'pageSize=100&status=2&sort_order=asc'))).toEqual(refunded);
      expect((await list(me, 'pageSize=100&status=0,2')).total).toBe(25);
      expect((await list(me, 'pageSize=100&status=0')).total).toBe(22);

      const urgent = tickets.filter((_, i) => i % 3 === 0).map((x) => x.ticket_id);
      expect(ids(await list(me, 'pageSize=100&markers=URGENT&sort_order=asc'))).toEqual(urgent);
      const oldCusOrUrgent = tickets.filter((_, i) => i % 3 !== 2).map((x) => x.ticket_id);
      expect(ids(await list(me, 'pageSize=100&markers=OLD_CUS,URGENT&sort_order=asc'))).toEqual(oldCusOrUrgent);

      expect(ids(await list(me, `pageSize=100&shop_id=${shop2}&sort_order=asc`))).toEqual(tickets.filter((_, i) => i % 5 === 0).map((x) => x.ticket_id));
      expect((await list(me, `pageSize=100&product_id=${product2}`)).total).toBe(12);

      expect(ids(await list(me, `keyword=${encodeURIComponent('50%折扣_')}`))).toEqual([tickets[7]!.ticket_id]);
      expect(ids(await list(me, `keyword=${encodeURIComponent('%')}`))).toEqual([tickets[7]!.ticket_id]);
      expect(ids(await list(me, `keyword=${tickets[12]!.order_no.slice(-5)}`))).toEqual([tickets[12]!.ticket_id]);

      expect(ids(await list(me, 'stage=first_draft&sort_order=asc'))).toEqual([tickets[0]!.ticket_id, tickets[10]!.ticket_id]);

      const from = tickets[20]!.created_at as string;
      const to = tickets[22]!.created_at as string;
      expect(ids(await list(me, `created_from=${encodeURIComponent(from)}&created_to=${encodeURIComponent(to)}&sort_order=asc`))).toEqual(
        [20, 21, 22].map((k) => tickets[k]!.ticket_id),
      );
      const day = new Date(Date.parse(tickets[0]!.created_at as string) + 8 * 3600_000).toISOString().slice(0, 10);
      expect((await list(me, `pageSize=100&created_from=${day}&created_to=${day}`)).total).toBeGreaterThan(0);
      expect((await list(me, 'created_to=2000-01-01')).total).toBe(0);

      ninetyMinutesOn();
      expect(ids(await list(me, 'overdue=1&sort_order=asc'))).toEqual([0, 1, 2].map((k) => tickets[k]!.ticket_id));
      expect(ids(await list(me, 'overdue=1&stage=waiting&sort_order=asc'))).toEqual([1, 2].map((k) => tickets[k]!.ticket_id));
    });

    it('requests of one statement shape each get their own values (lists compile once per shape)', async () => {
      const refunded = [4, 5, 6].map((k) => tickets[k]!.ticket_id);
      expect(ids(await list(me, 'pageSize=100&status=2&sort_order=asc'))).toEqual(refunded);
      expect(ids(await list(me, 'pageSize=100&status=0&sort_order=asc'))).toEqual(all().filter((id) => !refunded.includes(id)));
      expect(ids(await list(me, 'pageSize=100&status=1&sort_order=asc'))).toEqual([]);
      const byShop = (s: number) => tickets.filter((_, i) => (i % 5 === 0 ? shop2 : shop) === s).map((x) => x.ticket_id);
      expect(ids(await list(me, `pageSize=100&shop_id=${shop2}&sort_order=asc`))).toEqual(byShop(shop2));
      expect(ids(await list(me, `pageSize=100&shop_id=${shop}&sort_order=asc`))).toEqual(byShop(shop));
      // Same query, another designer: the scope's value is bound per request too.
      const other = await createPerson(t, { type: 1 });
      expect((await list(other, 'pageSize=100&status=0&sort_order=asc')).total).toBe(0);
      expect((await list(me, 'pageSize=100&status=0&sort_order=asc')).total).toBe(22);
      // Pages of one shape: the offset is bound.
      const p1 = ids(await list(me, 'pageSize=10&page=1&sort_order=asc'));
      const p2 = ids(await list(me, 'pageSize=10&page=2&sort_order=asc'));
      expect([...p1, ...p2]).toEqual(all().slice(0, 20));
    });

    it('bad filters are 422', async () => {
      expectFieldErrors(await me.client.get('/api/tickets?status=9'), [['status', '工单状态不正确']]);
      expectFieldErrors(await me.client.get('/api/tickets?markers=URGENT,NOPE'), [['markers', '标记不正确']]);
      expectFieldErrors(await me.client.get('/api/tickets?pageSize=101'), [['pageSize']]);
      expectFieldErrors(await me.client.get('/api/tickets?stage=later'), [['stage', '工单阶段不正确']]);
      expectFieldErrors(await me.client.get('/api/tickets?sort_by=title'), [['sort_by', '排序字段不正确']]);
      expectFieldErrors(await me.client.get('/api/tickets?created_from=yesterday'), [['created_from', '时间格式不正确']]);
      expectFieldErrors(await me.client.get('/api/tickets?overdue=maybe'), [['overdue']]);
    });

    it('a lead sees the team’s tickets and can narrow to one designer', async () => {
      const team = await list(lead, 'pageSize=100');
      expect(team.total).toBe(25);
      const { real_name } = await t.db.selectFrom('designers').select('real_name').where('id', '=', me.id).executeTakeFirstOrThrow();
      expect(real_name).not.toBe('');
      expect(team.items.every((x) => x.designer_id === me.code && x.designer_name === real_name)).toBe(true);
      // A designer without a real name shows the nickname.
      await t.db.updateTable('designers').set({ real_name: '', nickname: '小昵称' }).where('id', '=', me.id).execute();
      try {
        expect((await list(lead, 'pageSize=5')).items.map((x) => x.designer_name)).toEqual(Array(5).fill('小昵称'));
        // The designer's own list names them from this request's session lookup: also current.
        expect((await list(me, 'pageSize=5')).items.map((x) => x.designer_name)).toEqual(Array(5).fill('小昵称'));
      } finally {
        await t.db.updateTable('designers').set({ real_name, nickname: '' }).where('id', '=', me.id).execute();
      }
      expect((await list(lead, `pageSize=100&designer_id=${me.code}`)).total).toBe(25);
      expect((await list(lead, `pageSize=100&designer_id=${lead.code}`)).total).toBe(0);
    });

    it('panel counts: waiting, in progress, due soon, overdue, rejected, appealing', async () => {
      ninetyMinutesOn();
      const counts = expectEnvelope(await me.client.get('/api/tickets/panel-counts'), 200).data;
      // 22 open; 2 at first_draft (0 is overdue), 20 waiting (1, 2 overdue; none due within 24 h).
      expect(counts).toEqual({ waiting: 20, in_progress: 22, first_draft_due: 0, final_draft_due: 0, overdue: 3, rejected: 0, appealing: 0 });
      await integration(t).post(`/api/integration/orders/${tickets[8]!.order_no}/status`, { event: 'factory_reject' });
      advanceClock(10_000 * 60_000 - 24 * 3600_000); // the 10,000-minute tickets now fall due within 24 h
      const later = expectEnvelope(await me.client.get('/api/tickets/panel-counts'), 200).data;
      expect(later.rejected).toBe(1);
      expect(later.first_draft_due + later.final_draft_due).toBeGreaterThan(0);
      expect(later.final_draft_due).toBe(1); // ticket 10 (first_draft)
      const leadCounts = expectEnvelope(await lead.client.get('/api/tickets/panel-counts'), 200).data;
      expect(leadCounts.in_progress).toBeGreaterThanOrEqual(22);
    });

    it('detail carries requirements, attachments, drafts, allocations and the timeline with who and when', async () => {
      const k = tickets[10]!;
      const d = expectEnvelope(await me.client.get(`/api/tickets/${k.ticket_id}`), 200).data;
      expect(d).toMatchObject({ ticket_id: k.ticket_id, requirements: '按附件排版', customer_notes: '', attachments: [] });
      expect(d.allocations).toEqual([
        { allocation_id: k.allocation_id, designer_id: me.code, designer_name: expect.any(String), how: 'system', assigned_at: expect.any(String), ended_at: null, end_reason: null },
      ]);
      expect(d.drafts).toHaveLength(1);
      expect(d.timeline.map((e: { type: string; type_name: string; actor: { kind: string; designer_id: string | null; name: string } }) => [e.type, e.type_name, e.actor])).toEqual([
        ['created', '工单创建', { kind: 'upstream', designer_id: null, name: '订单系统' }],
        ['system_assigned', '系统派单', { kind: 'system', designer_id: null, name: '系统' }],
        ['draft_submitted', '提交稿件', { kind: 'designer', designer_id: me.code, name: expect.stringMatching(/^设计师/) }],
      ]);
      for (const e of d.timeline) expect(e.created_at).toMatch(/Z$/);
    });
  });

  describe('demo data', () => {
    it('seeds tickets in every status and stage for the demo designers, with unassigned ones in the hall', async () => {
      const statuses = await t.db.selectFrom('tickets').select('status').distinct().execute();
      expect(statuses.map((r) => r.status).sort()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
      const stages = await t.db.selectFrom('tickets').select('stage').distinct().execute();
      expect(stages.map((r) => r.stage).sort()).toEqual(['done', 'final_draft', 'first_draft', 'waiting']);
      const designer = await t.sessionFor(DEMO.designer);
      const mine = expectEnvelope<Page<TicketView>>(await t.authed(designer).get('/api/tickets?pageSize=100'), 200).data;
      expect(mine.total).toBeGreaterThan(50);
      const marked = expectEnvelope<Page<TicketView>>(await t.authed(designer).get('/api/tickets?markers=URGENT'), 200).data;
      expect(marked.total).toBeGreaterThan(0);
      const detail = expectEnvelope(await t.authed(designer).get(`/api/tickets/${mine.items[0]!.ticket_id}`), 200).data;
      expect(detail.timeline.length).toBeGreaterThan(1);
      for (const phone of [DEMO.partTime2, DEMO.partTime3]) {
        const hall = expectEnvelope<Page<TicketView>>(await t.authed(await t.sessionFor(phone)).get('/api/order-hall/tickets'), 200).data;
        expect(hall.total).toBeGreaterThan(0);
      }
      const lead = await t.sessionFor(DEMO.lead);
      const counts = expectEnvelope(await t.authed(lead).get('/api/tickets/panel-counts'), 200).data;
      expect(counts.in_progress).toBeGreaterThan(0);
      // Every open allocation matches its ticket.
      const mismatched = await t.db
        .selectFrom('tickets')
        .leftJoin('allocations', (j) => j.onRef('allocations.ticket_id', '=', 'tickets.id').on('allocations.ended_at', 'is', null))
        .select(['tickets.id', 'tickets.current_allocation_id', 'allocations.id as open_id'])
        .execute();
      for (const r of mismatched) expect(r.current_allocation_id).toBe(r.open_id);
    });
  });
});

describe.each(dialects)('order simulator (%s)', (dialect) => {
  const t = useTicketApp(dialect, { config: { simulatorRatePerMin: 3000 } });

  it('feeds new orders through the ingestion service when SIMULATOR_RATE_PER_MIN is set', async () => {
    const simulated = async () =>
      t.db.selectFrom('tickets').select(['id', 'designer_id']).where('order_no', 'like', 'SIM%').execute();
    for (let i = 0; i < 100 && (await simulated()).length < 3; i++) await new Promise((r) => setTimeout(r, 50));
    const rows = await simulated();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const events = await ticketEvents(t, rows[0]!.id);
    expect(events[0]).toMatchObject({ type: 'created', actor_kind: 'system' });
    expect(JSON.parse(events[0]!.detail)).toMatchObject({ source: 'simulator' });
  });

  it('writes the reference image an order names into the store before the order comes in (issue #24)', async () => {
    const withImage = async () =>
      (await t.db.selectFrom('tickets').select(['id', 'order_no', 'attachments']).where('order_no', 'like', 'SIM%').execute()).filter((r) => r.attachments !== '[]');
    for (let i = 0; i < 200 && (await withImage()).length < 2; i++) await new Promise((r) => setTimeout(r, 50));
    const rows = await withImage();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const lead = t.authed(await t.sessionFor(DEMO.lead));
    for (const r of rows.slice(0, 2)) {
      const detail = expectEnvelope<{ attachments: { url: string; read_url: string }[] }>(await lead.get(`/api/tickets/${r.id}`), 200).data;
      expect(detail.attachments[0]!.url).toBe(`attachment/reference/${r.order_no}/reference.png`);
      const res = await t.inject({ method: 'GET', url: detail.attachments[0]!.read_url });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.rawPayload.subarray(1, 4).toString('ascii')).toBe('PNG');
    }
  });
});
