/**
 * The workbench home (issue #18): every card in one answer, per role, with real tickets in each
 * group of the work card (made through the integration API and the designer's own calls).
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { putObject } from '../src/modules/files/index.js';
import { shanghaiDay, shanghaiDayStart, weekStartOf } from '../src/domain/calendar.js';
import { advanceClock, nowMs } from '../src/lib/time.js';
import { assignedTicket, createWorld, upstream, type World } from './support/appeals.js';
import { homeSchema } from '../src/modules/workbench/workbench.schemas.js';
import { dialects, expectEnvelope } from './support/harness.js';
import { createPerson, createProduct, draftKey, type Person, useTicketApp } from './support/tickets.js';

interface WorkItemWire {
  ticket_id: number;
  order_no: string;
  designer_id: string | null;
  designer_name: string | null;
  due_at: string | null;
  stage: string;
  allocation_id: number | null;
}
interface HomeWire {
  role: string;
  work: { scope: string; total: number; groups: { key: string; count: number; items: WorkItemWire[] }[] };
  project: null | {
    day: string;
    plan_id: number | null;
    tickets_in: number;
    assigned: number;
    done: number;
    overdue: number;
    designers_online: number;
    designers_planned: number;
    designers: { designer_id: string; online: boolean; capacity_today: number; assigned_today: number }[];
  };
  product: { products: { product_id: number; assigned_today: number }[]; exams: { exam_id: number; product_id: number }[] };
  message: { unread: number; items: { message_id: number; message_type: number; is_read: number }[] };
  advert: { items: { announcement_id: number; title: string; image_url: string | null }[] };
  fast: { paths: string[]; is_default: boolean };
}

describe.each(dialects)('workbench home (%s)', (dialect) => {
  const t = useTicketApp(dialect);
  let w: World;
  let partTimer: Person;
  const ids: Record<'overdue' | 'dueSoon' | 'rejected' | 'waiting' | 'drafted' | 'done', number> = {} as never;

  /** The caller's home; the answer (written without zod's encoder) must be exactly `homeSchema`'s shape. */
  const home = async (who: Person) => {
    const data = expectEnvelope<HomeWire>(await who.client.get('/api/workbench/home'), 200).data;
    expect(homeSchema.parse(data)).toEqual(data);
    return data;
  };
  const group = (h: HomeWire, key: string) => h.work.groups.find((g) => g.key === key)!;

  beforeAll(async () => {
    w = await createWorld(t);
    partTimer = await createPerson(t, { type: 2, teamId: w.teamId, online: 0 });
    // Overdue: it arrived two hours ago with one hour allowed (the app's clock set back, then restored).
    advanceClock(-2 * 3600_000);
    try {
      ids.overdue = (await assignedTicket(t, w, { allowed_minutes: 60 })).ticket_id;
    } finally {
      advanceClock(2 * 3600_000);
    }
    // Due within two hours, still waiting for a first draft.
    ids.dueSoon = (await assignedTicket(t, w, { allowed_minutes: 90 })).ticket_id;
    // Waiting for a first draft, due in a day.
    ids.waiting = (await assignedTicket(t, w, { allowed_minutes: 1440 })).ticket_id;
    // A first draft in, due in a day: needs nothing now.
    ids.drafted = (await assignedTicket(t, w, { allowed_minutes: 1440 })).ticket_id;
    expectEnvelope(await w.designer.client.post(`/api/tickets/${ids.drafted}/drafts`, { kind: 'first', files: [draftKey(w.designer.code)] }), 200);
    // Factory rejected after its first draft: back for rework.
    const rejected = await assignedTicket(t, w, { allowed_minutes: 1440 });
    ids.rejected = rejected.ticket_id;
    expectEnvelope(await w.designer.client.post(`/api/tickets/${ids.rejected}/drafts`, { kind: 'first', files: [draftKey(w.designer.code)] }), 200);
    await upstream(t, rejected.order_no, 'factory_reject', '尺寸不对');
    // Completed today.
    const done = await assignedTicket(t, w, { allowed_minutes: 1440 });
    ids.done = done.ticket_id;
    await upstream(t, done.order_no, 'completion');
  });

  it('the designer’s work card: each ticket in its one group, the most urgent first, counts with the rows', async () => {
    const h = await home(w.designer);
    expect(h.role).toBe('user');
    expect(h.work.scope).toBe('mine');
    const rows = (key: string) => group(h, key).items.map((i) => i.ticket_id);
    expect(rows('overdue')).toEqual([ids.overdue]);
    expect(rows('due_soon')).toEqual([ids.dueSoon]);
    expect(rows('rejected')).toEqual([ids.rejected]);
    expect(rows('waiting_first_draft')).toEqual([ids.waiting]);
    expect(h.work.groups.map((g) => [g.key, g.count])).toEqual([
      ['overdue', 1],
      ['due_soon', 1],
      ['rejected', 1],
      ['waiting_first_draft', 1],
    ]);
    expect(h.work.total).toBe(4);
    const item = group(h, 'overdue').items[0]!;
    expect(item.designer_id).toBe(w.designer.code);
    expect(item.allocation_id).toEqual(expect.any(Number));
    // The overdue count is the list's own `overdue=1` total.
    const listed = expectEnvelope<{ total: number }>(await w.designer.client.get('/api/tickets?overdue=1'), 200).data;
    expect(group(h, 'overdue').count).toBe(listed.total);
    expect(h.project).toBeNull();
  });

  it('a group shows at most five rows and counts them all, due time first', async () => {
    const more: number[] = [];
    for (let i = 0; i < 6; i++) more.push((await assignedTicket(t, w, { allowed_minutes: 30 + i })).ticket_id);
    const h = await home(w.designer);
    const soon = group(h, 'due_soon');
    expect(soon.count).toBe(7);
    // Due soonest first: the 30-minute tickets, in the order of their allowance.
    expect(soon.items.map((i) => i.ticket_id)).toEqual(more.slice(0, 5));
    const dues = soon.items.map((i) => i.due_at!);
    expect([...dues].sort()).toEqual(dues);
    // A first draft still owes the final one; they leave the group once the final draft is in.
    for (const id of more) {
      for (const kind of ['first', 'final']) expectEnvelope(await w.designer.client.post(`/api/tickets/${id}/drafts`, { kind, files: [draftKey(w.designer.code)] }), 200);
    }
    const after = await home(w.designer);
    expect(group(after, 'due_soon').count).toBe(1);
  });

  it('the most urgent of a group come in due order across statuses and stages', async () => {
    const more: number[] = [];
    for (let i = 0; i < 6; i++) more.push((await assignedTicket(t, w, { allowed_minutes: 20 + i })).ticket_id);
    // Two of them move on to owing the final draft: another stage, the same due times.
    for (const id of [more[0]!, more[3]!]) expectEnvelope(await w.designer.client.post(`/api/tickets/${id}/drafts`, { kind: 'first', files: [draftKey(w.designer.code)] }), 200);
    const soon = group(await home(w.designer), 'due_soon');
    expect(soon.items.map((i) => i.ticket_id)).toEqual(more.slice(0, 5));
    expect(new Set(soon.items.map((i) => i.stage)).size).toBe(2);
    for (const id of more) {
      for (const kind of ['first', 'final']) expectEnvelope(await w.designer.client.post(`/api/tickets/${id}/drafts`, { kind, files: [draftKey(w.designer.code)] }), 200);
    }
  });

  it('a home kept between requests reads as a fresh one while the clock moves a ticket into due soon, then overdue', async () => {
    const { ticket_id: id } = await assignedTicket(t, w, { allowed_minutes: 150 });
    const without = (h: HomeWire) => ({ ...h, generated_at: '' });
    const groupOf = (h: HomeWire) => h.work.groups.find((g) => g.items.some((i) => i.ticket_id === id))?.key;
    // A write that changes nothing the home shows: whatever was kept is dropped, the next home is read afresh.
    const fresh = async () => {
      await t.db.updateTable('tickets').set({ requirements: `改于 ${nowMs()}` }).where('id', '=', id).execute();
      return home(w.designer);
    };
    let moved = 0;
    try {
      expect(groupOf(await fresh())).toBe('waiting_first_draft');
      // Due in 150 minutes: due soon from minute 30, overdue from minute 150. Steps of 40 s cross
      // each moment while a home read just before is still kept (a kept value lives at most a minute).
      for (const [stepMs, expected] of [
        [29.5 * 60_000, 'waiting_first_draft'],
        [40_000, 'due_soon'],
        [119.5 * 60_000, 'due_soon'],
        [40_000, 'overdue'],
      ] as const) {
        // Read once (kept on SQLite), then let the clock pass with no write.
        await home(w.designer);
        advanceClock(stepMs);
        moved += stepMs;
        const kept = await home(w.designer);
        expect(groupOf(kept), `after ${moved / 1000} s`).toBe(expected);
        expect(without(kept)).toEqual(without(await fresh()));
      }
    } finally {
      advanceClock(-moved);
    }
  });

  it('the lead’s home: the team’s work and the team today with every member’s plan against assignments', async () => {
    const h = await home(w.lead);
    expect(h.role).toBe('admin');
    expect(h.work.scope).toBe('team');
    expect(group(h, 'overdue').items.map((i) => i.ticket_id)).toEqual([ids.overdue]);
    expect(group(h, 'overdue').items[0]!.designer_name).toBeTruthy();
    const p = h.project!;
    expect(p).not.toBeNull();
    const day = shanghaiDay(nowMs());
    expect(p.day).toBe(day);
    const created = await t.db
      .selectFrom('tickets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('team_id', '=', w.teamId)
      .where('created_at', '>=', shanghaiDayStart(day))
      .executeTakeFirstOrThrow();
    expect(p.tickets_in).toBe(Number(created.n));
    expect(p.tickets_in).toBeGreaterThanOrEqual(1);
    expect(p.overdue).toBe(1);
    const designer = p.designers.find((d) => d.designer_id === w.designer.code)!;
    const mate = p.designers.find((d) => d.designer_id === w.mate.code)!;
    expect(designer).toMatchObject({ online: true, capacity_today: 1000 });
    expect(mate).toMatchObject({ online: true, assigned_today: 0 });
    expect(p.designers.map((d) => d.designer_id)).not.toContain(w.lead.code);
    expect(p.designers.find((d) => d.designer_id === partTimer.code)).toMatchObject({ online: false });
    expect(p.assigned).toBe(p.designers.reduce((s, d) => s + d.assigned_today, 0));
    expect(p.designers_online).toBe(p.designers.filter((d) => d.online).length);
    expect(p.designers_planned).toBe(p.designers.filter((d) => d.capacity_today > 0).length);
    // A plan of this week: its cell is the member's capacity today, and the card links to it.
    const week = expectEnvelope<{ plan_id: number }>(await w.lead.client.post('/api/order-plans', { week_start: weekStartOf(day) }), 200).data;
    expectEnvelope(await w.lead.client.put(`/api/order-plans/${week.plan_id}/cells`, { cells: [{ designer_id: w.mate.code, day, capacity: 0 }] }), 200);
    const planned = (await home(w.lead)).project!;
    expect(planned.plan_id).toBe(week.plan_id);
    expect(planned.designers.find((d) => d.designer_id === w.mate.code)!.capacity_today).toBe(0);
    expect(planned.designers_planned).toBe(p.designers_planned - 1);
  });

  it('done today counts the team’s tickets completed today, each once', async () => {
    const before = (await home(w.lead)).project!.done;
    expect(before).toBeGreaterThanOrEqual(1);
    const orderNo = (await t.db.selectFrom('tickets').select('order_no').where('id', '=', ids.waiting).executeTakeFirstOrThrow()).order_no;
    await upstream(t, orderNo, 'completion');
    const after = await home(w.lead);
    expect(after.project!.done).toBe(before + 1);
    expect(group(after, 'waiting_first_draft').items.map((i) => i.ticket_id)).not.toContain(ids.waiting);
    // Rejected by the factory and completed again: still one ticket done (as on the team board).
    await upstream(t, orderNo, 'factory_reject');
    await upstream(t, orderNo, 'completion');
    expect((await home(w.lead)).project!.done).toBe(before + 1);
  });

  it('the product card: my products with their load, and the exams that would qualify me for another', async () => {
    const other = await createProduct(t);
    const exam = expectEnvelope<{ exam_id: number }>(
      await w.lead.client.post('/api/study/manage/exams', { title: '新品资格考试', pass_mark: 60, time_limit_minutes: 10, product_id: other }),
      200,
    ).data;
    expectEnvelope(await w.lead.client.post(`/api/study/manage/exams/${exam.exam_id}/questions`, { questions: [{ kind: 'true_false', stem: '题', answer: true, points: 1 }] }), 200);
    expectEnvelope(await w.lead.client.post(`/api/study/manage/exams/${exam.exam_id}/publish`, {}), 200);
    const h = await home(w.designer);
    const mine = h.product.products.find((p) => p.product_id === w.product)!;
    const today = await t.db
      .selectFrom('allocations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('designer_id', '=', w.designer.id)
      .where('assigned_at', '>=', shanghaiDayStart(shanghaiDay(nowMs())))
      .executeTakeFirstOrThrow();
    expect(mine.assigned_today).toBe(Number(today.n));
    expect(mine.assigned_today).toBeGreaterThanOrEqual(1);
    expect(h.product.exams.map((e) => e.exam_id)).toContain(exam.exam_id);
    // Once qualified for that product, the exam no longer adds one.
    await t.db.insertInto('designer_products').values({ designer_id: w.designer.id, product_id: other }).execute();
    expect((await home(w.designer)).product.exams.map((e) => e.exam_id)).not.toContain(exam.exam_id);
    // The mate holds no product: nothing to show, the exam still open to them.
    const mateHome = await home(w.mate);
    expect(mateHome.product.products).toEqual([]);
    expect(mateHome.product.exams.map((e) => e.exam_id)).toContain(exam.exam_id);
  });

  it('the message card: five latest unread and the count; the advert card: announcements that reach me', async () => {
    const h = await home(w.designer);
    const unread = await t.db.selectFrom('messages').select((eb) => eb.fn.countAll<number>().as('n')).where('designer_id', '=', w.designer.id).where('is_read', '=', 0).executeTakeFirstOrThrow();
    expect(h.message.unread).toBe(Number(unread.n));
    expect(h.message.unread).toBeGreaterThan(5);
    expect(h.message.items).toHaveLength(5);
    expect(h.message.items.every((m) => m.is_read === 0)).toBe(true);
    const ids = h.message.items.map((m) => m.message_id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expectEnvelope(await w.designer.client.post('/api/messages/messages/read', { all: true }), 200);
    expect((await home(w.designer)).message).toEqual({ unread: 0, items: [] });

    const published = expectEnvelope<{ announcement_id: number }>(
      await w.lead.client.post('/api/messages/announcements', { title: '首页公告', body: '本周五系统维护。', scope: 1 }),
      200,
    ).data;
    await t.app.announcementDelivery.settled(); // its type-29 messages follow the answer
    const after = await home(w.designer);
    expect(after.advert.items[0]).toMatchObject({ announcement_id: published.announcement_id, title: '首页公告' });
    expect(after.message.unread).toBe(1);
    // Scope 1 is for designers: a part-time designer does not get it.
    expect((await home(partTimer)).advert.items.map((a) => a.announcement_id)).not.toContain(published.announcement_id);
  });

  it('a lead publishes an announcement with an image: checked, thumbnailed, shown on the home and the announcement', async () => {
    const oss = t.app.config.oss;
    const keyOf = (code: string, name: string) => `announcement/${code}/20261205/${randomBytes(6).toString('hex')}/${name}`;
    const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#cc6633' } }).png().toBuffer();
    const publish = (imageKey: string) =>
      w.lead.client.post('/api/messages/announcements', { title: '带图公告', body: '新品上线。', scope: 1, image_key: imageKey });
    const count = async () => Number((await t.db.selectFrom('announcements').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();

    // Refused, and nothing published: another person's upload, a type that is no image, bytes that
    // are no image, one over 5 MB, a key with no object.
    const othersKey = keyOf(w.designer.code, '海报.png');
    await putObject(oss, othersKey, png);
    const fake = keyOf(w.lead.code, '海报.png');
    await putObject(oss, fake, Buffer.from('not an image at all'));
    const pdf = keyOf(w.lead.code, '海报.pdf');
    await putObject(oss, pdf, Buffer.from('%PDF-1.4'));
    const huge = keyOf(w.lead.code, '大图.png');
    await putObject(oss, huge, Buffer.alloc(5 * 1024 * 1024 + 1, 1));
    const cases: [string, string][] = [
      [othersKey, '图片不存在或无权使用'],
      [`template/${w.lead.code}/20261205/abcdefabcdef/海报.png`, '图片不存在或无权使用'],
      [keyOf(w.lead.code, '不存在.png'), '图片不存在或无权使用'],
      [pdf, '图片只能是JPG、PNG或WEBP格式'],
      [huge, '图片不能超过5MB'],
      [fake, '图片无法识别，请上传JPG、PNG或WEBP图片'],
    ];
    for (const [key, message] of cases) {
      const res = await publish(key);
      expect(res.statusCode, key).toBe(422);
      expect(res.json().error_fields).toEqual([{ field: 'image_key', message }]);
    }
    expect(await count()).toBe(before);

    // The lead's own PNG: published with a 960 px WebP thumbnail beside it.
    const mine = keyOf(w.lead.code, '新品海报.png');
    await putObject(oss, mine, png);
    const published = expectEnvelope<{ announcement_id: number }>(await publish(mine), 200).data;
    const h = await home(w.designer);
    const item = h.advert.items.find((a) => a.announcement_id === published.announcement_id)!;
    expect(item.image_url).toMatch(/\/announcement-thumb\/.+\.webp$/);
    const thumb = await t.anon.get(item.image_url!.replace(/^.*?\/oss\//, '/oss/'));
    expect(thumb.statusCode).toBe(200);
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 960, height: 540 });
    const detail = expectEnvelope<{ image_url: string; image_thumb_url: string }>(
      await w.designer.client.get(`/api/messages/announcements/${published.announcement_id}`),
      200,
    ).data;
    expect(detail.image_url).toMatch(/\/announcement\/.+\/新品海报\.png$|%E6%96%B0%E5%93%81/);
    expect(detail.image_thumb_url).toBe(item.image_url);
    // Without an image, none.
    const plain = expectEnvelope<{ announcement_id: number }>(
      await w.lead.client.post('/api/messages/announcements', { title: '无图公告', body: '通知。', scope: 1 }),
      200,
    ).data;
    expect((await home(w.designer)).advert.items.find((a) => a.announcement_id === plain.announcement_id)!.image_url).toBeNull();
  });

  it('part-time designers get their own tickets, no project card, and their menu’s shortcuts', async () => {
    const h = await home(partTimer);
    expect(h.role).toBe('part_time');
    expect(h.project).toBeNull();
    expect(h.work.total).toBe(0);
    expect(h.work.groups.every((g) => g.count === 0 && g.items.length === 0)).toBe(true);
    expect(h.fast.is_default).toBe(true);
    expect(h.fast.paths).toContain('/order-hall/index');
    expect((await home(w.designer)).fast.paths).not.toContain('/order-hall/index');
  });

  it('asks for a login', async () => {
    expectEnvelope(await t.anon.get('/api/workbench/home'), 401);
  });
});
