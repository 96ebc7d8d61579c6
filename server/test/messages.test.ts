/**
 * The message centre's calls (spec §7, product.md §6–7): messages, unread counts, read marks,
 * announcements with the scope and product rules of spec §6, publishing by team leads, the message
 * service's persist-then-publish contract, and the broker-auth hooks for an external broker.
 *
 * These run through inject; nothing listens on a port (the embedded broker has no clients, i.e.
 * every designer is offline). Delivery over MQTT is in broker.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_TYPE, MESSAGE_TYPE_CODES } from '../src/modules/messages/message-types.js';
import type { Broker } from '../src/plugins/broker.js';
import { BROKER_HOOK_SECRET, DEMO, dialects, expect401, expectEnvelope, expectFieldErrors, type TestApp, useTestApp } from './support/harness.js';

interface Who {
  id: number;
  code: string;
  token: string;
  type: number;
}

async function who(t: TestApp, phone: string, token?: string): Promise<Who> {
  const tok = token ?? (await t.sessionFor(phone));
  const res = await t.authed(tok).get('/api/user/profile');
  const p = expectEnvelope<{ id: number; designer_id: string; designer_type: number }>(res, 200).data;
  return { id: p.id, code: p.designer_id, token: tok, type: p.designer_type };
}

interface MessageItem {
  message_id: number;
  message_type: number;
  type_name: string;
  ext_json: { title: string; info: Record<string, unknown> };
  is_read: number;
  created_time: string;
}

interface AnnouncementItem {
  announcement_id: number;
  title: string;
  body: string;
  scope: number;
  product_ids: number[];
  published_at: string;
  is_read: number;
}

interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

const nonce = () => randomBytes(4).toString('hex');

describe.each(dialects)('messages and announcements (%s)', (dialect) => {
  // Demo mode on: POST /api/demo/emit-message is the API path of a message in these tests.
  const t = useTestApp(dialect, { config: { demoMode: true } });
  let lead: Who, designer: Who, partTime2: Who, partTime3: Who, onboarding: Who;

  beforeAll(async () => {
    [lead, designer, partTime2, partTime3, onboarding] = await Promise.all([
      who(t, DEMO.lead),
      who(t, DEMO.designer),
      who(t, DEMO.partTime2),
      who(t, DEMO.partTime3),
      who(t, DEMO.onboarding),
    ]);
  });

  /** A designer with no messages yet (registered through the API). */
  async function freshDesigner(): Promise<Who> {
    const user = await t.registerUser();
    return who(t, user.phone, user.token);
  }

  const list = async (w: Who, query = '') => expectEnvelope<Page<MessageItem>>(await t.authed(w.token).get(`/api/messages/messages${query}`), 200).data;
  const unread = async (w: Who) =>
    expectEnvelope<{ total: number; by_type: { message_type: number; count: number }[] }>(await t.authed(w.token).get('/api/messages/messages/unread'), 200)
      .data;
  const send = (w: Who, type = 2, title = `系统为你分配了新工单 T${nonce()}，请在4小时内提交初稿`) =>
    t.app.messages.send([w.id], { type, title, info: { ticket_id: 202611001, allocation_id: 5000 } }).then((r) => r[0]!);

  describe('authentication', () => {
    it.each([
      ['GET', '/api/messages/messages'],
      ['GET', '/api/messages/messages/unread'],
      ['POST', '/api/messages/messages/read'],
      ['GET', '/api/messages/announcements'],
      ['GET', '/api/messages/announcements/1'],
      ['POST', '/api/messages/announcements/1/read'],
      ['POST', '/api/messages/announcements'],
    ] as const)('%s %s needs a live token', async (method, url) => {
      expect401(await t.inject({ method, url, payload: method === 'POST' ? {} : undefined }));
      expect401(await t.inject({ method, url, headers: { authorization: 'Bearer nope' }, payload: method === 'POST' ? {} : undefined }));
    });

    it('GET /api/messages/types lists every type of spec §4 (and 35 team member joined, 36–39 comments, 40–42 courses and exams) with its Chinese name', async () => {
      const types = expectEnvelope<{ message_type: number; name: string }[]>(await t.anon.get('/api/messages/types'), 200).data;
      expect(types.map((x) => x.message_type)).toEqual([...MESSAGE_TYPE_CODES]);
      expect(types.find((x) => x.message_type === MESSAGE_TYPE.EXAM_SUBMITTED)!.name).toBe('考试交卷');
      expect(types.find((x) => x.message_type === 35)!.name).toBe('团队成员加入');
      expect(types.find((x) => x.message_type === 36)!.name).toBe('评论提及');
      expect(types.find((x) => x.message_type === 37)!.name).toBe('申诉评论提及');
      expect(types.find((x) => x.message_type === 38)!.name).toBe('工单新评论');
      expect(types.find((x) => x.message_type === 39)!.name).toBe('申诉新评论');
      expect(types.find((x) => x.message_type === 29)!.name).toBe('公告');
      for (const x of types) expect(x.name).toMatch(/^[\u4e00-\u9fff]+$/);
    });
  });

  describe('GET /api/messages/messages', () => {
    let me: Who;
    /** What was sent to `me`, oldest first: [message_id, type]. */
    const sent: [number, number][] = [];
    const TYPES = [2, 8, 20, 25, 21];

    beforeAll(async () => {
      me = await freshDesigner();
      for (let i = 0; i < 23; i++) {
        const type = TYPES[i % TYPES.length]!;
        const m = await send(me, type, `第${i + 1}条：工单 T20261100${i} 有新动态，请及时处理`);
        sent.push([m.message_id, type]);
      }
    });

    it('pages newest first with page, pageSize and total', async () => {
      const newestFirst = sent.map(([id]) => id).reverse();
      const p1 = await list(me, '?page=1&pageSize=10');
      expect(p1).toMatchObject({ total: 23, page: 1, pageSize: 10 });
      expect(p1.items.map((m) => m.message_id)).toEqual(newestFirst.slice(0, 10));
      const p3 = await list(me, '?page=3&pageSize=10');
      expect(p3).toMatchObject({ total: 23, page: 3, pageSize: 10 });
      expect(p3.items.map((m) => m.message_id)).toEqual(newestFirst.slice(20));
      const p4 = await list(me, '?page=4&pageSize=10');
      expect(p4).toMatchObject({ total: 23, items: [] });
      const dflt = await list(me);
      expect(dflt).toMatchObject({ total: 23, page: 1, pageSize: 20 });
      expect(dflt.items).toHaveLength(20);
    });

    it('items carry the spec fields: message_id, message_type, ext_json.title and ext_json.info', async () => {
      const [m] = (await list(me, '?pageSize=1')).items;
      expect(m).toEqual({
        message_id: sent.at(-1)![0],
        message_type: sent.at(-1)![1],
        type_name: expect.stringMatching(/^[\u4e00-\u9fff]+$/),
        ext_json: { title: '第23条：工单 T2026110022 有新动态，请及时处理', info: { ticket_id: 202611001, allocation_id: 5000 } },
        is_read: 0,
        created_time: expect.stringMatching(/(Z|[+-]\d\d:\d\d)$/),
      });
    });

    it('filters by message_type and by is_read', async () => {
      const of8 = await list(me, '?message_type=8&pageSize=100');
      const expected8 = sent.filter(([, ty]) => ty === 8).map(([id]) => id).reverse();
      expect(of8.total).toBe(expected8.length);
      expect(of8.items.map((m) => m.message_id)).toEqual(expected8);

      const readIds = sent.slice(0, 4).map(([id]) => id);
      expectEnvelope(await t.authed(me.token).post('/api/messages/messages/read', { message_ids: readIds }), 200);
      const read = await list(me, '?is_read=1&pageSize=100');
      expect(read.items.map((m) => m.message_id).sort((x, y) => x - y)).toEqual(readIds);
      expect(read.items.every((m) => m.is_read === 1)).toBe(true);
      const notRead = await list(me, '?is_read=0&pageSize=100');
      expect(notRead.total).toBe(23 - 4);
      expect(notRead.items.every((m) => m.is_read === 0)).toBe(true);
      const both = await list(me, '?is_read=0&message_type=2&pageSize=100');
      const unread2 = sent.filter(([id, ty]) => ty === 2 && !readIds.includes(id));
      expect(both.total).toBe(unread2.length);
    });

    it.each([
      ['message_type=1', 'message_type'],
      [`message_type=${Math.max(...MESSAGE_TYPE_CODES) + 1}`, 'message_type'],
      ['message_type=abc', 'message_type'],
      ['message_type=2.5', 'message_type'],
      ['is_read=2', 'is_read'],
      ['page=0', 'page'],
      ['pageSize=101', 'pageSize'],
    ])('?%s is refused with 422 on %s', async (query, field) => {
      expectFieldErrors(await t.authed(me.token).get(`/api/messages/messages?${query}`), [[field]]);
    });

    it('the unknown-type error is readable Chinese', async () => {
      expectFieldErrors(await t.authed(me.token).get('/api/messages/messages?message_type=99'), [['message_type', '消息类型不存在']]);
    });

    it("never lists another designer's messages", async () => {
      const other = await freshDesigner();
      const m = await send(other);
      const mine = await list(me, '?pageSize=100');
      expect(mine.items.map((x) => x.message_id)).not.toContain(m.message_id);
      expect((await list(other)).items.map((x) => x.message_id)).toEqual([m.message_id]);
    });
  });

  describe('unread counts and read marks', () => {
    it('GET unread gives the total and the count by type, ascending by type', async () => {
      const me = await freshDesigner();
      expect(await unread(me)).toEqual({ total: 0, by_type: [] });
      for (const type of [20, 2, 2, 8, 20, 20]) await send(me, type);
      expect(await unread(me)).toEqual({
        total: 6,
        by_type: [
          { message_type: 2, count: 2 },
          { message_type: 8, count: 1 },
          { message_type: 20, count: 3 },
        ],
      });
    });

    it("POST read with message_ids marks only the caller's own messages", async () => {
      const me = await freshDesigner();
      const other = await freshDesigner();
      const mine = [await send(me, 2), await send(me, 8), await send(me, 20)];
      const theirs = [await send(other, 2), await send(other, 8)];
      const res = await t.authed(me.token).post('/api/messages/messages/read', {
        message_ids: [mine[0]!.message_id, mine[1]!.message_id, ...theirs.map((m) => m.message_id)],
      });
      expect(expectEnvelope<{ updated: number }>(res, 200).data).toEqual({ updated: 2 });
      expect(await unread(me)).toEqual({ total: 1, by_type: [{ message_type: 20, count: 1 }] });
      // The other designer's messages are untouched.
      expect(await unread(other)).toEqual({
        total: 2,
        by_type: [
          { message_type: 2, count: 1 },
          { message_type: 8, count: 1 },
        ],
      });
      expect((await list(other)).items.every((m) => m.is_read === 0)).toBe(true);
      // Marking again changes nothing.
      expect(expectEnvelope(await t.authed(me.token).post('/api/messages/messages/read', { message_ids: [mine[0]!.message_id] }), 200).data).toEqual({
        updated: 0,
      });
    });

    it('POST read with all: true marks every message of mine and nobody else’s', async () => {
      const me = await freshDesigner();
      const other = await freshDesigner();
      for (const type of [2, 8, 20, 25]) await send(me, type);
      await send(other, 2);
      expect(expectEnvelope(await t.authed(me.token).post('/api/messages/messages/read', { all: true }), 200).data).toEqual({ updated: 4 });
      expect(await unread(me)).toEqual({ total: 0, by_type: [] });
      expect((await unread(other)).total).toBe(1);
      expect((await list(me, '?is_read=0')).total).toBe(0);
    });

    it('the demo designer’s seeded unread messages are counted per type', async () => {
      const fromDb = await t.db
        .selectFrom('messages')
        .select(['message_type', (eb) => eb.fn.countAll<number>().as('n')])
        .where('designer_id', '=', partTime3.id)
        .where('is_read', '=', 0)
        .groupBy('message_type')
        .orderBy('message_type')
        .execute();
      const u = await unread(partTime3);
      expect(u.by_type).toEqual(fromDb.map((r) => ({ message_type: r.message_type, count: Number(r.n) })));
      expect(u.total).toBeGreaterThan(0);
    });

    it.each([
      ['an empty body', {}],
      ['an empty list', { message_ids: [] }],
      ['all: false', { all: false }],
      ['all: false with an empty list', { all: false, message_ids: [] }],
    ])('POST read with %s is 422 on message_ids and changes nothing', async (_case, body) => {
      const me = await freshDesigner();
      await send(me);
      expectFieldErrors(await t.authed(me.token).post('/api/messages/messages/read', body), [['message_ids']]);
      expect((await unread(me)).total).toBe(1);
    });

    it.each([
      ['a non-numeric id', { message_ids: ['x'] }],
      ['a zero id', { message_ids: [0] }],
      ['more than 500 ids', { message_ids: Array.from({ length: 501 }, (_, i) => i + 1) }],
    ])('POST read with %s is 422', async (_case, body) => {
      const res = await t.authed(designer.token).post('/api/messages/messages/read', body);
      const e = expectEnvelope(res, 422);
      expect(e.error_fields![0]!.field).toMatch(/^message_ids/);
    });
  });

  describe('persisted before published', () => {
    let original: Broker['publish'];
    beforeAll(() => {
      original = t.app.broker.publish;
    });
    afterEach(() => {
      t.app.broker.publish = original;
    });

    it('a message to an offline designer (nobody connected) is in the list and the unread count', async () => {
      expect(t.app.broker.connectedClients()).toBe(0);
      const me = await freshDesigner();
      const res = await t.authed(lead.token).post('/api/demo/emit-message', { designer_id: designer.code, message_type: 20 });
      const { message_id } = expectEnvelope<{ message_id: number }>(res, 200).data;
      const [newest] = (await list(designer, '?pageSize=1')).items;
      expect(newest).toMatchObject({ message_id, message_type: 20, is_read: 0 });
      expect(newest!.ext_json.title).toMatch(/[\u4e00-\u9fff]/);
      expect(newest!.ext_json.info).toMatchObject({ ticket_id: expect.any(Number), allocation_id: expect.any(Number) });

      const m = await send(me, 2);
      expect((await list(me)).items.map((x) => x.message_id)).toEqual([m.message_id]);
      expect(await unread(me)).toEqual({ total: 1, by_type: [{ message_type: 2, count: 1 }] });
    });

    it('when the broker rejects the publish, the API call still succeeds and the message is listed', async () => {
      const calls: string[] = [];
      t.app.broker.publish = (topic) => {
        calls.push(topic);
        return Promise.reject(new Error('broker unavailable'));
      };
      const before = (await unread(partTime2)).total;
      const res = await t.authed(lead.token).post('/api/demo/emit-message', { designer_id: partTime2.code, message_type: 21 });
      const { message_id } = expectEnvelope<{ message_id: number }>(res, 200).data;
      expect(calls).toEqual([`designers/${partTime2.code}/messages`]);
      expect((await list(partTime2, '?pageSize=1')).items[0]!.message_id).toBe(message_id);
      expect((await unread(partTime2)).total).toBe(before + 1);

      const direct = await send(partTime2, 8);
      expect(calls).toHaveLength(2);
      expect((await list(partTime2, '?pageSize=1')).items[0]!.message_id).toBe(direct.message_id);
    });

    it('when the broker throws synchronously, the message is still persisted and the call succeeds', async () => {
      t.app.broker.publish = () => {
        throw new Error('broker client gone');
      };
      const me = await freshDesigner();
      const m = await send(me, 25);
      expect((await list(me)).items.map((x) => x.message_id)).toEqual([m.message_id]);
      const res = await t.authed(lead.token).post('/api/demo/emit-message', { designer_id: partTime3.code, message_type: 25 });
      expectEnvelope(res, 200);
    });
  });

  describe('announcements', () => {
    /** Product ids and which demo designers hold them. */
    let productIds: number[];
    let productsOf: Map<number, Set<number>>;

    beforeAll(async () => {
      productIds = (await t.db.selectFrom('products').select('id').orderBy('id').execute()).map((p) => p.id);
      const dp = await t.db.selectFrom('designer_products').select(['designer_id', 'product_id']).execute();
      productsOf = new Map();
      for (const r of dp) {
        if (!productsOf.has(r.designer_id)) productsOf.set(r.designer_id, new Set());
        productsOf.get(r.designer_id)!.add(r.product_id);
      }
    });

    /** A product `has` holds and `lacks` does not. */
    function productHeldBy(has: Who, lacks: Who): number {
      const p = productIds.find((id) => productsOf.get(has.id)?.has(id) && !productsOf.get(lacks.id)?.has(id));
      if (p === undefined) throw new Error('seed has no such product');
      return p;
    }

    /** Spec §6 written out independently of the server: the active designers an announcement reaches. */
    async function expectedRecipients(scope: number, products: number[]): Promise<number[]> {
      const ds = await t.db.selectFrom('designers').select(['id', 'designer_type', 'account_status']).execute();
      const dp = await t.db.selectFrom('designer_products').select(['designer_id', 'product_id']).execute();
      return ds
        .filter((d) => d.account_status === 1)
        .filter((d) => scope >= 4 || d.designer_type === scope)
        .filter((d) => products.length === 0 || d.designer_type === 0 || dp.some((x) => x.designer_id === d.id && products.includes(x.product_id)))
        .map((d) => d.id)
        .sort((x, y) => x - y);
    }

    /** Designers holding a type-29 message for this announcement. */
    async function messageRecipients(announcementId: number): Promise<number[]> {
      const rows = await t.db.selectFrom('messages').select(['designer_id', 'ext_json']).where('message_type', '=', 29).execute();
      return rows
        .filter((r) => (JSON.parse(r.ext_json) as { info: { announcement_id?: number } }).info.announcement_id === announcementId)
        .map((r) => r.designer_id)
        .sort((x, y) => x - y);
    }

    async function publish(body: { title?: string; body?: string; scope: number; product_ids?: number[] }) {
      const title = body.title ?? `公告 ${nonce()}`;
      const res = await t.authed(lead.token).post('/api/messages/announcements', { body: '公告内容：请各位知悉。', ...body, title });
      const data = expectEnvelope<{ announcement_id: number; recipients: number }>(res, 200).data;
      // The type-29 messages are written right after the answer (announcement-delivery.ts).
      await t.app.announcementDelivery.settled();
      return { ...data, title };
    }

    const announcements = async (w: Who) =>
      expectEnvelope<Page<AnnouncementItem>>(await t.authed(w.token).get('/api/messages/announcements?pageSize=100'), 200).data;
    const sees = async (w: Who, id: number) => (await announcements(w)).items.some((a) => a.announcement_id === id);

    it('lists the seeded announcements newest first with every field', async () => {
      const page = await announcements(designer);
      expect(page.total).toBeGreaterThan(0);
      const ids = page.items.map((a) => a.announcement_id);
      expect(ids).toEqual([...ids].sort((x, y) => y - x));
      for (const a of page.items) {
        expect(a).toEqual({
          announcement_id: expect.any(Number),
          title: expect.any(String),
          body: expect.any(String),
          scope: expect.any(Number),
          product_ids: expect.any(Array),
          published_at: expect.stringMatching(/(Z|[+-]\d\d:\d\d)$/),
          updated_at: null,
          is_read: expect.any(Number),
          // The designer published none of them.
          can_manage: false,
          // The seed's announcements carry no image.
          image_url: null,
          image_thumb_url: null,
        });
        expect([1, 4]).toContain(a.scope);
      }
      const paged = expectEnvelope<Page<AnnouncementItem>>(await t.authed(designer.token).get('/api/messages/announcements?page=1&pageSize=1'), 200).data;
      expect(paged).toMatchObject({ total: page.total, page: 1, pageSize: 1 });
      expect(paged.items.map((a) => a.announcement_id)).toEqual([ids[0]]);
    });

    it.each([0, 1, 2, 3])('scope %i reaches only designers of that type (list, detail and type-29 message)', async (scope) => {
      const a = await publish({ scope });
      const everyone = [lead, designer, partTime2, partTime3, onboarding];
      for (const w of everyone) {
        const reached = w.type === scope;
        expect(await sees(w, a.announcement_id), `designer type ${w.type} sees scope ${scope}`).toBe(reached);
        expectEnvelope(await t.authed(w.token).get(`/api/messages/announcements/${a.announcement_id}`), reached ? 200 : 404);
      }
      const expected = await expectedRecipients(scope, []);
      expect(await messageRecipients(a.announcement_id)).toEqual(expected);
      expect(a.recipients).toBe(expected.length);
    });

    it('scope 4 reaches everyone', async () => {
      const a = await publish({ scope: 4 });
      for (const w of [lead, designer, partTime2, partTime3, onboarding]) expect(await sees(w, a.announcement_id)).toBe(true);
      const expected = await expectedRecipients(4, []);
      expect(await messageRecipients(a.announcement_id)).toEqual(expected);
      expect(expected).toEqual(expect.arrayContaining([lead.id, designer.id, partTime2.id, partTime3.id]));
    });

    it('an announcement limited to products reaches only designers holding one of them; a lead sees all in scope', async () => {
      const p = productHeldBy(designer, partTime2);
      const a = await publish({ scope: 4, product_ids: [p] });
      expect(await sees(designer, a.announcement_id)).toBe(true);
      expect(await sees(lead, a.announcement_id)).toBe(true);
      expect(await sees(partTime2, a.announcement_id)).toBe(false);
      expectEnvelope(await t.authed(partTime2.token).get(`/api/messages/announcements/${a.announcement_id}`), 404);
      expectEnvelope(await t.authed(partTime2.token).post(`/api/messages/announcements/${a.announcement_id}/read`), 404);
      const recipients = await messageRecipients(a.announcement_id);
      expect(recipients).toEqual(await expectedRecipients(4, [p]));
      expect(recipients).toContain(designer.id);
      expect(recipients).toContain(lead.id);
      expect(recipients).not.toContain(partTime2.id);

      const detail = expectEnvelope<AnnouncementItem>(await t.authed(designer.token).get(`/api/messages/announcements/${a.announcement_id}`), 200).data;
      expect(detail).toMatchObject({ announcement_id: a.announcement_id, scope: 4, product_ids: [p], title: a.title, is_read: 0 });
    });

    it('holding any one of the products is enough (intersection, not subset)', async () => {
      const p = productHeldBy(designer, partTime2);
      const q = productHeldBy(partTime2, designer);
      const a = await publish({ scope: 4, product_ids: [p, q] });
      expect(await sees(designer, a.announcement_id)).toBe(true);
      expect(await sees(partTime2, a.announcement_id)).toBe(true);
      expect(await messageRecipients(a.announcement_id)).toEqual(await expectedRecipients(4, [p, q]));
    });

    it('scope and products combine: both must hold', async () => {
      const p = productHeldBy(designer, partTime2);
      const a = await publish({ scope: 2, product_ids: [p] });
      expect(a.recipients).toBe((await expectedRecipients(2, [p])).length);
      for (const w of [lead, designer, partTime2, partTime3]) expect(await sees(w, a.announcement_id)).toBe(false);
      expect(await messageRecipients(a.announcement_id)).not.toContain(partTime2.id);
    });

    it('a designer without products does not see a product-limited announcement', async () => {
      const fresh = await freshDesigner(); // registered, holds no products
      const a = await publish({ scope: 4, product_ids: [productIds[0]!] });
      const b = await publish({ scope: 4 });
      expect(await sees(fresh, a.announcement_id)).toBe(false);
      expect(await sees(fresh, b.announcement_id)).toBe(true);
      expect(await messageRecipients(a.announcement_id)).not.toContain(fresh.id);
      expect(await messageRecipients(b.announcement_id)).toContain(fresh.id);
    });

    it('GET detail of an announcement that does not reach me, or does not exist, is 404', async () => {
      const a = await publish({ scope: 0 });
      expectEnvelope(await t.authed(designer.token).get(`/api/messages/announcements/${a.announcement_id}`), 404);
      expectEnvelope(await t.authed(designer.token).get('/api/messages/announcements/99999999'), 404);
      expectEnvelope(await t.authed(designer.token).post('/api/messages/announcements/99999999/read'), 404);
      expectFieldErrors(await t.authed(designer.token).get('/api/messages/announcements/abc'), [['id']]);
    });

    it('reading an announcement flips is_read for me only and reads its type-29 message', async () => {
      const a = await publish({ scope: 4 });
      const other = await publish({ scope: 4 });
      const type29 = async (w: Who) => (await list(w, '?message_type=29&pageSize=100')).items;
      const ofA = (items: MessageItem[]) => items.find((m) => m.ext_json.info.announcement_id === a.announcement_id)!;
      const ofOther = (items: MessageItem[]) => items.find((m) => m.ext_json.info.announcement_id === other.announcement_id)!;
      expect(ofA(await type29(designer)).is_read).toBe(0);
      expect(ofA(await type29(designer)).ext_json.title).toContain(a.title);
      const unreadBefore = (await unread(designer)).total;

      expectEnvelope(await t.authed(designer.token).post(`/api/messages/announcements/${a.announcement_id}/read`), 200);
      const mine = (await announcements(designer)).items;
      expect(mine.find((x) => x.announcement_id === a.announcement_id)!.is_read).toBe(1);
      expect(mine.find((x) => x.announcement_id === other.announcement_id)!.is_read).toBe(0);
      expect(expectEnvelope<AnnouncementItem>(await t.authed(designer.token).get(`/api/messages/announcements/${a.announcement_id}`), 200).data.is_read).toBe(1);
      expect(ofA(await type29(designer)).is_read).toBe(1);
      expect(ofOther(await type29(designer)).is_read).toBe(0);
      expect((await unread(designer)).total).toBe(unreadBefore - 1);

      // Nobody else's read state changes.
      expect((await announcements(partTime2)).items.find((x) => x.announcement_id === a.announcement_id)!.is_read).toBe(0);
      expect(ofA(await type29(partTime2)).is_read).toBe(0);

      // Reading twice is fine and records one read.
      expectEnvelope(await t.authed(designer.token).post(`/api/messages/announcements/${a.announcement_id}/read`), 200);
      const reads = await t.db
        .selectFrom('announcement_reads')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('announcement_id', '=', a.announcement_id)
        .executeTakeFirstOrThrow();
      expect(Number(reads.n)).toBe(1);
    });

    it('reading a seeded announcement (which has no type-29 messages) works too', async () => {
      const [first] = (await announcements(partTime3)).items.filter((x) => x.is_read === 0);
      expectEnvelope(await t.authed(partTime3.token).post(`/api/messages/announcements/${first!.announcement_id}/read`), 200);
      expect((await announcements(partTime3)).items.find((x) => x.announcement_id === first!.announcement_id)!.is_read).toBe(1);
    });

    describe('publishing', () => {
      const counts = async () => ({
        announcements: await t.count('announcements'),
        products: await t.count('announcement_products'),
        messages: await t.count('messages'),
      });

      it.each([
        ['designer', () => designer],
        ['part-time designer', () => partTime2],
      ])('a %s may not publish (403) and nothing is written', async (_case, as) => {
        const before = await counts();
        const res = await t.authed(as().token).post('/api/messages/announcements', { title: '越权公告', body: '内容', scope: 4 });
        expectEnvelope(res, 403);
        expect(await counts()).toEqual(before);
      });

      it.each([
        ['an empty body', {}],
        ['blank strings and a scope out of range', { title: '   ', body: '', scope: 5 }],
        ['wrong types', { title: 1, body: null, scope: 'all' }],
        ['a negative scope and an overlong title', { title: '标'.repeat(101), body: ' \n ', scope: -1 }],
      ])('%s is 422 on title, body, scope (in that order) and writes nothing', async (_case, body) => {
        const before = await counts();
        expectFieldErrors(await t.authed(lead.token).post('/api/messages/announcements', body), [['title'], ['body'], ['scope']]);
        expect(await counts()).toEqual(before);
      });

      it('the messages of the 422 are readable Chinese', async () => {
        expectFieldErrors(await t.authed(lead.token).post('/api/messages/announcements', {}), [
          ['title', '请输入公告标题'],
          ['body', '请输入公告内容'],
          ['scope', '请选择发布范围'],
        ]);
      });

      it('an unknown product id is 422 on product_ids and writes nothing', async () => {
        const before = await counts();
        const res = await t.authed(lead.token).post('/api/messages/announcements', {
          title: '产品公告',
          body: '内容',
          scope: 4,
          product_ids: [productIds[0]!, 987654],
        });
        expectFieldErrors(res, [['product_ids', '所选产品不存在']]);
        expect(await counts()).toEqual(before);
      });

      it('publishing persists a type-29 message for exactly the recipients and broadcasts once on `announcements`', async () => {
        const original = t.app.broker.publish;
        const calls: { topic: string; payload: string }[] = [];
        t.app.broker.publish = (topic, payload) => {
          calls.push({ topic, payload });
          return original(topic, payload);
        };
        try {
          const p = productHeldBy(designer, partTime2);
          const before = await t.count('messages');
          const a = await publish({ scope: 4, product_ids: [p, p] });
          const expected = await expectedRecipients(4, [p]);
          expect(a.recipients).toBe(expected.length);
          expect(await messageRecipients(a.announcement_id)).toEqual(expected);
          expect((await t.count('messages')) - before).toBe(expected.length);

          expect(calls.map((c) => c.topic)).toEqual(['announcements']);
          expect(JSON.parse(calls[0]!.payload)).toEqual({
            message_type: 29,
            ext_json: { title: `新公告：${a.title}`, info: { announcement_id: a.announcement_id } },
            product_ids: [p],
            announcement_scope: 4,
            created_time: expect.any(String),
          });
          const stored = expectEnvelope<AnnouncementItem>(await t.authed(lead.token).get(`/api/messages/announcements/${a.announcement_id}`), 200).data;
          expect(stored.product_ids).toEqual([p]);
        } finally {
          t.app.broker.publish = original;
        }
      });

      it('title and body are trimmed and kept as plain text', async () => {
        const a = await publish({ title: `  维护通知 ${nonce()}  `, body: '  第一段\n\n- 列表项 **加粗** <b>不是HTML</b>  ', scope: 4 });
        const stored = expectEnvelope<AnnouncementItem>(await t.authed(designer.token).get(`/api/messages/announcements/${a.announcement_id}`), 200).data;
        expect(stored.title).toBe(a.title.trim());
        expect(stored.body).toBe('第一段\n\n- 列表项 **加粗** <b>不是HTML</b>');
      });
    });

    describe('editing and withdrawing', () => {
      const detail = (w: Who, id: number) => t.authed(w.token).get(`/api/messages/announcements/${id}`);
      const mine = async (w: Who, id: number) =>
        (await t.db.selectFrom('messages').select(['title', 'ext_json', 'is_read']).where('designer_id', '=', w.id).where('message_type', '=', 29).execute()).filter(
          (m) => (JSON.parse(m.ext_json) as { info: { announcement_id?: number } }).info.announcement_id === id,
        );

      it('its publisher corrects it: the words change everywhere, read marks stay, nobody is told again', async () => {
        const a = await publish({ scope: 4 });
        expectEnvelope(await t.authed(designer.token).post(`/api/messages/announcements/${a.announcement_id}/read`), 200);
        const messagesBefore = await t.count('messages');
        expect(expectEnvelope<AnnouncementItem & { can_manage: boolean }>(await detail(lead, a.announcement_id), 200).data.can_manage).toBe(true);
        expect(expectEnvelope<AnnouncementItem & { can_manage: boolean }>(await detail(designer, a.announcement_id), 200).data.can_manage).toBe(false);

        const published = t.app.broker.publish;
        const calls: string[] = [];
        t.app.broker.publish = (topic, payload) => {
          calls.push(topic);
          return published(topic, payload);
        };
        try {
          const title = `更正：${a.title}`;
          expectEnvelope(await t.authed(lead.token).put(`/api/messages/announcements/${a.announcement_id}`, { title: `  ${title} `, body: '以此为准。' }), 200);
          expect(calls).toEqual([]);
          expect(await t.count('messages')).toBe(messagesBefore);
          const stored = expectEnvelope<AnnouncementItem & { updated_at: string | null; is_read: number }>(await detail(designer, a.announcement_id), 200).data;
          expect(stored).toMatchObject({ title, body: '以此为准。', is_read: 1 });
          expect(stored.updated_at).toEqual(expect.any(String));
          expect(await mine(designer, a.announcement_id)).toEqual([
            { title: `新公告：${title}`, ext_json: JSON.stringify({ title: `新公告：${title}`, info: { announcement_id: a.announcement_id } }), is_read: 1 },
          ]);
          expect((await mine(partTime2, a.announcement_id)).map((m) => [m.title, m.is_read])).toEqual([[`新公告：${title}`, 0]]);
        } finally {
          t.app.broker.publish = published;
        }
      });

      it('its publisher withdraws it: gone from lists, details and inboxes, unread counts drop, not broadcast again', async () => {
        const a = await publish({ scope: 4 });
        const unreadBefore = (await unread(partTime2)).total;
        expect((await mine(partTime2, a.announcement_id))).toHaveLength(1);
        const res = expectEnvelope<{ removed_messages: number }>(await t.authed(lead.token).post(`/api/messages/announcements/${a.announcement_id}/withdraw`), 200);
        expect(res.data.removed_messages).toBe(a.recipients);
        expect(res.message).toBe('公告已撤回');
        for (const w of [lead, designer, partTime2]) {
          expectEnvelope(await detail(w, a.announcement_id), 404);
          const listed = expectEnvelope<Page<AnnouncementItem>>(await t.authed(w.token).get('/api/messages/announcements?pageSize=100'), 200).data.items;
          expect(listed.map((i) => i.announcement_id)).not.toContain(a.announcement_id);
          expect(await mine(w, a.announcement_id)).toEqual([]);
        }
        expect((await unread(partTime2)).total).toBe(unreadBefore - 1);
        // The relay has nothing to send for it, and a second withdraw or an edit finds nothing.
        const row = await t.db.selectFrom('announcements').select(['withdrawn_at', 'broadcast_at']).where('id', '=', a.announcement_id).executeTakeFirstOrThrow();
        expect(row.withdrawn_at).toEqual(expect.any(String));
        expect(row.broadcast_at).not.toBeNull();
        expectEnvelope(await t.authed(lead.token).post(`/api/messages/announcements/${a.announcement_id}/withdraw`), 404);
        expectEnvelope(await t.authed(lead.token).put(`/api/messages/announcements/${a.announcement_id}`, { title: '再改', body: '再改' }), 404);
      });

      it('only its publisher may: another designer is refused and nothing changes; a bad edit is 422', async () => {
        const a = await publish({ scope: 4 });
        // The publish's broadcast sets broadcast_at whenever it lands: compare the rest.
        const row = async () => {
          const { broadcast_at: _landed, ...rest } = await t.db.selectFrom('announcements').selectAll().where('id', '=', a.announcement_id).executeTakeFirstOrThrow();
          return rest;
        };
        const before = await row();
        const messages = await t.count('messages');
        for (const w of [designer, partTime2]) {
          expectEnvelope(await t.authed(w.token).put(`/api/messages/announcements/${a.announcement_id}`, { title: '越权', body: '越权' }), 403);
          expectEnvelope(await t.authed(w.token).post(`/api/messages/announcements/${a.announcement_id}/withdraw`), 403);
        }
        expectFieldErrors(await t.authed(lead.token).put(`/api/messages/announcements/${a.announcement_id}`, { title: ' ', body: '' }), [
          ['title', '请输入公告标题'],
          ['body', '请输入公告内容'],
        ]);
        expect(await row()).toEqual(before);
        expect(await t.count('messages')).toBe(messages);
      });
    });
  });

  describe('broker-auth hooks for an external broker', () => {
    const fromBroker = { headers: { 'x-broker-secret': BROKER_HOOK_SECRET } };
    const auth = (body: object) => t.anon.post('/api/mqtt/auth', body, fromBroker);
    const acl = (body: object) => t.anon.post('/api/mqtt/acl', body, fromBroker);
    const result = (res: Awaited<ReturnType<typeof auth>>) => expectEnvelopeLessResult(res);

    /** The hooks answer bare `{ result }` JSON (EMQX style), not the envelope. */
    function expectEnvelopeLessResult(res: { statusCode: number; body: string; json: () => unknown }): 'allow' | 'deny' {
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { result: 'allow' | 'deny' };
      expect(Object.keys(body)).toEqual(['result']);
      return body.result;
    }

    it('only the broker may ask: without the shared secret, or with a wrong one, both hooks answer 401 deny', async () => {
      const live = { clientid: designer.code, username: designer.code, password: designer.token };
      const subscribe = { clientid: designer.code, username: designer.code, action: 'subscribe', topic: 'announcements' };
      const asked: [string, Record<string, string>][] = [
        ['no secret', {}],
        ['wrong secret', { 'x-broker-secret': `${BROKER_HOOK_SECRET}x` }],
        ['empty secret', { 'x-broker-secret': '' }],
        ['secret in another header', { authorization: `Bearer ${BROKER_HOOK_SECRET}` }],
      ];
      for (const [name, headers] of asked) {
        for (const [url, body] of [['/api/mqtt/auth', live], ['/api/mqtt/acl', subscribe]] as const) {
          const res = await t.anon.post(url, body, { headers });
          expect(res.statusCode, `${name} ${url}`).toBe(401);
          expect(res.json(), `${name} ${url}`).toEqual({ result: 'deny' });
        }
      }
      // With the secret, the same calls are allowed.
      expect(result(await auth(live))).toBe('allow');
      expect(result(await acl(subscribe))).toBe('allow');
    });

    it('auth allows a live token whose designer matches the client id (username equal or absent)', async () => {
      expect(result(await auth({ clientid: designer.code, username: designer.code, password: designer.token }))).toBe('allow');
      expect(result(await auth({ clientid: designer.code, password: designer.token }))).toBe('allow');
    });

    it('auth denies garbage, empty, mismatched, revoked and disabled', async () => {
      const fresh = await freshDesigner();
      const revoked = await who(t, DEMO.partTime3);
      expectEnvelope(await t.authed(revoked.token).post('/api/user/logout'), 200);
      await t.db.updateTable('designers').set({ account_status: 0 }).where('id', '=', fresh.id).execute();
      const cases: [string, object][] = [
        ['garbage token', { clientid: designer.code, username: designer.code, password: 'garbage' }],
        ['empty password', { clientid: designer.code, username: designer.code, password: '' }],
        ['no password', { clientid: designer.code, username: designer.code }],
        ['empty body', {}],
        ['empty client id', { clientid: '', username: designer.code, password: designer.token }],
        ["another designer's client id", { clientid: partTime2.code, username: partTime2.code, password: designer.token }],
        ["another designer's client id, own username", { clientid: partTime2.code, username: designer.code, password: designer.token }],
        ['username differs from client id', { clientid: designer.code, username: partTime2.code, password: designer.token }],
        ['revoked token', { clientid: revoked.code, username: revoked.code, password: revoked.token }],
        ['disabled account', { clientid: fresh.code, username: fresh.code, password: fresh.token }],
      ];
      for (const [name, body] of cases) expect(result(await auth(body)), name).toBe('deny');
    });

    it('acl allows subscribing to own topic and announcements only', async () => {
      const c = designer.code;
      const cases: [object, 'allow' | 'deny'][] = [
        [{ clientid: c, username: c, action: 'subscribe', topic: `designers/${c}/messages` }, 'allow'],
        [{ clientid: c, action: 'subscribe', topic: `designers/${c}/messages` }, 'allow'],
        [{ clientid: c, username: c, action: 'subscribe', topic: 'announcements' }, 'allow'],
        [{ clientid: c, username: c, action: 'subscribe', topic: `designers/${partTime2.code}/messages` }, 'deny'],
        [{ clientid: c, username: c, action: 'subscribe', topic: '#' }, 'deny'],
        [{ clientid: c, username: c, action: 'subscribe', topic: 'designers/+/messages' }, 'deny'],
        [{ clientid: c, username: c, action: 'subscribe', topic: `designers/${c}/#` }, 'deny'],
        [{ clientid: c, username: c, action: 'subscribe', topic: 'announcements/#' }, 'deny'],
        [{ clientid: c, username: c, action: 'subscribe', topic: '' }, 'deny'],
        [{ clientid: c, username: partTime2.code, action: 'subscribe', topic: `designers/${c}/messages` }, 'deny'],
      ];
      for (const [body, expected] of cases) expect(result(await acl(body)), JSON.stringify(body)).toBe(expected);
    });

    it('acl denies every publish, unknown actions and an empty request', async () => {
      const c = designer.code;
      const cases: object[] = [
        { clientid: c, username: c, action: 'publish', topic: `designers/${c}/messages` },
        { clientid: c, username: c, action: 'publish', topic: 'announcements' },
        { clientid: c, username: c, action: 'publish', topic: `designers/${partTime2.code}/messages` },
        { clientid: c, username: c, action: 'all', topic: 'announcements' },
        { clientid: c, username: c, action: 'SUBSCRIBE', topic: 'announcements' },
        { clientid: c, username: c, action: 'read', topic: 'announcements' },
        { clientid: c, username: c, topic: 'announcements' },
        {},
      ];
      for (const body of cases) expect(result(await acl(body)), JSON.stringify(body)).toBe('deny');
    });
  });
});
