/**
 * Issue #23, proof the project keeps: the authorization matrix. Every operation of the real app's
 * OpenAPI document either has rows here (it acts on an object named by an id) or a line in
 * NOT_OBJECT saying why it has none, so a new route without an entry fails the first test.
 *
 * Each row makes a fresh object through the real API (a ticket of team A held by its designer, an
 * appeal, a plan, a settlement…), then calls the operation on it as each role and asserts the
 * status: the owner (or the right lead) gets 2xx; another designer of the same team, a part-time
 * designer of the same team and the lead of team B get 403 or 404 as the module's README says;
 * anonymous gets 401. A refused call must leave the object (re-read from the database) and the
 * row count of every table as they were.
 */
import sharp from 'sharp';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, shanghaiDay, weekStartOf } from '../src/domain/calendar.js';
import { advanceClock, nowMs } from '../src/lib/time.js';
import { putObject } from '../src/modules/files/index.js';
import { appealKey, assignedTicket, createWorld, upstream, upstreamDeduction, type World } from './support/appeals.js';
import { tableCounts } from './support/database-state.js';
import { type Client, dialects, expectEnvelope, type Res } from './support/harness.js';
import { openApiDocument, operationsOf } from './support/openapi.js';
import { createPerson, createProduct, draftKey, ingest, order, type Person, ticketMessages, useTicketApp } from './support/tickets.js';

const ROLES = ['designer', 'lead', 'mate', 'partTimer', 'otherLead', 'anon'] as const;
type Role = (typeof ROLES)[number];
type Expected = Record<Role, number>;

/** What a row's call sees of the world: the object's URL and body, and how to re-read it. */
interface Target {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  body?: unknown;
  /** The object's state as the database holds it (compared before/after a refused call). */
  read: () => Promise<unknown>;
  /** The object's id, for assertions on a list. */
  id?: number;
}

interface Row {
  /** `METHOD /path` as in the OpenAPI document (paths under /api). */
  op: string;
  /** What the row calls the object, for the test name. */
  what: string;
  expected: Expected;
  /** Makes a fresh object; `caller` is the role that will call (so a body may name the caller's own upload key). */
  make: (caller: Person | null) => Promise<Target>;
  /** Extra assertions on a 200 answer. */
  onOk?: (res: Res, role: Role, target: Target) => void;
  /** Roles answered 200 whose call must still change nothing (someone else's ids in a body are skipped). */
  skipped?: readonly Role[];
}

/** Operations with no object id, or whose access is not by person: why each is not in the matrix. */
const NOT_OBJECT: Record<string, string> = {
  'GET /appeals': "the caller's own list (a lead's scope=review is the team's): appeals.test.ts",
  'GET /appeals/export': 'the list above as a file',
  'GET /daily-panel': 'by a bearer panel key, no person: teams.test.ts',
  'GET /designer-product/available-products': 'the catalogue, the same for everyone',
  'GET /messages/announcements': 'the announcements that reach the caller: messages.test.ts',
  'GET /messages/messages': "the caller's own messages: messages.test.ts",
  'GET /messages/messages/unread': "the caller's own counts",
  'GET /messages/types': 'public dictionary',
  'GET /onboarding/orientation': 'the quiz, the same for everyone',
  'GET /order-hall/tickets': 'the hall: open to part-time designers by its rules (tickets-hall.test.ts)',
  'GET /order-plans': "the lead's own team: team-isolation.test.ts",
  'GET /order-plans/mine': "the caller's own cells",
  'GET /oss/{*}': 'no token: a private object is read by its signed URL (file-access.test.ts)',
  'GET /oss/get-signature': "signs an upload under the caller's own prefix: files.test.ts",
  'GET /system/config': 'public client config',
  'GET /system/ready': 'readiness for a load balancer: no data (readiness.test.ts)',
  'GET /system/dicts': 'dictionaries',
  'GET /system/menus': "the caller's menu by role",
  'GET /team/board': "the lead's own team: team-isolation.test.ts",
  'GET /templates': 'the templates the caller may see (templates.test.ts)',
  'GET /templates/facets': 'filter options: the catalogue and the tags of what the caller may see',
  'GET /template-share/{token}': 'a bearer token: whoever holds the link reads it (templates.test.ts)',
  'GET /team/designers': "the lead's own team",
  'GET /team/allocation-rules': "the lead's own team's rules (safe-assignment.test.ts)",
  'PUT /team/allocation-rules': "the lead's own team's rules (safe-assignment.test.ts)",
  'GET /team/expenses': "the lead's own team",
  'GET /teams/invites': "the lead's own team's links",
  'GET /teams/invites/{code}': 'a bearer code: whoever holds the link reads it (teams.test.ts)',
  'GET /teams/panel-keys': "the lead's own team's keys",
  'GET /tickets/panel-counts': "the caller's own tickets (a lead: the team's), counted",
  'GET /user/bank-info': "the caller's own",
  'GET /user/profile': "the caller's own",
  'GET /user/shops': "the caller's own",
  'POST /integration/deductions': 'the upstream API key, no person (the key rows below prove a token is refused)',
  'POST /integration/orders': 'the upstream API key, no person',
  'POST /integration/orders/batch': 'the upstream API key, no person',
  'POST /messages/announcements': 'publishes a new one (leads only: messages.test.ts)',
  'POST /mqtt/acl': 'the broker hook, with the shared secret: topic policy by token (broker.test.ts, messages.test.ts)',
  'POST /mqtt/auth': 'the broker hook, with the shared secret: a live token (broker.test.ts, messages.test.ts)',
  'POST /order-plans': "creates a plan of the lead's own team",
  'POST /order-plans/requests': 'creates a request of my own',
  'POST /oss': 'the local object store: a signed upload policy, no token (files.test.ts)',
  'POST /teams/invites': "creates a link of the lead's own team",
  'POST /teams/invites/{code}/join': 'a bearer code: whoever holds the link may join by its rules (teams.test.ts)',
  'POST /teams/panel-keys': "creates a key of the lead's own team",
  'POST /templates': 'creates a template of my own, from my own uploads (templates.test.ts)',
  'POST /user/login': 'sign-in',
  'POST /user/logout': 'my own session',
  'POST /user/logout-all': 'my own sessions',
  'POST /user/register': 'sign-up',
  'POST /user/reset-password': 'by SMS code to the phone',
  'POST /user/verify-code': 'sends a code to a phone',
  'PUT /onboarding/registration-step': 'my own onboarding',
  'PUT /user/bank-info': 'my own',
  'PUT /user/basic-info': 'my own',
  'PUT /user/online-status': 'my own',
  'PUT /user/password': 'my own',
  'PUT /user/phone': 'my own',
  'PUT /user/update-time': 'my own',
  'GET /study/exams': "the published exams of the caller's team: study-exam.test.ts",
  'GET /study/courses': "the published courses of the caller's team: study-course.test.ts",
  'GET /study/manage/exams': "the lead's own team's exams",
  'POST /study/manage/exams': "creates an exam of the lead's own team",
  'GET /study/manage/courses': "the lead's own team's courses",
  'POST /study/manage/courses': "creates a course of the lead's own team",
  'GET /study/manage/questions/import-template': 'a blank template, the same for everyone',
  'POST /study/public/exams/{id}/candidate': 'by SMS code to the phone (a public exam only): study-candidate.test.ts',
  'GET /study/public/candidate': "by a candidate's credential, not a person (every session gets 401): study-candidate.test.ts",
  'POST /study/public/candidate/attempts': "the credential's own exam, by the credential: study-candidate.test.ts",
  'GET /study/public/candidate/attempts/{id}': "by the credential: another phone's or exam's attempt is 404 (study-candidate.test.ts)",
  'PUT /study/public/candidate/attempts/{id}/answers/{questionId}': "by the credential: another phone's or exam's attempt is 404 (study-candidate.test.ts)",
  'POST /study/public/candidate/attempts/{id}/submit': "by the credential: another phone's or exam's attempt is 404 (study-candidate.test.ts)",
  'GET /workbench/home': "the caller's own cards (a lead: the team's figures): workbench-home.test.ts",
  'GET /workbench/views': "the caller's own views and the team's shared ones: workbench-views.test.ts",
  'POST /workbench/views': 'creates a view of my own (sharing: leads only, workbench-views.test.ts)',
  'PUT /workbench/views/order': "orders the caller's own views (ids not all mine: 422, workbench-views.test.ts)",
  'PUT /workbench/views/default': "the caller's own default; a view they do not see is 404 (workbench-views.test.ts)",
  'GET /workbench/shortcuts': 'my own',
  'PUT /workbench/shortcuts': 'my own, from my own menu',
  'GET /workbench/preferences': 'my own',
  'PUT /workbench/preferences': 'my own',
  'POST /workbench/welcome/done': 'my own welcome page',
};

/** A real image for template previews (the server decodes it and makes its thumbnail). */
const TEMPLATE_PNG = sharp({ create: { width: 64, height: 48, channels: 3, background: '#cc6633' } })
  .png()
  .toBuffer();

/** The expected statuses of the usual cases. */
const leadOnly: Expected = { lead: 200, designer: 403, mate: 403, partTimer: 403, otherLead: 404, anon: 401 };
const holderOnly = (lead: 403 | 404 = 403): Expected => ({ designer: 200, lead, mate: 404, partTimer: 404, otherLead: 404, anon: 401 });
const holderAndLead: Expected = { designer: 200, lead: 200, mate: 404, partTimer: 404, otherLead: 404, anon: 401 };
const teamMembers: Expected = { designer: 200, lead: 200, mate: 200, partTimer: 200, otherLead: 404, anon: 401 };
const upstreamOnly: Expected = { designer: 401, lead: 401, mate: 401, partTimer: 401, otherLead: 401, anon: 401 };

describe.each(dialects)('authorization matrix (%s)', (dialect) => {
  const t = useTicketApp(dialect);
  let w: World;
  let partTimer: Person;
  /** A designer of team B (the target of team B's lead's bulk calls). */
  let otherMember: Person;

  beforeAll(async () => {
    w = await createWorld(t);
    partTimer = await createPerson(t, { type: 2, teamId: w.teamId, online: 0 });
    otherMember = await createPerson(t, { teamId: w.otherTeamId, online: 0 });
  });

  const person = (role: Role): Person | null => (role === 'anon' ? null : role === 'partTimer' ? partTimer : w[role]);
  const clientOf = (role: Role): Client => person(role)?.client ?? t.anon;

  // Every table but sessions and rate-limit counters, which move with every call (support/database-state.ts).
  const counts = () => tableCounts(t.db);

  // -- object makers -----------------------------------------------------------------------------

  const ticketRead = (id: number) => async () => ({
    ticket: await t.db.selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    allocations: await t.db.selectFrom('allocations').selectAll().where('ticket_id', '=', id).orderBy('id').execute(),
    drafts: await t.db.selectFrom('drafts').selectAll().where('ticket_id', '=', id).orderBy('id').execute(),
    deductions: await t.db.selectFrom('deductions').selectAll().where('ticket_id', '=', id).orderBy('id').execute(),
  });
  const heldTicket = async () => (await assignedTicket(t, w)).ticket_id;
  const ticketCall = (method: Target['method'], suffix: string, body?: (caller: Person | null) => unknown) => async (caller: Person | null): Promise<Target> => {
    const id = await heldTicket();
    return { method, url: `/api/tickets/${id}${suffix}`, body: body?.(caller), read: ticketRead(id) };
  };
  /** A held ticket with first and final drafts in, and optionally the final-review application. */
  async function finalDraftTicket(apply: boolean): Promise<number> {
    const id = await heldTicket();
    for (const kind of ['first', 'final']) expectEnvelope(await w.designer.client.post(`/api/tickets/${id}/drafts`, { kind, files: [draftKey(w.designer.code)] }), 200);
    if (apply) expectEnvelope(await w.designer.client.post(`/api/tickets/${id}/final-review`, { note: '请审核' }), 200);
    return id;
  }
  async function feeAppeal(): Promise<{ id: number; ticketId: number }> {
    const ticketId = await heldTicket();
    const res = await w.designer.client.post('/api/appeals', { ticket_id: ticketId, type: 'fee', reason: '改稿次数多', requested_cents: 1000 });
    return { id: expectEnvelope<{ appeal_id: number }>(res, 200).data.appeal_id, ticketId };
  }
  const appealRead = (id: number) => async () => ({
    appeal: await t.db.selectFrom('appeals').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    events: await t.db.selectFrom('appeal_events').selectAll().where('appeal_id', '=', id).orderBy('id').execute(),
  });
  const commentsRead = (type: 'ticket' | 'appeal', id: number) => async () => ({
    comments: await t.db.selectFrom('comments').selectAll().where('subject_type', '=', type).where('subject_id', '=', id).orderBy('id').execute(),
    reads: await t.db.selectFrom('comment_reads').selectAll().where('subject_type', '=', type).where('subject_id', '=', id).orderBy('designer_id').execute(),
  });
  /** A template of team A's designer (previews and sources stored), private or published by the lead. */
  async function template(status: 'private' | 'published'): Promise<number> {
    const dir = `template/${w.designer.code}/20261126/${Math.random().toString(36).slice(2, 14)}/`;
    await putObject(t.app.config.oss, `${dir}p.png`, await TEMPLATE_PNG);
    await putObject(t.app.config.oss, `${dir}s.psd`, Buffer.from('8BPS'));
    const res = await w.designer.client.post('/api/templates', { title: '矩阵模板', category: '名片', previews: [{ key: `${dir}p.png` }], sources: [{ key: `${dir}s.psd` }] });
    const id = expectEnvelope<{ template_id: number }>(res, 200).data.template_id;
    if (status === 'published') expectEnvelope(await w.lead.client.post(`/api/templates/${id}/curation`, { status: 'published' }), 200);
    return id;
  }
  /** Keys of a preview and a source uploaded by `who` (so an edit's body names the caller's own files). */
  async function templateFiles(who: Person | null) {
    const code = who?.code ?? w.designer.code;
    const dir = `template/${code}/20261126/${Math.random().toString(36).slice(2, 14)}/`;
    await putObject(t.app.config.oss, `${dir}q.png`, await TEMPLATE_PNG);
    await putObject(t.app.config.oss, `${dir}t.psd`, Buffer.from('8BPS'));
    return { previews: [{ key: `${dir}q.png` }], sources: [{ key: `${dir}t.psd` }] };
  }
  const templateRead = (id: number) => async () => ({
    template: await t.db.selectFrom('templates').selectAll().where('id', '=', id).executeTakeFirst(),
    files: await t.db.selectFrom('template_files').selectAll().where('template_id', '=', id).orderBy('id').execute(),
    favourites: await t.db.selectFrom('template_favourites').selectAll().where('template_id', '=', id).orderBy('designer_id').execute(),
    shares: await t.db.selectFrom('template_shares').selectAll().where('template_id', '=', id).orderBy('id').execute(),
  });
  let weeksBack = 0;
  /**
   * The settlement of a ticket the designer completed in a past week no other call used: its period
   * is over, so it may be confirmed, and none confirmed it yet (a line for a confirmed period moves
   * to the next open one). The clock goes back and returns, so the sessions stay live.
   */
  async function settlement(state: 'open' | 'confirmed'): Promise<{ id: number; periodStart: string }> {
    const back = (8 + 7 * ++weeksBack) * 86_400_000;
    advanceClock(-back);
    const ticket = await assignedTicket(t, w);
    await upstream(t, ticket.order_no, 'completion');
    advanceClock(back);
    const line = await t.db
      .selectFrom('settlement_lines')
      .innerJoin('settlements', 'settlements.id', 'settlement_lines.settlement_id')
      .select(['settlements.id', 'settlements.period_start'])
      .where('settlement_lines.ticket_id', '=', ticket.ticket_id)
      .executeTakeFirstOrThrow();
    if (state === 'confirmed') expectEnvelope(await w.lead.client.post(`/api/settlements/${line.id}/confirm`), 200);
    return { id: line.id, periodStart: line.period_start };
  }
  const settlementRead = (id: number) => async () => ({
    settlement: await t.db.selectFrom('settlements').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    lines: await t.db.selectFrom('settlement_lines').selectAll().where('settlement_id', '=', id).orderBy('id').execute(),
  });
  let weeksAhead = 0;
  /** A plan of team A for a week no other row uses. */
  async function plan(): Promise<{ id: number; week: string }> {
    const week = addDays(weekStartOf(shanghaiDay(nowMs())), 7 * (10 + ++weeksAhead));
    const res = await w.lead.client.post('/api/order-plans', { week_start: week });
    return { id: expectEnvelope<{ plan_id: number }>(res, 200).data.plan_id, week };
  }
  const planRead = (id: number) => async () => ({
    plan: await t.db.selectFrom('order_plans').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    cells: await t.db.selectFrom('order_plan_cells').selectAll().where('plan_id', '=', id).orderBy('designer_id').orderBy('day').execute(),
  });
  /** A pending real-time capacity request of a new designer of team A (one pending request per designer and week). */
  async function planRequest(): Promise<number> {
    const today = shanghaiDay(nowMs());
    const member = await createPerson(t, { teamId: w.teamId, online: 0 });
    const res = await member.client.post('/api/order-plans/requests', { kind: 'realtime', week_start: weekStartOf(today), changes: [{ day: today, capacity: 1 }], reason: '临时调整' });
    return expectEnvelope<{ request_id: number }>(res, 200).data.request_id;
  }
  async function announcement(): Promise<number> {
    // Scope 1 (designers) limited to a product only team A's designer holds: it reaches them alone.
    const res = await w.lead.client.post('/api/messages/announcements', { title: '矩阵公告', body: '请知悉。', scope: 1, product_ids: [w.product] });
    const data = expectEnvelope<{ announcement_id: number; recipients: number }>(res, 200).data;
    expect(data.recipients).toBe(1);
    // Its type-29 message is written right after the answer: settled before the matrix snapshots.
    await t.app.announcementDelivery.settled();
    return data.announcement_id;
  }
  const announcementRead = (id: number) => async () => ({
    reads: await t.db.selectFrom('announcement_reads').selectAll().where('announcement_id', '=', id).execute(),
    messages: await t.db.selectFrom('messages').select(['id', 'designer_id', 'is_read']).where('message_type', '=', 29).orderBy('id').execute(),
  });

  // -- the matrix --------------------------------------------------------------------------------

  // -- courses and exams (issue #16) -------------------------------------------------------------

  /** A published exam of team A with one true/false question. */
  async function publishedExam(isPublic = false): Promise<{ id: number; questionId: number }> {
    const e = expectEnvelope<{ exam_id: number }>(await w.lead.client.post('/api/study/manage/exams', { title: '矩阵考试', pass_mark: 60, time_limit_minutes: 30, is_public: isPublic }), 200).data;
    const q = expectEnvelope<{ questions: { question_id: number }[] }>(
      await w.lead.client.post(`/api/study/manage/exams/${e.exam_id}/questions`, { questions: [{ kind: 'true_false', stem: '矩阵题', answer: true, points: 1 }] }),
      200,
    ).data;
    expectEnvelope(await w.lead.client.post(`/api/study/manage/exams/${e.exam_id}/publish`), 200);
    return { id: e.exam_id, questionId: q.questions[0]!.question_id };
  }
  const examRead = (id: number) => async () => ({
    exam: await t.db.selectFrom('exams').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    questions: await t.db.selectFrom('exam_questions').selectAll().where('exam_id', '=', id).orderBy('id').execute(),
    attempts: await t.db.selectFrom('exam_attempts').selectAll().where('exam_id', '=', id).orderBy('id').execute(),
    answers: await t.db.selectFrom('exam_answers').innerJoin('exam_attempts', 'exam_attempts.id', 'exam_answers.attempt_id').select(['exam_answers.attempt_id', 'exam_answers.question_id', 'exam_answers.answer']).where('exam_attempts.exam_id', '=', id).execute(),
    assignments: await t.db.selectFrom('study_assignments').selectAll().where('item_type', '=', 'exam').where('item_id', '=', id).execute(),
  });
  /** The designer's attempt in progress at a fresh exam. */
  async function designerAttempt(): Promise<{ examId: number; attemptId: number; questionId: number }> {
    const e = await publishedExam();
    const a = expectEnvelope<{ attempt_id: number }>(await w.designer.client.post(`/api/study/exams/${e.id}/attempts`), 200).data;
    return { examId: e.id, attemptId: a.attempt_id, questionId: e.questionId };
  }
  /** A published course of team A with one text lesson (public when asked). */
  async function publishedCourse(isPublic = false): Promise<{ id: number; lessonId: number }> {
    const c = expectEnvelope<{ course_id: number }>(await w.lead.client.post('/api/study/manage/courses', { title: '矩阵课程', is_public: isPublic }), 200).data;
    const l = expectEnvelope<{ lessons: { lesson_id: number }[] }>(await w.lead.client.post(`/api/study/manage/courses/${c.course_id}/lessons`, { kind: 'text', title: '第一课', body: '正文' }), 200).data;
    expectEnvelope(await w.lead.client.post(`/api/study/manage/courses/${c.course_id}/publish`), 200);
    return { id: c.course_id, lessonId: l.lessons[0]!.lesson_id };
  }
  const courseRead = (id: number) => async () => ({
    course: await t.db.selectFrom('courses').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    lessons: await t.db.selectFrom('course_lessons').selectAll().where('course_id', '=', id).orderBy('id').execute(),
    progress: await t.db.selectFrom('lesson_progress').selectAll().where('course_id', '=', id).orderBy('designer_id').execute(),
    assignments: await t.db.selectFrom('study_assignments').selectAll().where('item_type', '=', 'course').where('item_id', '=', id).execute(),
  });
  let importFile: string | undefined;
  /** A one-question .xlsx in the import layout, base64. */
  async function questionSheet(): Promise<string> {
    if (importFile) return importFile;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('题目');
    ws.addRow(['题型', '题目', '选项A', '选项B', '选项C', '选项D', '选项E', '选项F', '正确答案', '分值', '解析']);
    ws.addRow(['判断', '导入的题', null, null, null, null, null, null, '对', 5, null]);
    importFile = Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
    return importFile;
  }
  const question = { kind: 'true_false', stem: '矩阵题（改）', answer: false, points: 2 };
  let views = 0;
  /** A saved view of My tickets by `owner`, personal or shared with the owner's team. */
  async function savedView(owner: Person, shared: boolean): Promise<number> {
    const res = await owner.client.post('/api/workbench/views', { list: 'my-tickets', name: `矩阵视图${++views}`, filters: { status: '0' }, shared });
    return expectEnvelope<{ view_id: number }>(res, 200).data.view_id;
  }

  const ROWS: Row[] = [
    // Courses and exams (issue #16): the team's leads author, assign and read the results; the
    // team's members read and take what is published; an attempt is its taker's alone.
    ...(
      [
        ['GET', '/study/manage/exams/{id}', ''],
        ['PUT', '/study/manage/exams/{id}', ''],
        ['POST', '/study/manage/exams/{id}/publish', '/publish'],
        ['POST', '/study/manage/exams/{id}/unpublish', '/unpublish'],
        ['POST', '/study/manage/exams/{id}/questions', '/questions'],
        ['POST', '/study/manage/exams/{id}/questions/import', '/questions/import'],
      ] as const
    ).map(
      ([method, path, suffix]): Row => ({
        op: `${method} ${path}`,
        what: "a published exam of team A",
        expected: leadOnly,
        make: async () => {
          const { id } = await publishedExam();
          // Publishing shows only on a draft.
          if (suffix === '/publish') expectEnvelope(await w.lead.client.post(`/api/study/manage/exams/${id}/unpublish`), 200);
          const body =
            method === 'PUT'
              ? { title: '矩阵考试（改）', pass_mark: 80, time_limit_minutes: 10 }
              : suffix === '/questions'
                ? { questions: [question] }
                : suffix === '/questions/import'
                  ? { file: await questionSheet() }
                  : undefined;
          return { method, url: `/api/study/manage/exams/${id}${suffix}`, body, read: examRead(id) };
        },
      }),
    ),
    ...(['PUT /study/manage/questions/{id}', 'POST /study/manage/questions/{id}/delete'] as const).map(
      (op): Row => ({
        op,
        what: 'a question of a published exam of team A',
        expected: leadOnly,
        make: async () => {
          const { id, questionId } = await publishedExam();
          return op.startsWith('PUT')
            ? { method: 'PUT', url: `/api/study/manage/questions/${questionId}`, body: question, read: examRead(id) }
            : { method: 'POST', url: `/api/study/manage/questions/${questionId}/delete`, read: examRead(id) };
        },
      }),
    ),
    ...(
      [
        ['GET', '/study/manage/courses/{id}', ''],
        ['PUT', '/study/manage/courses/{id}', ''],
        ['POST', '/study/manage/courses/{id}/publish', '/publish'],
        ['POST', '/study/manage/courses/{id}/unpublish', '/unpublish'],
        ['POST', '/study/manage/courses/{id}/lessons', '/lessons'],
        ['PUT', '/study/manage/courses/{id}/lesson-order', '/lesson-order'],
      ] as const
    ).map(
      ([method, path, suffix]): Row => ({
        op: `${method} ${path}`,
        what: 'a published course of team A',
        expected: leadOnly,
        make: async () => {
          const { id, lessonId } = await publishedCourse();
          if (suffix === '/publish') expectEnvelope(await w.lead.client.post(`/api/study/manage/courses/${id}/unpublish`), 200);
          // Reordering shows only with two lessons.
          const second =
            suffix === '/lesson-order'
              ? expectEnvelope<{ lessons: { lesson_id: number }[] }>(await w.lead.client.post(`/api/study/manage/courses/${id}/lessons`, { kind: 'text', title: '第二课', body: '正文' }), 200).data.lessons[1]!.lesson_id
              : 0;
          const body =
            method === 'PUT' && suffix === ''
              ? { title: '矩阵课程（改）', required: true }
              : suffix === '/lessons'
                ? { kind: 'text', title: '第二课', body: '正文' }
                : suffix === '/lesson-order'
                  ? { lesson_ids: [second, lessonId] }
                  : undefined;
          return { method, url: `/api/study/manage/courses/${id}${suffix}`, body, read: courseRead(id) };
        },
      }),
    ),
    ...(['PUT /study/manage/lessons/{id}', 'POST /study/manage/lessons/{id}/delete'] as const).map(
      (op): Row => ({
        op,
        what: 'a lesson of a published course of team A',
        expected: leadOnly,
        make: async () => {
          const { id, lessonId } = await publishedCourse();
          return op.startsWith('PUT')
            ? { method: 'PUT', url: `/api/study/manage/lessons/${lessonId}`, body: { kind: 'text', title: '第一课（改）', body: '新正文' }, read: courseRead(id) }
            : { method: 'POST', url: `/api/study/manage/lessons/${lessonId}/delete`, read: courseRead(id) };
        },
      }),
    ),
    {
      op: 'POST /study/manage/assignments',
      what: "a published exam of team A, to team A's designer (ids in the body)",
      expected: leadOnly,
      make: async () => {
        const { id } = await publishedExam();
        return { method: 'POST', url: '/api/study/manage/assignments', body: { item_type: 'exam', item_id: id, designer_ids: [w.designer.code], due_at: new Date(nowMs() + 3 * 86_400_000).toISOString() }, read: examRead(id) };
      },
    },
    ...(['', '/export'] as const).map(
      (suffix): Row => ({
        op: `GET /study/manage/results${suffix}`,
        what: 'a published course of team A (its id in the query)',
        expected: leadOnly,
        make: async () => {
          const { id } = await publishedCourse();
          return { method: 'GET', url: `/api/study/manage/results${suffix}?item_type=course&item_id=${id}`, read: courseRead(id) };
        },
      }),
    ),
    {
      op: 'GET /study/exams/{id}',
      what: 'a published exam of team A',
      expected: teamMembers,
      make: async () => {
        const { id } = await publishedExam();
        return { method: 'GET', url: `/api/study/exams/${id}`, read: examRead(id) };
      },
    },
    {
      op: 'POST /study/exams/{id}/attempts',
      what: 'a published exam of team A',
      expected: teamMembers,
      make: async () => {
        const { id } = await publishedExam();
        return { method: 'POST', url: `/api/study/exams/${id}/attempts`, read: examRead(id) };
      },
    },
    ...(
      [
        ['GET', '/study/attempts/{id}', ''],
        ['PUT', '/study/attempts/{id}/answers/{questionId}', '/answers'],
        ['POST', '/study/attempts/{id}/submit', '/submit'],
      ] as const
    ).map(
      ([method, path, suffix]): Row => ({
        op: `${method} ${path}`,
        what: "the designer's attempt in progress",
        expected: holderOnly(404),
        make: async () => {
          const a = await designerAttempt();
          const url = `/api/study/attempts/${a.attemptId}${suffix === '/answers' ? `/answers/${a.questionId}` : suffix}`;
          return { method, url, body: suffix === '/answers' ? { answer: true } : undefined, read: examRead(a.examId) };
        },
      }),
    ),
    {
      op: 'GET /study/courses/{id}',
      what: 'a published course of team A',
      expected: teamMembers,
      make: async () => {
        const { id } = await publishedCourse();
        return { method: 'GET', url: `/api/study/courses/${id}`, read: courseRead(id) };
      },
    },
    {
      op: 'PUT /study/lessons/{id}/progress',
      what: 'a lesson of a published course of team A',
      expected: teamMembers,
      make: async () => {
        const { id, lessonId } = await publishedCourse();
        return { method: 'PUT', url: `/api/study/lessons/${lessonId}/progress`, body: { completed: true }, read: courseRead(id) };
      },
    },
    {
      op: 'GET /study/public/courses/{id}',
      what: 'a published course of team A marked public: anyone, no login',
      expected: { designer: 200, lead: 200, mate: 200, partTimer: 200, otherLead: 200, anon: 200 },
      make: async () => {
        const { id } = await publishedCourse(true);
        return { method: 'GET', url: `/api/study/public/courses/${id}`, read: courseRead(id) };
      },
    },
    {
      op: 'GET /study/public/exams/{id}',
      what: 'a published exam of team A marked public: anyone, no login, no question',
      expected: { designer: 200, lead: 200, mate: 200, partTimer: 200, otherLead: 200, anon: 200 },
      make: async () => {
        const { id } = await publishedExam(true);
        return { method: 'GET', url: `/api/study/public/exams/${id}`, read: examRead(id) };
      },
      onOk: (res) => expect(res.body).not.toContain('矩阵题'),
    },
    // Tickets: the holder and the team's lead read; the holder acts on drafts; the lead acts as lead.
    { op: 'GET /tickets/{id}', what: 'a held ticket', expected: holderAndLead, make: ticketCall('GET', '') },
    { op: 'POST /tickets/{id}/drafts', what: 'a held ticket', expected: holderOnly(), make: ticketCall('POST', '/drafts', (c) => ({ kind: 'first', files: [draftKey(c?.code ?? 'D000000')] })) },
    {
      op: 'POST /tickets/{id}/assign',
      what: "an unassigned ticket of team A's pool",
      expected: leadOnly,
      make: async () => {
        const { ticket } = await ingest(t, order(w.shop, await createProduct(t), { team_id: w.teamId }));
        expect(ticket.designer_id).toBeNull();
        return { method: 'POST', url: `/api/tickets/${ticket.ticket_id}/assign`, body: { designer_id: w.mate.code, confirm: ['offline', 'over_capacity', 'unqualified'] }, read: ticketRead(ticket.ticket_id) };
      },
    },
    {
      op: 'GET /tickets/assign-candidates',
      what: "an unassigned ticket of team A's pool (ticket_ids in the query)",
      expected: leadOnly,
      make: async () => {
        const { ticket } = await ingest(t, order(w.shop, await createProduct(t), { team_id: w.teamId }));
        return { method: 'GET', url: `/api/tickets/assign-candidates?ticket_ids=${ticket.ticket_id}`, read: ticketRead(ticket.ticket_id) };
      },
    },
    { op: 'POST /tickets/{id}/transfer', what: 'a held ticket', expected: leadOnly, make: ticketCall('POST', '/transfer', () => ({ designer_id: w.mate.code, reason: '调整', confirm: ['offline', 'over_capacity', 'unqualified'] })) },
    { op: 'POST /tickets/{id}/urge', what: 'a held ticket', expected: leadOnly, make: ticketCall('POST', '/urge', () => ({ note: '请尽快' })) },
    { op: 'POST /tickets/{id}/abnormal', what: 'a held ticket', expected: leadOnly, make: ticketCall('POST', '/abnormal', () => ({ reason: '客户失联' })) },
    { op: 'POST /tickets/{id}/close', what: 'a held ticket', expected: leadOnly, make: ticketCall('POST', '/close', () => ({ reason: '客户取消' })) },
    { op: 'POST /tickets/{id}/deductions', what: 'a held ticket', expected: leadOnly, make: ticketCall('POST', '/deductions', () => ({ amount_cents: 500, reason: '审稿扣款' })) },
    {
      op: 'POST /tickets/{id}/final-review',
      what: 'a ticket with its final draft',
      expected: holderOnly(),
      make: async () => {
        const id = await finalDraftTicket(false);
        return { method: 'POST', url: `/api/tickets/${id}/final-review`, body: { note: '请审核' }, read: ticketRead(id) };
      },
    },
    { op: 'POST /tickets/{id}/factory-reject', what: 'a held ticket', expected: holderOnly(), make: ticketCall('POST', '/factory-reject', () => ({ reason: '工艺无法实现' })) },
    {
      op: 'POST /tickets/{id}/final-review/review',
      what: 'a final-review application',
      expected: leadOnly,
      make: async () => {
        const id = await finalDraftTicket(true);
        return { method: 'POST', url: `/api/tickets/${id}/final-review/review`, body: { decision: 'approve' }, read: ticketRead(id) };
      },
    },
    {
      op: 'POST /tickets/{id}/factory-reject/review',
      what: 'a factory-reject application',
      expected: leadOnly,
      make: async () => {
        const id = await heldTicket();
        expectEnvelope(await w.designer.client.post(`/api/tickets/${id}/factory-reject`, { reason: '工艺无法实现' }), 200);
        return { method: 'POST', url: `/api/tickets/${id}/factory-reject/review`, body: { decision: 'approve' }, read: ticketRead(id) };
      },
    },
    {
      op: 'POST /order-hall/tickets/{id}/grab',
      what: 'a ticket another designer holds',
      // The hall is for part-time designers (403 for the others); a held ticket is not in it (404).
      expected: { designer: 403, lead: 403, mate: 403, partTimer: 404, otherLead: 403, anon: 401 },
      make: async () => {
        const id = await heldTicket();
        return { method: 'POST', url: `/api/order-hall/tickets/${id}/grab`, read: ticketRead(id) };
      },
    },
    // Appeals and deductions: the appellant and the team's lead read; the lead reviews.
    {
      op: 'POST /appeals',
      what: 'a held ticket (ticket_id in the body)',
      expected: holderOnly(404),
      make: async (caller) => {
        const id = await heldTicket();
        return { method: 'POST', url: '/api/appeals', body: { ticket_id: id, type: 'fee', reason: '改稿次数多', requested_cents: 1000, attachments: caller ? [appealKey(caller.code)] : [] }, read: ticketRead(id) };
      },
    },
    {
      op: 'POST /appeals',
      what: 'a QC deduction (deduction_id in the body)',
      expected: holderOnly(404),
      make: async () => {
        const ticket = await assignedTicket(t, w);
        const { deduction } = await upstreamDeduction(t, ticket.order_no, 'qc', 300);
        return {
          method: 'POST',
          url: '/api/appeals',
          body: { ticket_id: ticket.ticket_id, type: 'qc', deduction_id: deduction.deduction_id, reason: '质检有误' },
          read: async () => ({ ticket: await ticketRead(ticket.ticket_id)(), appeals: await t.db.selectFrom('appeals').selectAll().where('deduction_id', '=', deduction.deduction_id).execute() }),
        };
      },
    },
    {
      op: 'GET /appeals/{id}',
      what: 'a fee appeal',
      expected: holderAndLead,
      make: async () => {
        const { id } = await feeAppeal();
        return { method: 'GET', url: `/api/appeals/${id}`, read: appealRead(id) };
      },
    },
    {
      op: 'POST /appeals/{id}/review',
      what: 'a pending fee appeal',
      expected: leadOnly,
      make: async () => {
        const { id } = await feeAppeal();
        return { method: 'POST', url: `/api/appeals/${id}/review`, body: { decision: 'approve' }, read: async () => ({ ...(await appealRead(id)()), lines: await t.db.selectFrom('settlement_lines').select('id').where('designer_id', '=', w.designer.id).execute() }) };
      },
    },
    // Comment threads: the ticket's designer and the team's leads (an appeal's appellant and leads)
    // read and write; only a comment's author edits or deletes it, a lead included (403).
    ...(['GET', 'POST'] as const).flatMap((method): Row[] => [
      {
        op: `${method} /tickets/{id}/comments`,
        what: 'a held ticket’s thread',
        expected: holderAndLead,
        make: async () => {
          const id = await heldTicket();
          return { method, url: `/api/tickets/${id}/comments`, body: method === 'POST' ? { body: '矩阵评论' } : undefined, read: commentsRead('ticket', id) };
        },
      },
      {
        op: `${method} /appeals/{id}/comments`,
        what: 'a fee appeal’s thread',
        expected: holderAndLead,
        make: async () => {
          const { id } = await feeAppeal();
          return { method, url: `/api/appeals/${id}/comments`, body: method === 'POST' ? { body: '矩阵评论' } : undefined, read: commentsRead('appeal', id) };
        },
      },
    ]),
    ...(['PUT /comments/{id}', 'POST /comments/{id}/delete'] as const).map(
      (op): Row => ({
        op,
        what: 'the designer’s comment on a held ticket',
        expected: { designer: 200, lead: 403, mate: 404, partTimer: 404, otherLead: 404, anon: 401 },
        make: async () => {
          const ticketId = await heldTicket();
          const res = await w.designer.client.post(`/api/tickets/${ticketId}/comments`, { body: '设计师的评论' });
          const id = expectEnvelope<{ comment_id: number }>(res, 200).data.comment_id;
          return op.startsWith('PUT')
            ? { method: 'PUT', url: `/api/comments/${id}`, body: { body: '改过的评论' }, read: commentsRead('ticket', ticketId) }
            : { method: 'POST', url: `/api/comments/${id}/delete`, read: commentsRead('ticket', ticketId) };
        },
      }),
    ),
    // Templates: a private one is its owner's and the team's lead's; a published one the team's.
    // Only the owner edits and deletes; the lead curates; owner and lead share.
    {
      op: 'GET /templates/{id}',
      what: 'the designer’s private template',
      expected: holderAndLead,
      make: async () => {
        const id = await template('private');
        return { method: 'GET', url: `/api/templates/${id}`, read: templateRead(id) };
      },
    },
    {
      op: 'GET /templates/{id}',
      what: 'the designer’s published template',
      expected: { designer: 200, lead: 200, mate: 200, partTimer: 200, otherLead: 404, anon: 401 },
      make: async () => {
        const id = await template('published');
        return { method: 'GET', url: `/api/templates/${id}`, read: templateRead(id) };
      },
    },
    {
      op: 'PUT /templates/{id}',
      what: 'the designer’s published template (the caller’s own files in the body)',
      expected: { designer: 200, lead: 403, mate: 403, partTimer: 403, otherLead: 404, anon: 401 },
      make: async (caller) => {
        const id = await template('published');
        return { method: 'PUT', url: `/api/templates/${id}`, body: { title: '改过的模板', category: '海报', ...(await templateFiles(caller)) }, read: templateRead(id) };
      },
    },
    {
      op: 'POST /templates/{id}/delete',
      what: 'the designer’s published template',
      expected: { designer: 200, lead: 403, mate: 403, partTimer: 403, otherLead: 404, anon: 401 },
      make: async () => {
        const id = await template('published');
        return { method: 'POST', url: `/api/templates/${id}/delete`, read: templateRead(id) };
      },
    },
    {
      op: 'POST /templates/{id}/curation',
      what: 'the designer’s private template (publish)',
      expected: { lead: 200, designer: 403, mate: 404, partTimer: 404, otherLead: 404, anon: 401 },
      make: async () => {
        const id = await template('private');
        return { method: 'POST', url: `/api/templates/${id}/curation`, body: { status: 'published', featured: true }, read: templateRead(id) };
      },
    },
    ...(['favourite', 'unfavourite'] as const).map(
      (action): Row => ({
        op: `POST /templates/{id}/${action}`,
        what: `the designer’s published template${action === 'unfavourite' ? ', starred by the caller' : ''}`,
        expected: { designer: 200, lead: 200, mate: 200, partTimer: 200, otherLead: 404, anon: 401 },
        make: async (caller) => {
          const id = await template('published');
          if (action === 'unfavourite' && caller) {
            await t.db.insertInto('template_favourites').values({ designer_id: caller.id, template_id: id, created_at: new Date().toISOString() }).execute();
          }
          return { method: 'POST', url: `/api/templates/${id}/${action}`, read: templateRead(id) };
        },
      }),
    ),
    {
      op: 'POST /templates/{id}/use',
      what: 'a published template, for the designer’s held ticket',
      expected: { designer: 200, lead: 403, mate: 404, partTimer: 404, otherLead: 404, anon: 401 },
      make: async () => {
        const id = await template('published');
        const ticketId = await heldTicket();
        return { method: 'POST', url: `/api/templates/${id}/use`, body: { ticket_id: ticketId }, read: templateRead(id) };
      },
    },
    ...(['GET', 'POST'] as const).map(
      (method): Row => ({
        op: `${method} /templates/{id}/shares`,
        what: 'the designer’s published template',
        expected: { designer: 200, lead: 200, mate: 403, partTimer: 403, otherLead: 404, anon: 401 },
        make: async () => {
          const id = await template('published');
          return { method, url: `/api/templates/${id}/shares`, body: method === 'POST' ? { expires_in: '7d' } : undefined, read: templateRead(id) };
        },
      }),
    ),
    {
      op: 'POST /template-shares/{id}/revoke',
      what: 'a share link of the designer’s published template',
      expected: { designer: 200, lead: 200, mate: 403, partTimer: 403, otherLead: 404, anon: 401 },
      make: async () => {
        const id = await template('published');
        const share = expectEnvelope<{ share_id: number }>(await w.designer.client.post(`/api/templates/${id}/shares`, { expires_in: 'never' }), 200).data;
        return { method: 'POST', url: `/api/template-shares/${share.share_id}/revoke`, read: templateRead(id) };
      },
    },
    // Settlements: the designer and the team's lead read; the lead confirms and pays.
    ...(['', '/export?format=csv'] as const).map(
      (suffix): Row => ({
        op: `GET /settlements/{id}${suffix.replace(/\?.*/, '')}`,
        what: "the designer's settlement",
        expected: holderAndLead,
        make: async () => {
          const s = await settlement('open');
          return { method: 'GET', url: `/api/settlements/${s.id}${suffix}`, read: settlementRead(s.id) };
        },
      }),
    ),
    ...(['confirm', 'pay'] as const).map(
      (action): Row => ({
        op: `POST /settlements/{id}/${action}`,
        what: `a settlement ready to ${action}`,
        expected: leadOnly,
        make: async () => {
          const s = await settlement(action === 'confirm' ? 'open' : 'confirmed');
          return { method: 'POST', url: `/api/settlements/${s.id}/${action}`, read: settlementRead(s.id) };
        },
      }),
    ),
    // Team management: a member of team A, team A's expense statement, links and keys.
    ...(['GET', 'PUT'] as const).map(
      (method): Row => ({
        op: `${method} /team/designers/{designer_id}`,
        what: 'a designer of team A',
        expected: leadOnly,
        make: async () => {
          const member = await createPerson(t, { teamId: w.teamId, online: 0, capacity: 9 });
          return {
            method,
            url: `/api/team/designers/${member.code}`,
            ...(method === 'PUT' ? { body: { daily_capacity: 3, product_ids: [] } } : {}),
            read: async () => ({
              designer: await t.db.selectFrom('designers').select(['daily_capacity', 'team_id']).where('id', '=', member.id).executeTakeFirstOrThrow(),
              products: await t.db.selectFrom('designer_products').select('product_id').where('designer_id', '=', member.id).execute(),
            }),
          };
        },
      }),
    ),
    ...(['', '/export?format=csv'] as const).map(
      (suffix): Row => ({
        op: `GET /team/expenses/{statement_id}${suffix.replace(/\?.*/, '')}`,
        what: "team A's expense statement",
        // The detail shows a member their own share (spec §2: all roles); the export is the lead's.
        expected: suffix ? leadOnly : holderAndLead,
        ...(suffix
          ? {}
          : {
              onOk: (res: Res, role: Role) => {
                const data = res.json().data as { scope: string; members: { designer_id: string }[] };
                expect(data.scope).toBe(role === 'lead' ? 'team' : 'own');
                if (role === 'designer') expect(data.members.map((m) => m.designer_id)).toEqual([w.designer.code]);
              },
            }),
        make: async () => {
          const s = await settlement('open');
          return { method: 'GET', url: `/api/team/expenses/${s.periodStart}${suffix}`, read: settlementRead(s.id) };
        },
      }),
    ),
    ...(['invites', 'panel-keys'] as const).map(
      (kind): Row => ({
        op: `POST /teams/${kind}/{id}/revoke`,
        what: `team A's ${kind === 'invites' ? 'invite link' : 'panel key'}`,
        expected: leadOnly,
        make: async () => {
          const created = expectEnvelope<{ id: number }>(await w.lead.client.post(`/api/teams/${kind}`, kind === 'invites' ? { expires_in_hours: 24, max_uses: 5 } : undefined), 200).data;
          const table = kind === 'invites' ? 'team_invites' : 'panel_keys';
          return { method: 'POST', url: `/api/teams/${kind}/${created.id}/revoke`, read: () => t.db.selectFrom(table).selectAll().where('id', '=', created.id).executeTakeFirstOrThrow() };
        },
      }),
    ),
    // Order plans: team A's plan and a request of its designer.
    {
      op: 'GET /order-plans/{id}',
      what: "team A's plan",
      expected: leadOnly,
      make: async () => {
        const p = await plan();
        return { method: 'GET', url: `/api/order-plans/${p.id}`, read: planRead(p.id) };
      },
    },
    {
      op: 'PUT /order-plans/{id}/cells',
      what: "team A's plan",
      expected: leadOnly,
      make: async () => {
        const p = await plan();
        return { method: 'PUT', url: `/api/order-plans/${p.id}/cells`, body: { cells: [{ designer_id: w.mate.code, day: p.week, capacity: 4 }] }, read: planRead(p.id) };
      },
    },
    {
      op: 'POST /order-plans/requests/{id}/review',
      what: "a request of team A's designer",
      expected: leadOnly,
      make: async () => {
        const id = await planRequest();
        return {
          method: 'POST',
          url: `/api/order-plans/requests/${id}/review`,
          body: { decision: 'reject', note: '本周已满' },
          read: () => t.db.selectFrom('plan_change_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
        };
      },
    },
    // Messages: an announcement that reaches team A's designer alone; a message of theirs.
    ...(['', '/read'] as const).map(
      (suffix): Row => ({
        op: `${suffix ? 'POST' : 'GET'} /messages/announcements/{id}${suffix}`,
        what: "an announcement that reaches team A's designer",
        expected: holderOnly(404),
        make: async () => {
          const id = await announcement();
          return { method: suffix ? 'POST' : 'GET', url: `/api/messages/announcements/${id}${suffix}`, read: announcementRead(id) };
        },
      }),
    ),
    // Its publisher (team A's lead) edits or withdraws it; nobody else, whoever it reaches.
    ...(
      [
        ['PUT', '', { title: '矩阵公告（更正）', body: '请以此为准。' }],
        ['POST', '/withdraw', undefined],
      ] as const
    ).map(
      ([method, suffix, body]): Row => ({
        op: `${method} /messages/announcements/{id}${suffix}`,
        what: "an announcement team A's lead published",
        expected: { lead: 200, designer: 403, mate: 403, partTimer: 403, otherLead: 403, anon: 401 },
        make: async () => {
          const id = await announcement();
          const read = announcementRead(id);
          return {
            method,
            url: `/api/messages/announcements/${id}${suffix}`,
            body,
            // Not broadcast_at: the publish's broadcast marks it after its own commit, whenever that lands.
            read: async () => ({
              announcement: await t.db.selectFrom('announcements').select(['title', 'body', 'updated_at', 'withdrawn_at']).where('id', '=', id).executeTakeFirstOrThrow(),
              ...(await read()),
            }),
          };
        },
      }),
    ),
    {
      op: 'POST /messages/messages/read',
      what: "a message of team A's designer (message_ids in the body)",
      // Someone else's ids are skipped, not refused: the answer says nothing was updated.
      expected: { designer: 200, lead: 200, mate: 200, partTimer: 200, otherLead: 200, anon: 401 },
      make: async () => {
        const id = await heldTicket();
        const message = (await ticketMessages(t, id)).find((m) => m.designer_id === w.designer.id);
        expect(message).toBeDefined();
        return {
          method: 'POST',
          url: '/api/messages/messages/read',
          body: { message_ids: [message!.id] },
          read: () => t.db.selectFrom('messages').select(['is_read', 'read_time']).where('id', '=', message!.id).executeTakeFirstOrThrow(),
        };
      },
      skipped: ['lead', 'mate', 'partTimer', 'otherLead'],
      onOk: (res, role) => expect(res.json().data).toEqual({ updated: role === 'designer' ? 1 : 0 }),
    },
    // Bulk actions by ticket ids in the body: another team's tickets are refused one by one.
    ...(['assign', 'transfer'] as const).map(
      (action): Row => ({
        op: `POST /team/tickets/bulk-${action}`,
        what: `a ticket of team A (ticket_ids in the body)`,
        // Team B's lead names their own designer: the call is theirs to make, the ticket is not.
        expected: { lead: 200, designer: 403, mate: 403, partTimer: 403, otherLead: 200, anon: 401 },
        skipped: ['otherLead'],
        make: async (caller) => {
          const id = action === 'assign' ? (await ingest(t, order(w.shop, await createProduct(t), { team_id: w.teamId }))).ticket.ticket_id : await heldTicket();
          const to = caller === w.otherLead ? otherMember : w.mate;
          return { method: 'POST', url: `/api/team/tickets/bulk-${action}`, body: { ticket_ids: [id], designer_id: to.code, confirm: ['offline', 'over_capacity', 'unqualified'], ...(action === 'transfer' ? { reason: '调整' } : {}) }, read: ticketRead(id) };
        },
        onOk: (res, role) => expect(res.json().data.results).toEqual([{ ticket_id: expect.any(Number), ok: role === 'lead', message: role === 'lead' ? expect.any(String) : '工单不存在' }]),
      }),
    ),
    // Lists narrowed to one designer by `designer_id` in the query: the designer's own, or a lead's member.
    {
      op: 'GET /tickets',
      what: "team A's designer (designer_id in the query)",
      // Only a lead narrows by designer; for anyone else the list stays their own, without the ticket.
      expected: { designer: 200, lead: 200, mate: 200, partTimer: 200, otherLead: 200, anon: 401 },
      skipped: ['mate', 'partTimer', 'otherLead'],
      make: async () => {
        const id = await heldTicket();
        return { method: 'GET', url: `/api/tickets?designer_id=${w.designer.code}&pageSize=100`, read: ticketRead(id), id };
      },
      onOk: (res, role, target) => expect(res.json().data.items.some((x: { ticket_id: number }) => x.ticket_id === target.id)).toBe(role === 'designer' || role === 'lead'),
    },
    {
      op: 'GET /tickets/export',
      what: "team A's designer (designer_id in the query), as a file",
      // The list above as a file: the same scope, so the ticket is in it for its designer and the lead only.
      expected: { designer: 200, lead: 200, mate: 200, partTimer: 200, otherLead: 200, anon: 401 },
      make: async () => {
        const id = await heldTicket();
        const { order_no } = await t.db.selectFrom('tickets').select('order_no').where('id', '=', id).executeTakeFirstOrThrow();
        return { method: 'GET', url: `/api/tickets/export?format=csv&designer_id=${w.designer.code}&keyword=${order_no}`, read: ticketRead(id), id };
      },
      onOk: (res, role) => expect(res.body.replace(/^\uFEFF/, '').trim().split('\r\n')).toHaveLength(role === 'designer' || role === 'lead' ? 2 : 1),
    },
    {
      op: 'GET /deductions',
      what: "team A's designer (designer_id in the query)",
      // Someone else's designer_id: 403 for a non-lead; for a lead, 422 「该设计师不在你的团队中」 when not a member.
      expected: { designer: 200, lead: 200, mate: 403, partTimer: 403, otherLead: 422, anon: 401 },
      make: async () => {
        const ticket = await assignedTicket(t, w);
        const { deduction } = await upstreamDeduction(t, ticket.order_no, 'after_sales', 200);
        return { method: 'GET', url: `/api/deductions?designer_id=${w.designer.code}&pageSize=100`, read: ticketRead(ticket.ticket_id), id: deduction.deduction_id };
      },
      onOk: (res, _role, target) => expect(res.json().data.items.map((x: { deduction_id: number }) => x.deduction_id)).toContain(target.id),
    },
    {
      op: 'GET /settlements',
      what: "team A's designer (designer_id in the query)",
      expected: { designer: 200, lead: 200, mate: 403, partTimer: 403, otherLead: 422, anon: 401 },
      make: async () => {
        const s = await settlement('open');
        return { method: 'GET', url: `/api/settlements?designer_id=${w.designer.code}&pageSize=100`, read: settlementRead(s.id), id: s.id };
      },
      onOk: (res, _role, target) => expect(res.json().data.items.map((x: { settlement_id: number }) => x.settlement_id)).toContain(target.id),
    },
    {
      op: 'GET /team/daily-detail',
      what: "team A's designer (designer_id in the query)",
      expected: leadOnly,
      make: async () => ({ method: 'GET', url: `/api/team/daily-detail?designer_id=${w.designer.code}`, read: async () => null }),
    },
    // The upstream's calls take the API key, never a person's token.
    {
      op: 'POST /integration/orders/{order_no}/status',
      what: 'a held ticket, with a bearer token instead of the API key',
      expected: upstreamOnly,
      make: async () => {
        const ticket = await assignedTicket(t, w);
        return { method: 'POST', url: `/api/integration/orders/${ticket.order_no}/status`, body: { event: 'close', reason: '取消' }, read: ticketRead(ticket.ticket_id) };
      },
    },
    {
      op: 'POST /integration/drafts/{draft_id}/audit',
      what: 'a submitted draft, with a bearer token instead of the API key',
      expected: upstreamOnly,
      make: async () => {
        const id = await heldTicket();
        const draft = expectEnvelope<{ draft_id: number }>(await w.designer.client.post(`/api/tickets/${id}/drafts`, { kind: 'first', files: [draftKey(w.designer.code)] }), 200).data;
        return { method: 'POST', url: `/api/integration/drafts/${draft.draft_id}/audit`, body: { sync_status: 3, result: '分辨率不足' }, read: ticketRead(id) };
      },
    },
    // Saved views (issue #18): a personal view is its owner's alone (404 to everyone else); a view
    // shared by team A's lead is seen by the team (403 to edit or delete for members) and 404 to team B.
    ...(['PUT /workbench/views/{id}', 'POST /workbench/views/{id}/delete'] as const).flatMap((op): Row[] => {
      const edit = op.startsWith('PUT');
      const call = (id: number, shared: boolean): Target => ({
        method: edit ? 'PUT' : 'POST',
        url: `/api/workbench/views/${id}${edit ? '' : '/delete'}`,
        body: edit ? { name: `矩阵视图${id}（改）`, filters: { status: '5' }, shared } : undefined,
        read: () => t.db.selectFrom('saved_views').selectAll().where('id', '=', id).executeTakeFirst(),
      });
      return [
        {
          op,
          what: "a personal view of team A's designer",
          expected: holderOnly(404),
          make: async () => call(await savedView(w.designer, false), false),
        },
        {
          op,
          what: "a view team A's lead shared with the team",
          expected: leadOnly,
          make: async () => call(await savedView(w.lead, true), true),
        },
      ];
    }),
  ];

  it('covers every operation of the OpenAPI document: a row, or a reason in NOT_OBJECT', async () => {
    const ops = operationsOf(await openApiDocument(t.anon)).map((o) => o.key);
    expect(ops.length).toBeGreaterThan(80);
    const covered = new Set([...ROWS.map((r) => r.op), ...Object.keys(NOT_OBJECT)]);
    expect(ops.filter((op) => !covered.has(op)).sort(), 'operations without a matrix entry').toEqual([]);
    expect([...covered].filter((op) => !ops.includes(op)).sort(), 'matrix entries of operations that no longer exist').toEqual([]);
    for (const op of ROWS.map((r) => r.op)) expect(NOT_OBJECT[op], `${op} is both a row and NOT_OBJECT`).toBeUndefined();
  });

  describe.each(ROWS.map((r) => [`${r.op} on ${r.what}`, r] as const))('%s', (_name, row) => {
    it.each(ROLES.map((role) => [role, row.expected[role]] as const))('as %s: %i', async (role, status) => {
      const target = await row.make(person(role));
      const mustNotChange = status !== 200 || row.skipped?.includes(role) === true;
      // An allowed write must show in the object, or "a refusal changed nothing" would prove little.
      const mustChange = !mustNotChange && target.method !== 'GET';
      const before = mustNotChange || mustChange ? { object: await target.read(), counts: await counts() } : undefined;
      const c = clientOf(role);
      const res = target.method === 'GET' ? await c.get(target.url) : target.method === 'PUT' ? await c.put(target.url, target.body as object) : await c.post(target.url, target.body as object);
      if (status === 200) {
        expect(res.statusCode, res.body).toBe(200);
        row.onOk?.(res, role, target);
      } else {
        expectEnvelope(res, status);
      }
      if (mustChange) expect((await target.read()) as unknown, 'an allowed write changed the object').not.toEqual(before!.object);
      if (!mustNotChange) return;
      expect({ object: await target.read(), counts: await counts() }, 'a refused call changed nothing').toEqual(before);
    });
  });
});
