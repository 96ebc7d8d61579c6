/**
 * Issue #24, defects 1 and 2: the demo data is as real as production data.
 *
 * - Every object key the seed wrote anywhere in the database (ticket attachments, drafts, appeal
 *   attachments, keys inside JSON columns, timelines, messages) is an object in the store, read
 *   through the path the SPA reads it: the signed URL of the ticket's or the appeal's detail, then
 *   `GET /oss/<key>?…` → 200, the right content type and a body that decodes (PNG, PDF, WebP).
 *   Template files (issue #17: previews, their thumbnails, source files) are read through the
 *   template's detail.
 * - Every seeded message names a target that exists (ticket and allocation, appeal, plan and
 *   request, announcement, member), as its type says in the contract, and its title names the same
 *   ticket as its info.
 */
import { inflateSync } from 'node:zlib';
import sharp from 'sharp';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { designerCode } from '../src/domain/designers.js';
import { MESSAGE_TYPE, messageTypeOf } from '../src/modules/messages/index.js';
import { DEMO, dialects, expectEnvelope, useTestApp } from './support/harness.js';

/** Object keys: a private or public source, then at least one more segment, ending in a file name with an extension. */
const KEY = /(?:draft|attachment|appeal|user|template-thumb|template|default|static)\/[^"'\s\\?#]+\.[A-Za-z0-9]{2,5}/g;

interface FileRef {
  key: string;
  read_url: string;
}

/** Checks a PNG: signature, chunks with their CRCs, IHDR first, IDAT inflating to the image's size, IEND last. */
function expectPng(body: Buffer, key: string): void {
  expect(body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), key).toBe(true);
  let at = 8;
  const chunks: { type: string; data: Buffer }[] = [];
  while (at < body.length) {
    const len = body.readUInt32BE(at);
    const type = body.toString('ascii', at + 4, at + 8);
    chunks.push({ type, data: body.subarray(at + 8, at + 8 + len) });
    at += 12 + len;
  }
  expect(at, key).toBe(body.length);
  expect(chunks[0]?.type, key).toBe('IHDR');
  expect(chunks.at(-1)?.type, key).toBe('IEND');
  const ihdr = chunks[0]!.data;
  const width = ihdr.readUInt32BE(0);
  const height = ihdr.readUInt32BE(4);
  expect(width * height, key).toBeGreaterThan(0);
  expect([ihdr[8], ihdr[9]], key).toEqual([8, 2]); // 8-bit RGB
  const raw = inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  expect(raw.length, key).toBe(height * (width * 3 + 1));
  // Not a blank image: more than one colour.
  const colours = new Set<number>();
  for (let y = 0; y < height; y += 7) for (let x = 0; x < width; x += 13) colours.add(raw.readUIntBE(y * (width * 3 + 1) + 1 + x * 3, 3));
  expect(colours.size, key).toBeGreaterThan(1);
}

/** Checks a PDF: header, trailer, and a cross-reference table whose offsets point at the objects. */
function expectPdf(body: Buffer, key: string): void {
  const text = body.toString('latin1');
  expect(text.startsWith('%PDF-1.'), key).toBe(true);
  expect(text.trimEnd().endsWith('%%EOF'), key).toBe(true);
  const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 4), key).toBe('xref');
  const offsets = [...text.slice(startxref).matchAll(/(\d{10}) 00000 n /g)].map((m) => Number(m[1]));
  expect(offsets.length, key).toBeGreaterThan(2);
  offsets.forEach((o, i) => expect(text.slice(o, o + 12), key).toMatch(new RegExp(`^${i + 1} 0 obj`)));
  expect(text, key).toContain('/Type /Page ');
}

describe.each(dialects)('demo data (%s)', (dialect) => {
  const t = useTestApp(dialect);

  /** Every string value of every row of every table the app keeps. */
  async function allStrings(): Promise<{ table: string; value: string }[]> {
    const tables =
      dialect === 'sqlite'
        ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(t.db)).rows.map((r) => r.name)
        : (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(t.db)).rows.map((r) => r.name);
    expect(tables).toEqual(expect.arrayContaining(['tickets', 'drafts', 'appeals', 'messages', 'ticket_events']));
    const out: { table: string; value: string }[] = [];
    for (const table of tables) {
      const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(t.db)).rows;
      for (const row of rows) for (const v of Object.values(row)) if (typeof v === 'string') out.push({ table, value: v });
    }
    return out;
  }

  describe('defect 1: every file the demo names exists and reads through the signed URL', () => {
    let keys: Map<string, Set<string>>;
    const readable = new Map<string, FileRef>();

    beforeAll(async () => {
      keys = new Map();
      for (const { table, value } of await allStrings()) {
        for (const m of value.matchAll(KEY)) keys.set(m[0], (keys.get(m[0]) ?? new Set()).add(table));
      }
      // The read URLs the SPA gets: ticket details (attachments, drafts) and appeal details, as the lead
      // (who may read every ticket of the team and the pool) and each appellant.
      const lead = t.authed(await t.sessionFor(DEMO.lead));
      const ticketIds = (await t.db.selectFrom('tickets').select('id').execute()).map((r) => r.id);
      for (const id of ticketIds) {
        const d = expectEnvelope<{ attachments: { url: string; read_url: string }[]; drafts: { files: string[]; read_urls: string[] }[] }>(
          await lead.get(`/api/tickets/${id}`),
          200,
        ).data;
        for (const a of d.attachments) readable.set(a.url, { key: a.url, read_url: a.read_url });
        for (const dr of d.drafts) dr.files.forEach((f, i) => readable.set(f, { key: f, read_url: dr.read_urls[i]! }));
      }
      const appeals = await t.db.selectFrom('appeals').select(['id']).execute();
      for (const a of appeals) {
        const d = expectEnvelope<{ attachments: { url: string; read_url: string }[] }>(await lead.get(`/api/appeals/${a.id}`), 200).data;
        for (const f of d.attachments) readable.set(f.url, { key: f.url, read_url: f.read_url });
      }
      // Templates: the lead sees every one of the team's, private ones included.
      const keyOf = (url: string) => url.split('?')[0]!.replace(/^\/oss\//, '').split('/').map(decodeURIComponent).join('/');
      const templateIds = (await t.db.selectFrom('templates').select('id').execute()).map((r) => r.id);
      for (const id of templateIds) {
        const d = expectEnvelope<{ previews: { url: string; thumbnail_url: string }[]; sources: { url: string }[] }>(await lead.get(`/api/templates/${id}`), 200).data;
        for (const url of [...d.previews.flatMap((p) => [p.url, p.thumbnail_url]), ...d.sources.map((f) => f.url)]) readable.set(keyOf(url), { key: keyOf(url), read_url: url });
      }
      // Course files (issue #16): the lessons' documents, as the lead's course pages hand them out.
      for (const c of expectEnvelope<{ course_id: number }[]>(await lead.get('/api/study/manage/courses'), 200).data) {
        const d = expectEnvelope<{ lessons: { object_key: string | null; url: string | null }[] }>(await lead.get(`/api/study/manage/courses/${c.course_id}`), 200).data;
        for (const l of d.lessons) if (l.object_key) readable.set(l.object_key, { key: l.object_key, read_url: l.url! });
      }
    });
    /** A course's file (source default, public): read through its plain URL, named by no order. */
    const isCourseFile = (key: string) => keys.get(key)?.has('course_lessons') === true;

    it('the seed names files of every kind, under keys built from real order numbers', async () => {
      const all = [...keys.keys()];
      expect(all.filter((k) => k.startsWith('attachment/')).length).toBeGreaterThan(50);
      expect(all.filter((k) => k.startsWith('draft/') && k.endsWith('.pdf')).length).toBeGreaterThan(50);
      expect(all.filter((k) => k.startsWith('draft/') && k.endsWith('.png')).length).toBeGreaterThan(50);
      expect(all.filter((k) => k.startsWith('appeal/')).length).toBeGreaterThanOrEqual(3);
      expect(all.filter((k) => k.startsWith('template/') && k.endsWith('.png')).length).toBeGreaterThanOrEqual(60);
      expect(all.filter((k) => k.startsWith('template/') && k.endsWith('.pdf')).length).toBeGreaterThanOrEqual(60);
      expect(all.filter((k) => k.startsWith('template-thumb/') && k.endsWith('.webp')).length).toBeGreaterThanOrEqual(60);
      const orderNos = new Set((await t.db.selectFrom('tickets').select('order_no').execute()).map((r) => r.order_no));
      expect(all.filter(isCourseFile).length).toBeGreaterThanOrEqual(2);
      // Template files are named after their templates, and course files after their courses, not orders.
      for (const key of all.filter((k) => !k.startsWith('template') && !isCourseFile(k))) {
        expect(key, 'no key built from an empty order number').not.toMatch(/\/\.|\/-|-\./);
        const no = /(DM\d{12})/.exec(key)?.[1];
        expect(no && orderNos.has(no), `${key} names a real order number`).toBe(true);
      }
    });

    it('every key written anywhere in the database is handed out by a detail the SPA reads', () => {
      const missing = [...keys.keys()].filter((k) => !readable.has(k));
      expect(missing, `keys no ticket or appeal detail hands out: ${missing.slice(0, 5).join(', ')}`).toEqual([]);
    });

    it('each one reads through its signed URL: 200, its type, a body that decodes', async () => {
      let png = 0;
      let pdf = 0;
      let webm = 0;
      for (const key of keys.keys()) {
        const { read_url } = readable.get(key)!;
        expect(read_url, key).toMatch(isCourseFile(key) ? /^\/oss\/default\/[^?]+$/ : /^\/oss\/.+\?OSSAccessKeyId=.+&Expires=\d+&Signature=/);
        const res = await t.inject({ method: 'GET', url: read_url });
        expect(res.statusCode, `${key}: ${res.body.slice(0, 200)}`).toBe(200);
        const body = res.rawPayload;
        if (key.endsWith('.png')) {
          expect(res.headers['content-type'], key).toBe('image/png');
          expectPng(body, key);
          png++;
        } else if (key.endsWith('.webp')) {
          expect(res.headers['content-type'], key).toBe('image/webp');
          const meta = await sharp(body).metadata();
          expect([meta.format, meta.width! > 0 && meta.width! <= 480], key).toEqual(['webp', true]);
        } else if (key.endsWith('.pdf')) {
          expect(res.headers['content-type'], key).toBe('application/pdf');
          expectPdf(body, key);
          pdf++;
        } else if (key.endsWith('.webm')) {
          // The demo video lesson: a WebM (EBML header, VP8 track, a duration in its Segment Info), served in byte ranges for seeking.
          expect(res.headers['content-type'], key).toBe('video/webm');
          expect(body.subarray(0, 4).toString('hex'), key).toBe('1a45dfa3');
          expect(body.includes(Buffer.from('V_VP8')), key).toBe(true);
          const d = body.indexOf(Buffer.from([0x44, 0x89, 0x88]));
          expect(d, key).toBeGreaterThan(0);
          expect(body.readDoubleBE(d + 3), key).toBe(30_000);
          expect(body.length, key).toBeLessThan(1_000_000);
          const part = await t.inject({ method: 'GET', url: read_url, headers: { range: 'bytes=1000-1999' } });
          expect([part.statusCode, part.headers['content-range'], part.rawPayload.length]).toEqual([206, `bytes 1000-1999/${body.length}`, 1000]);
          expect(part.rawPayload.equals(body.subarray(1000, 2000))).toBe(true);
          webm++;
        } else {
          throw new Error(`the demo names a file of an unexpected type: ${key}`);
        }
      }
      expect(png).toBeGreaterThan(100);
      expect(pdf).toBeGreaterThan(50);
      expect(webm).toBe(1);
    });

    it('the bare object URL is refused, as for any private object', async () => {
      const key = [...keys.keys()].find((k) => k.startsWith('attachment/'))!;
      const res = await t.inject({ method: 'GET', url: readable.get(key)!.read_url.split('?')[0]! });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('defect 2: every seeded message names a target that exists', () => {
    it('ticket, allocation, appeal, plan, request, announcement, member: as its type says', async () => {
      const messages = await t.db.selectFrom('messages').select(['id', 'designer_id', 'message_type', 'title', 'ext_json']).execute();
      const tickets = new Map((await t.db.selectFrom('tickets').select(['id', 'order_no', 'team_id', 'designer_id']).execute()).map((r) => [r.id, r]));
      const allocations = new Map((await t.db.selectFrom('allocations').select(['id', 'ticket_id', 'designer_id']).execute()).map((r) => [r.id, r]));
      const appeals = new Map((await t.db.selectFrom('appeals').select(['id', 'ticket_id', 'allocation_id', 'designer_id', 'team_id']).execute()).map((r) => [r.id, r]));
      const plans = new Set((await t.db.selectFrom('order_plans').select('id').execute()).map((r) => r.id));
      const requests = new Map((await t.db.selectFrom('plan_change_requests').select(['id', 'plan_id']).execute()).map((r) => [r.id, r]));
      const announcements = new Set((await t.db.selectFrom('announcements').select('id').execute()).map((r) => r.id));
      const designers = new Map((await t.db.selectFrom('designers').select(['id', 'team_id', 'designer_type']).execute()).map((r) => [r.id, r]));
      const deductions = new Map((await t.db.selectFrom('deductions').select(['id', 'ticket_id']).execute()).map((r) => [r.id, r]));
      const isLeadOf = (designerId: number, teamId: number | null) => designers.get(designerId)?.designer_type === 0 && designers.get(designerId)?.team_id === teamId;

      const seen = new Map<string, number>();
      for (const m of messages) {
        const what = `message ${m.id} (type ${m.message_type}) «${m.title}»`;
        const type = messageTypeOf(m.message_type);
        expect(type, what).toBeDefined();
        const { title, info } = JSON.parse(m.ext_json) as { title: string; info: Record<string, unknown> };
        expect(title, what).toBe(m.title);
        seen.set(type!.opens, (seen.get(type!.opens) ?? 0) + 1);
        const orderNos = m.title.match(/[A-Z]{1,4}\d{8,}/g) ?? [];
        switch (type!.opens) {
          case 'ticket':
          case 'appeal': {
            const ticket = tickets.get(info.ticket_id as number);
            expect(ticket, `${what}: its ticket`).toBeDefined();
            const allocation = allocations.get(info.allocation_id as number);
            expect(allocation?.ticket_id, `${what}: its allocation is on its ticket`).toBe(ticket!.id);
            expect(allocation!.designer_id === m.designer_id || isLeadOf(m.designer_id, ticket!.team_id), `${what}: sent to the allocation's designer or the team's lead`).toBe(true);
            expect(orderNos, `${what}: the title names its ticket`).toEqual([ticket!.order_no]);
            if (info.deduction_id !== undefined) expect(deductions.get(info.deduction_id as number)?.ticket_id, `${what}: its deduction`).toBe(ticket!.id);
            if (type!.opens === 'appeal') {
              const appeal = appeals.get(info.appeal_id as number);
              expect(appeal, `${what}: its appeal`).toBeDefined();
              expect([appeal!.ticket_id, appeal!.allocation_id], `${what}: the appeal's ticket and allocation`).toEqual([ticket!.id, allocation!.id]);
              expect(appeal!.designer_id === m.designer_id || isLeadOf(m.designer_id, appeal!.team_id), `${what}: sent to the appellant or the lead`).toBe(true);
            }
            break;
          }
          case 'plan-request':
          case 'my-plan': {
            expect(plans.has(info.plan_id as number), `${what}: its plan`).toBe(true);
            expect(requests.get(info.request_id as number)?.plan_id, `${what}: its request, on that plan`).toBe(info.plan_id);
            break;
          }
          case 'announcement':
            expect(announcements.has(info.announcement_id as number), `${what}: its announcement`).toBe(true);
            break;
          case 'team-member':
            expect([...designers.keys()].map(designerCode), `${what}: its member`).toContain(info.designer_id);
            break;
          case 'study': {
            const itemType = info.course_id !== undefined ? 'course' : 'exam';
            const id = (info.course_id ?? info.exam_id) as number;
            const item =
              itemType === 'course'
                ? await t.db.selectFrom('courses').select(['id', 'title']).where('id', '=', id).executeTakeFirst()
                : await t.db.selectFrom('exams').select(['id', 'title']).where('id', '=', id).executeTakeFirst();
            expect(item, `${what}: its ${itemType}`).toBeDefined();
            expect(m.title, `${what}: the title names it`).toContain(`《${item!.title}》`);
            const assigned = await t.db.selectFrom('study_assignments').select('due_at').where('item_type', '=', itemType).where('item_id', '=', item!.id).where('designer_id', '=', m.designer_id).executeTakeFirst();
            expect(assigned?.due_at, `${what}: its assignment`).toBe(info.due_at);
            break;
          }
          case 'study-result': {
            const attempt = await t.db.selectFrom('exam_attempts').select(['exam_id', 'score', 'submitted_at']).where('id', '=', info.attempt_id as number).executeTakeFirst();
            expect(attempt?.exam_id, `${what}: its attempt, of its exam`).toBe(info.exam_id);
            expect(attempt!.submitted_at, `${what}: submitted`).not.toBeNull();
            const exam = await t.db.selectFrom('exams').select(['title', 'team_id']).where('id', '=', attempt!.exam_id).executeTakeFirstOrThrow();
            expect(m.title, `${what}: the title names the exam and the score`).toContain(`《${exam.title}》${attempt!.score}分`);
            expect(isLeadOf(m.designer_id, exam.team_id), `${what}: sent to a lead of the exam's team`).toBe(true);
            break;
          }
        }
      }
      // The demo has messages of each kind a designer or a lead meets.
      expect(seen.get('ticket') ?? 0).toBeGreaterThan(100);
      expect(seen.get('appeal') ?? 0).toBeGreaterThanOrEqual(5);
      expect(seen.get('plan-request') ?? 0).toBeGreaterThanOrEqual(1);
    });

    it('each demo login has messages about its own work, unread ones among them', async () => {
      for (const phone of [DEMO.lead, DEMO.designer, DEMO.partTime2]) {
        const me = t.authed(await t.sessionFor(phone));
        const all = expectEnvelope<{ total: number; items: { message_type: number; ext_json: { info: { ticket_id?: number } } }[] }>(
          await me.get('/api/messages/messages?page=1&pageSize=100'),
          200,
        ).data;
        expect(all.total, phone).toBeGreaterThan(3);
        // The ticket a ticket message names opens for its recipient (the drawer's call), unless it
        // has since gone to someone else (transferred away): then it is 404 for them, as live.
        const who = await t.db.selectFrom('designers').select(['id', 'designer_type']).where('phone', '=', phone).executeTakeFirstOrThrow();
        let opened = 0;
        for (const m of all.items.filter((x) => messageTypeOf(x.message_type)?.opens === 'ticket')) {
          const ticket = await t.db.selectFrom('tickets').select(['designer_id']).where('id', '=', m.ext_json.info.ticket_id!).executeTakeFirstOrThrow();
          const mine = who.designer_type === 0 || ticket.designer_id === who.id;
          const res = await me.get(`/api/tickets/${m.ext_json.info.ticket_id}`);
          expect(res.statusCode, `${phone}: ticket ${m.ext_json.info.ticket_id}`).toBe(mine ? 200 : 404);
          if (mine) opened++;
        }
        expect(opened, phone).toBeGreaterThan(0);
      }
      const designer = t.authed(await t.sessionFor(DEMO.designer));
      const unread = expectEnvelope<{ total: number }>(await designer.get('/api/messages/messages/unread'), 200).data;
      expect(unread.total).toBeGreaterThan(0);
      const assigned = expectEnvelope<{ total: number }>(await designer.get(`/api/messages/messages?message_type=${MESSAGE_TYPE.SYSTEM_ASSIGNED}`), 200).data;
      expect(assigned.total).toBeGreaterThan(0);
    });
  });

  describe('courses and exams (issue #16): as a working team’s', () => {
    it('the designer has assigned courses and exams first, a passed exam and a finished course; the lead sees the results', async () => {
      const designer = t.authed(await t.sessionFor(DEMO.designer));
      const exams = expectEnvelope<{ title: string; passed: boolean; best_score: number | null; assignment: { overdue: boolean } | null; product_id: number | null; is_public: boolean }[]>(
        await designer.get('/api/study/exams'),
        200,
      ).data;
      expect(exams.map((e) => e.title).sort()).toEqual(['印前基础考试', '礼盒包装资格考试', '设计师招聘笔试'].sort());
      expect(exams.slice(0, 2).every((e) => e.assignment !== null)).toBe(true);
      expect(exams.find((e) => e.title === '印前基础考试')).toMatchObject({ passed: true, best_score: 80, assignment: { overdue: false } });
      expect(exams.find((e) => e.title === '礼盒包装资格考试')!.product_id).not.toBeNull();
      expect(exams.find((e) => e.title === '设计师招聘笔试')!.is_public).toBe(true);
      const courses = expectEnvelope<{ course_id: number; title: string; progress_percent: number; is_public: boolean }[]>(await designer.get('/api/study/courses'), 200).data;
      expect(courses.find((c) => c.title === '印前检查入门')).toMatchObject({ progress_percent: 100, is_public: true });
      // A real video lesson with its real length, watched to its end by the demo designer.
      const basics = expectEnvelope<{ lessons: { kind: string; duration_seconds: number | null; url: string | null; progress: { position_seconds: number; done: boolean } | null }[] }>(
        await designer.get(`/api/study/courses/${courses.find((c) => c.title === '印前检查入门')!.course_id}`),
        200,
      ).data;
      expect(basics.lessons[0]).toMatchObject({ kind: 'video', duration_seconds: 30, url: expect.stringMatching(/\.webm$/), progress: { position_seconds: 30, done: true } });
      const pub = courses.find((c) => c.is_public)!;
      expectEnvelope(await t.anon.get(`/api/study/public/courses/${pub.course_id}`), 200);

      const lead = t.authed(await t.sessionFor(DEMO.lead));
      const exam = await t.db.selectFrom('exams').select('id').where('title', '=', '印前基础考试').executeTakeFirstOrThrow();
      const results = expectEnvelope<{ rows: { designer_id: string; attempts: number; best_score: number | null; passed: boolean }[] }>(
        await lead.get(`/api/study/manage/results?item_type=exam&item_id=${exam.id}`),
        200,
      ).data;
      expect(results.rows.filter((r) => r.attempts > 0).map((r) => [r.best_score, r.passed]).sort()).toEqual([
        [40, false],
        [80, true],
      ]);
      // The attempts' stored scores are what scoring their saved answers gives.
      const attempts = await t.db.selectFrom('exam_attempts').select('id').where('exam_id', '=', exam.id).execute();
      for (const a of attempts) {
        const view = expectEnvelope<{ result: { score: number; review: { points_awarded: number }[] } }>(
          await t.authed(await t.sessionFor((await t.db.selectFrom('designers').select('phone').innerJoin('exam_attempts', 'exam_attempts.designer_id', 'designers.id').where('exam_attempts.id', '=', a.id).executeTakeFirstOrThrow()).phone)).get(`/api/study/attempts/${a.id}`),
          200,
        ).data;
        expect(view.result.review.reduce((sum, r) => sum + r.points_awarded, 0)).toBe(view.result.score);
      }
    });
  });

  describe('conversations: the demo tickets carry comments as a working team’s do', () => {
    it('the lead and the designers talk on open tickets; the timeline records it; a designer has an unread mention', async () => {
      const rows = await t.db.selectFrom('comments').innerJoin('tickets', 'tickets.id', 'comments.subject_id').select(['comments.subject_id', 'comments.author_id', 'tickets.designer_id', 'tickets.team_id', 'comments.team_id as comment_team']).where('comments.subject_type', '=', 'ticket').execute();
      expect(rows.length).toBeGreaterThanOrEqual(3);
      for (const r of rows) expect(r.comment_team).toBe(r.team_id);
      // Every commented ticket's thread reads for its designer, and its timeline has a 评论 per comment.
      const byTicket = new Map<number, typeof rows>();
      for (const r of rows) byTicket.set(r.subject_id, [...(byTicket.get(r.subject_id) ?? []), r]);
      let unreadSomewhere = 0;
      for (const [ticketId, comments] of byTicket) {
        const designer = await t.db.selectFrom('designers').select('phone').where('id', '=', comments[0]!.designer_id!).executeTakeFirstOrThrow();
        const me = t.authed(await t.sessionFor(designer.phone));
        const before = expectEnvelope<{ items: { ticket_id: number; unread_comments: number }[] }>(await me.get('/api/tickets?pageSize=100'), 200).data.items.find((x) => x.ticket_id === ticketId);
        unreadSomewhere += before?.unread_comments ?? 0;
        const detail = expectEnvelope<{ timeline: { type: string }[] }>(await me.get(`/api/tickets/${ticketId}`), 200).data;
        expect(detail.timeline.filter((e) => e.type === 'commented').length).toBe(comments.length);
        const thread = expectEnvelope<{ items: { body: string; mentions: unknown[] }[] }>(await me.get(`/api/tickets/${ticketId}/comments`), 200).data;
        expect(thread.items.length).toBe(comments.length);
        expect(thread.items[0]!.mentions.length).toBe(1);
      }
      expect(unreadSomewhere).toBeGreaterThan(0);
    });
  });

  describe('defect 10: the board of the demo team', () => {
    it('has overdue tickets and an on-time rate taken from the same tickets and days, per designer too', async () => {
      const lead = t.authed(await t.sessionFor(DEMO.lead));
      const board = expectEnvelope<{ totals: Figures; by_designer: Figures[] }>(await lead.get('/api/team/board'), 200).data;
      expect(board.totals.overdue).toBeGreaterThan(0);
      expect(board.totals.on_time_rate).toBeLessThan(1);
      for (const f of [board.totals, ...board.by_designer]) {
        expect(f.overdue).toBeLessThanOrEqual(f.due);
        expect(f.on_time_rate).toBe(f.due ? Math.round(((f.due - f.overdue) / f.due) * 10_000) / 10_000 : null);
      }
    });
  });
});

interface Figures {
  due: number;
  overdue: number;
  on_time_rate: number | null;
}
