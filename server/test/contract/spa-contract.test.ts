/**
 * Contract test (issue #15): the SPA's zod schemas parse real answers of the real server, for every
 * endpoint the SPA calls, so a drift on either side fails here instead of in a browser (where the
 * SPA shows 服务器错误 for an answer its schema rejects, http.ts `contract`).
 *
 * How it works:
 * 1. spa-calls.ts reads src/ and lists every `http.get/post/put/delete(path, schema)` call with its
 *    endpoint and schema name. spa-endpoints.ts maps each endpoint to the SPA's own exported schema
 *    objects. The first block of tests holds the two together: a call missing from the table (or
 *    with another schema), a table entry no call uses, or a call the scan cannot read fails it.
 * 2. On each dialect, the real app (buildApp, harness.ts) starts with the demo data; the scenario
 *    below signs in as a lead, a designer, part-time designers, the demo user mid-onboarding and a
 *    newly registered user, and makes the requests the SPA makes, changes included (tickets through
 *    their life, appeals, plans, invites, settlements). Every answer (200 and `success`, else the
 *    scenario stops) is recorded under the endpoint it reached.
 * 3. One test per endpoint parses every recorded answer's `data` with each of its schemas, and an
 *    endpoint with no recorded answer fails too.
 *
 * Why a scenario of its own rather than recording what the other server suites receive: those run
 * in parallel, in no fixed order and each on its own database, so a check "after all of them" has
 * no reliable place to run, a single suite run alone would look like missing coverage, and which
 * answers get seen would depend on what other suites happen to test. Here one file, run alone or
 * with the rest, sees the same answers each time (demo data with a seeded generator, a fixed
 * script), in a few seconds.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, today, weekStartOf } from '../../src/domain/calendar.js';
import { designerCode } from '../../src/domain/designers.js';
import { advanceClock, resetClock } from '../../src/lib/time.js';
import { putObject } from '../../src/modules/files/index.js';
import { ORIENTATION_QUESTIONS } from '../../src/modules/onboarding/orientation.js';
import { DEMO_SHARE_TOKEN } from '../../src/modules/templates/index.js';
import { DEMO, DEMO_PASSWORD, dialects, freshPhone, type TestApp } from '../support/harness.js';
import { createProduct, draftKey, firstShop, ingest, integration, order, useTicketApp } from '../support/tickets.js';
import { scanSpaCalls } from './spa-calls.js';
import { registeredEndpoint, SPA_ENDPOINTS } from './spa-endpoints.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DAY = 24 * 3600_000;

describe('the SPA’s API calls and the contract table', () => {
  const { calls, problems } = scanSpaCalls(path.join(root, 'src'), root);

  it('finds the calls (a scan that finds none is broken, not clean)', () => {
    expect(calls.length).toBeGreaterThan(50);
  });

  it('holds a schema object under every name', () => {
    const broken = Object.entries(SPA_ENDPOINTS).flatMap(([endpoint, schemas]) =>
      Object.entries(schemas)
        .filter(([, schema]) => typeof (schema as { safeParse?: unknown } | undefined)?.safeParse !== 'function')
        .map(([name]) => `${endpoint}: ${name}`),
    );
    expect(broken).toEqual([]);
  });

  it('reads every call: a literal path and a named schema', () => {
    expect(problems).toEqual([]);
  });

  it('lists every endpoint the SPA calls, with the schema each call parses its answer with', () => {
    const missing = calls.flatMap((c) =>
      c.endpoints
        .filter((e) => !(e in SPA_ENDPOINTS) || !(c.schema in SPA_ENDPOINTS[e]!))
        .map((e) => `${c.where}: ${e} with ${c.schema} (add it to SPA_ENDPOINTS in spa-endpoints.ts and call it in the scenario)`),
    );
    expect(missing).toEqual([]);
  });

  it('lists nothing the SPA no longer calls', () => {
    const used = new Set(calls.flatMap((c) => c.endpoints.map((e) => `${e} ${c.schema}`)));
    const stale = Object.entries(SPA_ENDPOINTS).flatMap(([endpoint, schemas]) =>
      Object.keys(schemas)
        .filter((name) => !used.has(`${endpoint} ${name}`))
        .map((name) => `${endpoint} with ${name}`),
    );
    expect(stale).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Recording the answers

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the scenario reads ids out of answers ad hoc
type Data = any;

interface Answer {
  endpoint: string;
  /** Who asked and what: `lead GET tickets/42`. */
  request: string;
  data: unknown;
}

type Query = Record<string, string | number>;

/** Makes the SPA's requests as one user and records each answer under the endpoint it reached. */
class SpaClient {
  constructor(
    private readonly t: TestApp,
    private readonly answers: Answer[],
    readonly who: string,
    readonly token?: string,
    /** Headers of its own (a public exam's candidate sends its credential). */
    readonly headers: Record<string, string> = {},
  ) {}

  get(apiPath: string, query?: Query): Promise<Data> {
    return this.call('GET', apiPath, undefined, query);
  }

  post(apiPath: string, body?: object): Promise<Data> {
    return this.call('POST', apiPath, body);
  }

  put(apiPath: string, body: object): Promise<Data> {
    return this.call('PUT', apiPath, body);
  }

  private async call(method: 'GET' | 'POST' | 'PUT', apiPath: string, body?: object, query?: Query): Promise<Data> {
    const params = query && Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
    const request = `${this.who} ${method} ${apiPath}${params ? `?${new URLSearchParams(params)}` : ''}`;
    const endpoint = registeredEndpoint(method, apiPath);
    if (!endpoint) throw new Error(`${request}: no SPA call reaches this endpoint (a setup step belongs outside the SpaClient)`);
    const res = await this.t.inject({
      method,
      url: `/api/${apiPath}`,
      ...(params ? { query: params } : {}),
      ...(body !== undefined ? { payload: body } : {}),
      headers: { ...this.headers, ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
    });
    const envelope = res.headers['content-type']?.toString().startsWith('application/json') ? (res.json() as { success?: boolean; data?: unknown }) : undefined;
    if (res.statusCode !== 200 || envelope?.success !== true) throw new Error(`${request} answered ${res.statusCode}: ${res.body.slice(0, 500)}`);
    this.answers.push({ endpoint, request, data: envelope.data });
    return envelope.data;
  }
}

// ---------------------------------------------------------------------------------------------
// The scenario: what the SPA asks, role by role

async function scenario(t: TestApp, answers: Answer[]): Promise<void> {
  const as = (who: string, token?: string) => new SpaClient(t, answers, who, token);
  const anonymous = as('anonymous');
  const setup = integration(t);
  const row = (phone: string) => t.db.selectFrom('designers').select(['id', 'team_id']).where('phone', '=', phone).executeTakeFirstOrThrow();

  // Signing in, as the login page does (password; and an SMS code for one of them).
  const signIn = async (who: string, phone: string) => as(who, (await anonymous.post('user/login', { phone, password: DEMO_PASSWORD })).token);
  const lead = await signIn('lead', DEMO.lead);
  const designer = await signIn('designer', DEMO.designer);
  const partTime = await signIn('part-time', DEMO.partTime2);
  const onboarding = await signIn('onboarding', DEMO.onboarding);
  await anonymous.post('user/verify-code', { phone: DEMO.partTime3, scene: 'login' });
  const partTime3 = as('part-time 3', (await anonymous.post('user/login', { phone: DEMO.partTime3, code: await t.latestSmsCode(DEMO.partTime3) })).token);

  const leadRow = await row(DEMO.lead);
  const teamId = leadRow.team_id!;
  const designerId = designerCode((await row(DEMO.designer)).id);
  const partTimeRow = await row(DEMO.partTime2);
  const partTimeId = designerCode(partTimeRow.id);

  // What every screen reads (the app shell, the message center, filters, upload signatures).
  for (const me of [lead, designer, partTime, partTime3, onboarding]) {
    await me.get('user/profile');
    await me.get('user/bank-info');
    await me.get('system/menus');
    await me.get('system/dicts');
    await me.get('onboarding/orientation');
    await me.get('messages/types');
    await me.get('messages/messages/unread');
    await me.get('messages/messages', { page: 1, pageSize: 20 });
    const announcements = await me.get('messages/announcements', { page: 1, pageSize: 20 });
    for (const a of announcements.items.slice(0, 2)) await me.get(`messages/announcements/${a.announcement_id}`);
    await me.get('designer-product/available-products', { page: 1, pageSize: 99 });
    await me.get('oss/get-signature', { source: 'attachment' });
  }

  // Tickets as each onboarded role sees them, and details over every status the demo data has.
  for (const me of [lead, designer, partTime, partTime3]) {
    await me.get('user/shops');
    await me.get('tickets/panel-counts');
    const mine = await me.get('tickets', { page: 1, pageSize: 100, sort_by: 'created_at', sort_order: 'desc' });
    await me.get('tickets', { page: 1, pageSize: 20, view: 'deducted' });
    await me.get('tickets', { page: 1, pageSize: 20, view: 'appealed' });
    const oneEach = new Map<string, number>();
    for (const item of mine.items) if (!oneEach.has(`${item.status}/${item.stage}`)) oneEach.set(`${item.status}/${item.stage}`, item.ticket_id);
    for (const id of oneEach.values()) await me.get(`tickets/${id}`);
  }
  await lead.get('tickets', { page: 1, pageSize: 20, scope: 'pool' });
  for (const me of [partTime, partTime3]) await me.get('order-hall/tickets', { page: 1, pageSize: 20 });

  // 学习考试 (issue #16): the lists, each course, a lesson read to its end, the public course
  // without a login, an exam taken: started, read, an answer saved, submitted (score and review).
  const courses = await designer.get('study/courses');
  for (const c of courses) await designer.get(`study/courses/${c.course_id}`);
  const publicCourse = courses.find((c: Data) => c.is_public);
  await anonymous.get(`study/public/courses/${publicCourse.course_id}`);
  const textLesson = (await designer.get(`study/courses/${publicCourse.course_id}`)).lessons.find((l: Data) => l.kind === 'text');
  await designer.put(`study/lessons/${textLesson.lesson_id}/progress`, { completed: true });
  const exams = await designer.get('study/exams');
  for (const e of exams) await designer.get(`study/exams/${e.exam_id}`);
  const startable = exams.find((e: Data) => e.can_start);
  const attempt = await designer.post(`study/exams/${startable.exam_id}/attempts`);
  await designer.get(`study/attempts/${attempt.attempt_id}`);
  const q = attempt.questions[0];
  const value = q.kind === 'true_false' ? true : q.kind === 'fill' ? '答案' : q.kind === 'multiple' ? [q.options[0].key] : q.options[0].key;
  await designer.put(`study/attempts/${attempt.attempt_id}/answers/${q.question_id}`, { answer: value });
  await designer.post(`study/attempts/${attempt.attempt_id}/submit`);

  // A public exam's candidate (no account): the exam, a phone verified by code, the attempt.
  const publicExam = exams.find((e: Data) => e.is_public);
  await anonymous.get(`study/public/exams/${publicExam.exam_id}`);
  const candidatePhone = '13900001616';
  await anonymous.post('user/verify-code', { phone: candidatePhone, scene: 'exam_candidate' });
  const verified = await anonymous.post(`study/public/exams/${publicExam.exam_id}/candidate`, { phone: candidatePhone, code: await t.latestSmsCode(candidatePhone) });
  const candidate = new SpaClient(t, answers, 'candidate', undefined, { 'x-candidate-token': verified.token });
  await candidate.get('study/public/candidate');
  const candidateAttempt = await candidate.post('study/public/candidate/attempts');
  await candidate.get(`study/public/candidate/attempts/${candidateAttempt.attempt_id}`);
  const cq = candidateAttempt.questions[0];
  const cValue = cq.kind === 'true_false' ? false : cq.kind === 'fill' ? '答案' : cq.kind === 'multiple' ? [cq.options[0].key] : cq.options[0].key;
  await candidate.put(`study/public/candidate/attempts/${candidateAttempt.attempt_id}/answers/${cq.question_id}`, { answer: cValue });
  await candidate.post(`study/public/candidate/attempts/${candidateAttempt.attempt_id}/submit`);

  // A ticket through its life: the lead assigns and urges, the designer submits drafts and applies
  // for final review and factory rejection, the lead decides both and deducts; an appeal follows.
  const shop = await firstShop(t);
  const unqualified = await createProduct(t); // nobody is qualified: the tickets wait in the team
  const ticket = async () => (await ingest(t, order(shop, unqualified, { team_id: teamId, fee_cents: 4200 }))).ticket;
  // With a stored attachment and a link: the detail answers each with its read URL.
  const attachments = [
    { name: '参考图.png', url: 'attachment/reference/DM1.png' },
    { name: '客户来稿', url: 'https://cdn.example.com/brief.pdf' },
  ];
  const a = (await ingest(t, order(shop, unqualified, { team_id: teamId, fee_cents: 4200, attachments }))).ticket;
  // Every risk of the target confirmed (safe assignment: the demo designer may be full or not qualified).
  const confirm = ['offline', 'over_capacity', 'unqualified'];
  await lead.get('tickets/assign-candidates', { ticket_ids: String(a.ticket_id) });
  await lead.post(`tickets/${a.ticket_id}/assign`, { designer_id: designerId, confirm });
  await lead.post(`tickets/${a.ticket_id}/urge`, { note: '客户在催，请尽快' });
  await designer.get('oss/get-signature', { source: 'draft' });
  await designer.post(`tickets/${a.ticket_id}/drafts`, { kind: 'first', files: [draftKey(designerId)], note: '' });
  await designer.post(`tickets/${a.ticket_id}/drafts`, { kind: 'final', files: [draftKey(designerId, '终稿.pdf')], note: '终稿' });
  await designer.post(`tickets/${a.ticket_id}/final-review`, { note: '请审核' });
  await lead.post(`tickets/${a.ticket_id}/final-review/review`, { decision: 'approve', note: '' });
  await designer.post(`tickets/${a.ticket_id}/factory-reject`, { reason: '工厂无法印刷烫金' });
  await lead.post(`tickets/${a.ticket_id}/factory-reject/review`, { decision: 'reject', note: '可以改用金色油墨' });
  const deduction = await lead.post(`tickets/${a.ticket_id}/deductions`, { amount_cents: 500, reason: '初稿未按要求使用品牌色' });
  const appeal = await designer.post('appeals', { ticket_id: a.ticket_id, type: 'draft', deduction_id: deduction.deduction_id, reason: '品牌色按客户来稿', attachments: [`appeal/${designerId}/20261123/contract01/来稿.png`] });
  await lead.post(`appeals/${appeal.appeal_id}/review`, { decision: 'approve', note: '核实无误' });
  // The conversation on the ticket and on the appeal: a mention, a file, an edit, a delete.
  await designer.get('oss/get-signature', { source: 'comment' });
  const comment = await lead.post(`tickets/${a.ticket_id}/comments`, { body: '@设计师 请看客户的新要求', attachments: [], mentions: [designerId] });
  await designer.post(`tickets/${a.ticket_id}/comments`, { body: '收到', attachments: [`comment/${designerId}/20261126/contract01/截图.png`], mentions: [] });
  await lead.put(`comments/${comment.comment_id}`, { body: '请看客户的新要求（已更新）', attachments: [], mentions: [] });
  const extra = await lead.post(`tickets/${a.ticket_id}/comments`, { body: '发错了', attachments: [], mentions: [] });
  await lead.post(`comments/${extra.comment_id}/delete`);
  await designer.get(`tickets/${a.ticket_id}/comments`);
  await designer.post(`appeals/${appeal.appeal_id}/comments`, { body: '补充：来稿截图见工单评论', attachments: [], mentions: [] });
  await lead.get(`appeals/${appeal.appeal_id}/comments`);
  await designer.get(`tickets/${a.ticket_id}`);
  await lead.get(`tickets/${a.ticket_id}`);

  // Another: assigned, transferred to a part-timer, marked abnormal, closed by hand.
  const b = await ticket();
  await lead.post(`tickets/${b.ticket_id}/assign`, { designer_id: designerId, confirm });
  await lead.post(`tickets/${b.ticket_id}/transfer`, { designer_id: partTimeId, reason: '负载调整', confirm });
  await lead.post(`tickets/${b.ticket_id}/abnormal`, { reason: '客户资料不全' });
  await lead.post(`tickets/${b.ticket_id}/close`, { reason: '重复订单' });
  await lead.get(`tickets/${b.ticket_id}`);

  // Bulk assign and transfer (one of each outcome: done, refused).
  const [c, d] = [await ticket(), await ticket()];
  await lead.post('team/tickets/bulk-assign', { ticket_ids: [c.ticket_id, d.ticket_id, b.ticket_id], designer_id: designerId, confirm });
  await lead.post('team/tickets/bulk-transfer', { ticket_ids: [c.ticket_id], designer_id: partTimeId, reason: '请假', confirm });

  // The order hall: a ticket of a product only the part-timer is qualified for, grabbed. Their
  // load row is cleared first so the demo data's assignments of today cannot reach the day's cap.
  const hallProduct = await createProduct(t);
  const e = (await ingest(t, order(shop, hallProduct, { team_id: teamId }))).ticket;
  await t.db.insertInto('designer_products').values({ designer_id: partTimeRow.id, product_id: hallProduct }).execute();
  await t.db.deleteFrom('designer_loads').where('designer_id', '=', partTimeRow.id).execute();
  await partTime.get('order-hall/tickets', { page: 1, pageSize: 20 });
  await partTime.post(`order-hall/tickets/${e.ticket_id}/grab`);

  // Deductions, appeals and fees as the designer and the lead see them.
  for (const me of [lead, designer, partTime]) {
    await me.get('deductions', { page: 1, pageSize: 20 });
    const appeals = await me.get('appeals', { page: 1, pageSize: 20 });
    for (const item of appeals.items) await me.get(`appeals/${item.appeal_id}`);
    const settlements = await me.get('settlements', { page: 1, pageSize: 20 });
    for (const item of settlements.items.slice(0, 4)) await me.get(`settlements/${item.settlement_id}`);
  }

  // Saved views (issue #18): a lead shares one of team orders with several designers chosen, a
  // designer saves, reorders, renames and deletes theirs and opens My tickets with a default.
  const shared = await lead.post('workbench/views', { list: 'team-orders', name: '两位设计师', filters: { designer_id: `${designerId},${partTimeId}`, status: '0,7' }, sort: { by: 'updated_at', order: 'desc' }, columns: ['order_no', 'title', 'designer_name'], shared: true, pinned: true });
  await lead.get('workbench/views', { list: 'team-orders' });
  await lead.get('workbench/views', { list: 'review-queue' });
  await lead.put(`workbench/views/${shared.view_id}`, { name: '两位设计师（进行中）', filters: shared.filters, sort: shared.sort, columns: shared.columns, shared: true, pinned: true });
  const v1 = await designer.post('workbench/views', { list: 'my-tickets', name: '待初稿', filters: { stage: 'waiting' }, pinned: true });
  const v2 = await designer.post('workbench/views', { list: 'my-tickets', name: '驳回', filters: { status: '5' } });
  await designer.put('workbench/views/order', { list: 'my-tickets', view_ids: [v2.view_id, v1.view_id] });
  await designer.put('workbench/views/default', { list: 'my-tickets', view_id: v1.view_id });
  await designer.get('workbench/views', { list: 'my-tickets' });
  await designer.post(`workbench/views/${v2.view_id}/delete`);
  await designer.post('workbench/views', { list: 'appeals', name: '已结', filters: { status: 'approved,rejected' } });
  await designer.get('workbench/views', { list: 'appeals' });
  await designer.post('workbench/views', { list: 'deductions', name: '质检', filters: { source: 'qc,review' } });
  await designer.get('workbench/views', { list: 'deductions' });

  // Order plans: the lead's list and week, a plan for next week with a cell changed; the
  // designer's week and a change request the lead approves.
  const thisWeek = weekStartOf(today());
  const nextWeek = addDays(thisWeek, 7);
  const plans = await lead.get('order-plans', { page: 1, pageSize: 20 });
  for (const p of plans.items) await lead.get(`order-plans/${p.plan_id}`);
  const plan = await lead.post('order-plans', { week_start: nextWeek });
  await lead.put(`order-plans/${plan.plan_id}/cells`, { cells: [{ designer_id: designerId, day: nextWeek, capacity: 6 }] });
  await designer.get('order-plans/mine', { week_start: thisWeek });
  const request = await designer.post('order-plans/requests', { kind: 'weekly', week_start: nextWeek, changes: [{ day: addDays(nextWeek, 1), capacity: 4 }], reason: '那天要去印厂' });
  await lead.post(`order-plans/requests/${request.request_id}/review`, { decision: 'approve', note: '同意' });
  await designer.get('order-plans/mine', { week_start: nextWeek });
  await partTime.get('order-plans/mine', { week_start: thisWeek });

  // Messages: read one, read all, read an announcement; the lead publishes one, corrects it and withdraws it.
  const messages = await designer.get('messages/messages', { page: 1, pageSize: 20 });
  await designer.post('messages/messages/read', { message_ids: [messages.items[0].message_id] });
  await designer.post('messages/messages/read', { all: true });
  const announcements = await designer.get('messages/announcements', { page: 1, pageSize: 20 });
  await designer.post(`messages/announcements/${announcements.items[0].announcement_id}/read`);
  const published = await lead.post('messages/announcements', { title: '本周排期提醒', body: '请各位**及时**确认下周计划。', scope: 4, product_ids: [] });
  await designer.get(`messages/announcements/${published.announcement_id}`);
  await lead.put(`messages/announcements/${published.announcement_id}`, { title: '本周排期提醒（更正）', body: '请各位**周五前**确认下周计划。' });
  await lead.get(`messages/announcements/${published.announcement_id}`);
  await lead.post(`messages/announcements/${published.announcement_id}/withdraw`);

  // Team management: the board, daily detail, designers, expenses.
  const from = addDays(today(), -13);
  await lead.get('team/board', { from, to: today() });
  await lead.get('team/daily-detail', { from, to: today() });
  await lead.get('team/daily-detail', { from, to: today(), designer_id: designerId });
  const members = await lead.get('team/designers', { page: 1, pageSize: 100 });
  for (const m of members.items) await lead.get(`team/designers/${m.designer_id}`);
  await lead.put(`team/designers/${partTimeId}`, { daily_capacity: 9, product_ids: [hallProduct] });
  const rules = await lead.get('team/allocation-rules');
  await lead.put('team/allocation-rules', { strategy: rules.strategy, skill_by_product: rules.skill_by_product, capacity_from_plan: rules.capacity_from_plan });
  const statements = await lead.get('team/expenses', { page: 1, pageSize: 20 });
  for (const s of statements.items.slice(0, 3)) await lead.get(`team/expenses/${s.statement_id}`);

  // Team invites and the daily panel's keys.
  const invite = await lead.post('teams/invites', { expires_in_hours: 24, max_uses: 5 });
  const panelKey = await lead.post('teams/panel-keys');
  await anonymous.get(`teams/invites/${invite.code}`);
  await anonymous.get('daily-panel', { key: panelKey.key });

  // A new user: code, registration, onboarding step by step, joining the team through the invite.
  const phone = freshPhone();
  await anonymous.post('user/verify-code', { phone, scene: 'register' });
  const registered = await anonymous.post('user/register', { phone, code: await t.latestSmsCode(phone), password: 'Passw0rd!x' });
  const newcomer = as('new user', registered.token);
  await newcomer.get('user/profile');
  await newcomer.get('user/bank-info');
  await newcomer.get('system/menus');
  await newcomer.get('onboarding/orientation');
  await newcomer.get(`teams/invites/${invite.code}`);
  const steps = [
    { step: 1, real_name: '周若溪', gender: 2, city: '杭州', email: '', wechat: 'wx_zhou' },
    { step: 2, work_purpose: 'side_income', current_occupation: '平面设计师', available_time: '工作日晚上' },
    { step: 3, specialty_tags: ['包装设计', '海报设计'], software_tags: ['Photoshop'] },
    { step: 4, account_name: '周若溪', bank_name: '招商银行', bank_branch: '', account_no: '6214 8500 1234 5678' },
    { step: 5, answers: Object.fromEntries(ORIENTATION_QUESTIONS.map((q) => [q.id, q.answer])) },
    { step: 6 },
  ];
  for (const step of steps) await newcomer.put('onboarding/registration-step', step);
  await newcomer.post(`teams/invites/${invite.code}/join`);
  await newcomer.get('user/profile');
  await newcomer.get('user/bank-info');
  await newcomer.get('tickets', { page: 1, pageSize: 20 });
  await lead.get('teams/invites');
  await lead.get('teams/panel-keys');
  await lead.post(`teams/invites/${invite.id}/revoke`);
  await lead.post(`teams/panel-keys/${panelKey.id}/revoke`);
  await lead.get('teams/invites');
  await lead.get('teams/panel-keys');

  // The account page: basic info, work time and status, payout details (re-verified by SMS).
  const profile = await designer.get('user/profile');
  await designer.put('user/basic-info', {
    real_name: profile.real_name,
    gender: 1,
    city: '宁波',
    email: 'chen@example.com',
    wechat: 'wx_chen',
    company_wechat: '',
    nickname: '思远',
  });
  await designer.put('user/update-time', { available_time: '周末全天' });
  await designer.put('user/online-status', { online_ticket_status: 0 });
  await designer.put('user/online-status', { online_ticket_status: 1 });
  // The colour scheme the top bar's switch keeps for the person (read when the signed-in frame starts).
  await designer.get('workbench/preferences');
  await designer.put('workbench/preferences', { color_scheme: 'dark' });
  await designer.put('workbench/preferences', { color_scheme: 'auto' });
  // The home: every card in one answer, for a designer and a lead; the fast card's shortcuts; the welcome page dismissed.
  await designer.get('workbench/home');
  await lead.get('workbench/home');
  const shortcuts = (await designer.get('workbench/shortcuts')) as { paths: string[] };
  await designer.put('workbench/shortcuts', { paths: [...shortcuts.paths].reverse() });
  await designer.post('workbench/welcome/done', {});
  await designer.post('user/verify-code', { phone: DEMO.designer, scene: 'bank_info' });
  await designer.put('user/bank-info', {
    account_name: profile.real_name,
    bank_name: '中国工商银行',
    bank_branch: '宁波分行',
    account_no: '6222 0212 3456 1234',
    code: await t.latestSmsCode(DEMO.designer),
  });

  // Security: a new phone, a new password, signing out everywhere; a forgotten password reset.
  const newPhone = freshPhone();
  await newcomer.post('user/verify-code', { phone: newPhone, scene: 'change_phone' });
  await newcomer.put('user/phone', { phone: newPhone, code: await t.latestSmsCode(newPhone) });
  await newcomer.put('user/password', { old_password: 'Passw0rd!x', password: 'Newpassw0rd' });
  await newcomer.post('user/logout-all');
  await partTime3.post('user/logout');
  await anonymous.post('user/verify-code', { phone: DEMO.partTime3, scene: 'reset_password' });
  await anonymous.post('user/reset-password', { phone: DEMO.partTime3, code: await t.latestSmsCode(DEMO.partTime3), password: 'N3wPassw0rd' });

  // Study, the leads' side (issue #16, 管理 tab): an exam authored by hand and from the Excel
  // template, a course with a text, a PDF and a video lesson reordered, both published, assigned
  // to the demo designer, and their results; the demo's own items read too.
  const leadCode = designerCode(leadRow.id);
  const lessonKey = (name: string) => `default/${leadCode}/20261127/contract${name.length}/${name}`;
  for (const e of await lead.get('study/manage/exams')) {
    await lead.get(`study/manage/exams/${e.exam_id}`);
    await lead.get('study/manage/results', { item_type: 'exam', item_id: e.exam_id });
  }
  for (const c of await lead.get('study/manage/courses')) {
    await lead.get(`study/manage/courses/${c.course_id}`);
    await lead.get('study/manage/results', { item_type: 'course', item_id: c.course_id });
  }
  const examSettings = { title: '契约测试考试', description: '', pass_mark: 60, time_limit_minutes: 10, attempts_allowed: 0, shuffle_questions: false, shuffle_options: false, product_id: null, required_course_id: null, is_public: false, review_enabled: true };
  const exam = await lead.post('study/manage/exams', examSettings);
  await lead.put(`study/manage/exams/${exam.exam_id}`, { ...examSettings, shuffle_options: true });
  const withQuestions = await lead.post(`study/manage/exams/${exam.exam_id}/questions`, {
    questions: [
      { kind: 'single', stem: '出血位一般留多少？', options: ['1mm', '3mm'], answer: 'B', points: 5, explanation: '' },
      { kind: 'multiple', stem: '哪些是专色？', options: ['潘通', 'CMYK', '金色'], answer: ['A', 'C'], points: 5, explanation: '' },
      { kind: 'true_false', stem: 'RGB 可以直接印刷', answer: false, points: 5, explanation: '' },
      { kind: 'fill', stem: '印刷四色中的 K 是什么颜色', answer: ['黑', '黑色'], points: 5, explanation: '' },
    ],
  });
  const [first, second] = withQuestions.questions;
  await lead.put(`study/manage/questions/${first.question_id}`, { kind: 'single', stem: '出血位一般留多少毫米？', options: ['1', '3'], answer: 'B', points: 10, explanation: '常用3mm' });
  await lead.post(`study/manage/questions/${second.question_id}/delete`);
  const template = await t.inject({ method: 'GET', url: '/api/study/manage/questions/import-template', headers: { authorization: `Bearer ${lead.token}` } });
  await lead.post(`study/manage/exams/${exam.exam_id}/questions/import`, { file: template.rawPayload.toString('base64') });
  await lead.post(`study/manage/exams/${exam.exam_id}/publish`);
  const course = await lead.post('study/manage/courses', { title: '契约测试课程', description: '', required: true, is_public: false });
  await lead.put(`study/manage/courses/${course.course_id}`, { title: '契约测试课程', description: '简介', required: true, is_public: true });
  await lead.post(`study/manage/courses/${course.course_id}/lessons`, { kind: 'text', title: '第一课', body: '# 出血\n留 **3mm**。' });
  await lead.post(`study/manage/courses/${course.course_id}/lessons`, { kind: 'document', title: '规范', object_key: lessonKey('规范.pdf') });
  const lessons = (await lead.post(`study/manage/courses/${course.course_id}/lessons`, { kind: 'video', title: '视频', object_key: lessonKey('演示.webm'), duration_seconds: 30 })).lessons;
  await lead.put(`study/manage/courses/${course.course_id}/lesson-order`, { lesson_ids: [...lessons].reverse().map((l: { lesson_id: number }) => l.lesson_id) });
  await lead.put(`study/manage/lessons/${lessons[0].lesson_id}`, { kind: 'text', title: '第一课（修订）', body: '留 3mm 出血。' });
  await lead.post(`study/manage/lessons/${lessons[1].lesson_id}/delete`);
  await lead.post(`study/manage/courses/${course.course_id}/publish`);
  const due = new Date(Date.now() + 3 * DAY).toISOString();
  await lead.post('study/manage/assignments', { item_type: 'exam', item_id: exam.exam_id, designer_ids: [designerId], due_at: due });
  await lead.post('study/manage/assignments', { item_type: 'course', item_id: course.course_id, designer_ids: [designerId], due_at: due });
  await lead.get('study/manage/results', { item_type: 'exam', item_id: exam.exam_id });
  await lead.get('study/manage/results', { item_type: 'course', item_id: course.course_id });
  await lead.get('study/manage/exams');
  await lead.get('study/manage/courses');
  await lead.post(`study/manage/exams/${exam.exam_id}/unpublish`);
  await lead.post(`study/manage/courses/${course.course_id}/unpublish`);
  // The template library (issue #17): browse, search and filter, a detail, a star; an upload the
  // lead publishes and features; 「用于工单」 on the designer's ticket; the owner's edit; share links
  // and the public page; a delete.
  for (const me of [lead, designer, partTime]) {
    await me.get('templates/facets');
    const library = await me.get('templates', { page: 1, pageSize: 24 });
    await me.get('templates', { page: 1, pageSize: 24, q: '名片', sort: 'most_used' });
    await me.get('templates', { page: 1, pageSize: 24, scope: 'favourites' });
    for (const item of library.items.slice(0, 2)) await me.get(`templates/${item.template_id}`);
  }
  await designer.get('oss/get-signature', { source: 'template' });
  const templateDir = `template/${designerId}/20261127/contract01/`;
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } }).png().toBuffer();
  await putObject(t.app.config.oss, `${templateDir}封面.png`, png);
  await putObject(t.app.config.oss, `${templateDir}源文件.pdf`, Buffer.from('%PDF-1.4 contract'));
  const files = { previews: [{ key: `${templateDir}封面.png` }], sources: [{ key: `${templateDir}源文件.pdf` }] };
  const made = await designer.post('templates', { title: '契约测试名片模板', category: '名片', description: '', tags: ['蓝色'], product_ids: [], ...files });
  await lead.get('templates', { page: 1, pageSize: 24, status: 'private' });
  await lead.post(`templates/${made.template_id}/curation`, { status: 'published' });
  await lead.post(`templates/${made.template_id}/curation`, { featured: true, category: '名片', product_ids: [] });
  await partTime.post(`templates/${made.template_id}/favourite`);
  await partTime.post(`templates/${made.template_id}/unfavourite`);
  await designer.put(`templates/${made.template_id}`, { title: '契约测试名片模板（改）', category: '名片', description: '改过', tags: ['蓝色', '简约'], product_ids: [], ...files });
  const forTemplate = await ticket();
  await lead.post(`tickets/${forTemplate.ticket_id}/assign`, { designer_id: designerId, confirm });
  const used = await designer.post(`templates/${made.template_id}/use`, { ticket_id: forTemplate.ticket_id });
  await designer.post(`tickets/${forTemplate.ticket_id}/drafts`, { kind: 'first', files: used.files.map((f: { key: string }) => f.key), note: '从模板开始' });
  const share = await designer.post(`templates/${made.template_id}/shares`, { expires_in: '7d', allow_download: true });
  await anonymous.get(`template-share/${share.token}`);
  await anonymous.get(`template-share/${DEMO_SHARE_TOKEN}`);
  await lead.get(`templates/${made.template_id}/shares`);
  await lead.post(`template-shares/${share.share_id}/revoke`);
  await designer.get(`templates/${made.template_id}`);
  await designer.post(`templates/${made.template_id}/delete`);

  // Settlements, last (the clock moves): the first ticket completes upstream, its fee joins the
  // designer's open period together with the deduction and the approved appeal; once the period
  // has ended the lead confirms and pays it.
  await setup.post(`/api/integration/orders/${a.order_no}/status`, { event: 'completion', reason: '' });
  const open = await lead.get('settlements', { page: 1, pageSize: 20, designer_id: designerId, status: 'open' });
  const current = open.items.find((s: { period_end: string }) => s.period_end >= today());
  if (!current) throw new Error(`no open settlement of this period for ${designerId}: ${JSON.stringify(open.items)}`);
  await lead.get(`settlements/${current.settlement_id}`);
  advanceClock(8 * DAY);
  try {
    await lead.post(`settlements/${current.settlement_id}/confirm`);
    await lead.post(`settlements/${current.settlement_id}/pay`);
    await designer.get(`settlements/${current.settlement_id}`);
    await designer.get('settlements', { page: 1, pageSize: 20 });
  } finally {
    resetClock();
  }
}

// ---------------------------------------------------------------------------------------------
// The checks

interface Issue {
  path: PropertyKey[];
  message: string;
}

/**
 * One line per distinct problem: list indices folded (`items.*.designer_name`), how often it
 * occurs, and the first value the server sent there.
 */
function describeIssues(data: unknown, issues: readonly Issue[]): string {
  const lines = new Map<string, { count: number; sent: unknown }>();
  for (const issue of issues) {
    const where = issue.path.map((p) => (typeof p === 'number' ? '*' : String(p))).join('.') || '(data)';
    const key = `${where}: ${issue.message}`;
    const seen = lines.get(key);
    if (seen) seen.count += 1;
    else lines.set(key, { count: 1, sent: issue.path.reduce<unknown>((v, p) => (v as Record<PropertyKey, unknown> | null | undefined)?.[p], data) });
  }
  return [...lines]
    .map(([key, { count, sent }]) => `    ${key}${count > 1 ? ` (${count}×)` : ''}; the server sent ${JSON.stringify(sent)?.slice(0, 120) ?? 'nothing'}`)
    .join('\n');
}

const endpoints = Object.keys(SPA_ENDPOINTS);

describe.each(dialects)('the SPA’s schemas parse the server’s answers (%s)', (dialect) => {
  // Sessions outlive the settlement step's 8 days; codes may be asked for more than once a minute.
  const t = useTicketApp(dialect, {
    config: { tokenTtlHours: 24 * 30 },
    rateLimits: { codePerPhone: { limit: 100, windowSeconds: 60 } },
  });
  const answers: Answer[] = [];

  beforeAll(() => scenario(t, answers));

  it.each(endpoints)('%s', (endpoint) => {
    const mine = answers.filter((a) => a.endpoint === endpoint);
    expect(mine.length, `the scenario never called ${endpoint}: add a request for it`).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const [name, schema] of Object.entries(SPA_ENDPOINTS[endpoint]!)) {
      const rejected = mine.flatMap((answer) => {
        const parsed = schema.safeParse(answer.data);
        return parsed.success ? [] : [{ answer, issues: parsed.error.issues }];
      });
      if (rejected.length === 0) continue;
      const examples = rejected.slice(0, 3).map(({ answer, issues }) => `  ${answer.request}\n${describeIssues(answer.data, issues)}`);
      failures.push(`${name} rejects ${rejected.length} of ${mine.length} answers, for example:\n${examples.join('\n')}`);
    }
    if (failures.length > 0) throw new Error(failures.join('\n'));
  });
});
