import type { FastifyInstance, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentDesigner } from '../auth/index.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { authErrors, envelope, errorEnvelope, ok, pageOf } from '../../lib/http.js';
import { isoAfter, nowIso } from '../../lib/time.js';
import { canRead, findTicket, listTickets, panelCounts, scopeOf, ticketDetail } from './ticket.repository.js';
import { draftInputSchema, draftSchema, listQuerySchema, panelCountsSchema, reasonSchema, ticketDetailSchema, ticketIdParams, ticketItemSchema } from './ticket.schemas.js';
import { parseDesignerCode, designerCodeSchema } from '../../domain/designers.js';

/**
 * The list's 200 body: its items are built field by field from typed rows (ticket.repository.ts
 * `toItem`), so a page skips zod's per-item re-encoding. JSON.stringify writes the same text for a
 * third of the CPU (bench/tickets); `tickets-list-shape.test.ts` holds the items to the schema.
 * Other statuses keep the zod serializer.
 */
const shapedPageSerializer: FastifySerializerCompiler<unknown> = (route) => {
  if (route.httpStatus === '200') return (data: unknown) => JSON.stringify(data);
  return serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
};

/**
 * My tickets (spec §2 /order-management/index): a designer's current tickets (those of their open
 * allocations), a team lead's team; detail with timeline; panel counts; drafts; lead actions.
 */
export default async function ticketRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secured = { onRequest: app.authenticate };
  const doc = (summary: string, description?: string) => ({
    tags: ['tickets'],
    summary,
    ...(description ? { description } : {}),
    security: [{ bearer: [] }],
  });
  const itemResponse = { 200: envelope(ticketItemSchema), 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, ...authErrors };

  r.get(
    '/tickets',
    {
      ...secured,
      schema: {
        ...doc(
          'My tickets: filter, sort, page',
          'A designer sees the tickets they currently hold (open allocations; a ticket transferred away leaves the list). A team lead sees the team’s tickets ' +
            '(`designer_id` narrows to one designer) or, with `scope=pool`, unassigned tickets of no team. ' +
            'Spec §2 views: `view=deducted` (扣款工单) lists tickets with a deduction of mine, `view=appealed` (申诉工单) tickets with an appeal of mine — a lead: of the team, ' +
            'narrowed by `designer_id` to that designer’s deductions/appeals — including tickets no longer held (transferred away, closed); the other filters apply on top.',
        ),
        querystring: listQuerySchema,
        response: { 200: envelope(pageOf(ticketItemSchema)), ...authErrors },
      },
      serializerCompiler: shapedPageSerializer,
    },
    async (req) => {
      const me = currentDesigner(req);
      const q = req.query;
      const designerId = q.designer_id ? (parseDesignerCode(q.designer_id) ?? -1) : undefined;
      const { items, total } = await listTickets(app.db, {
        scope: { ...scopeOf(me, { scope: q.scope, designerId }), view: q.view },
        filters: q,
        sortBy: q.sort_by,
        sortOrder: q.sort_order,
        page: q.page,
        pageSize: q.pageSize,
        now: nowIso(),
        knownDesigners: [me],
      });
      return ok({ items, total, page: q.page, pageSize: q.pageSize }, '获取成功');
    },
  );

  r.get(
    '/tickets/panel-counts',
    {
      ...secured,
      schema: {
        ...doc(
          'Top panel counts over my tickets (a lead: the team’s)',
          'Open = status "0", "5" or "7". waiting: open at stage waiting; in_progress: open, not done; first/final_draft_due: at stage waiting/first_draft, due within 24 h and not yet overdue; ' +
            'overdue: owing a draft past due_at; rejected: status "5"; appealing: pending appeals (mine; a lead: the team’s).',
        ),
        response: { 200: envelope(panelCountsSchema), ...authErrors },
      },
    },
    async (req) => {
      const me = currentDesigner(req);
      const now = nowIso();
      return ok(await panelCounts(app.db, scopeOf(me), now, isoAfter(24 * 3600_000, Date.parse(now))), '获取成功');
    },
  );

  r.get(
    '/tickets/:id',
    {
      ...secured,
      schema: {
        ...doc('Ticket detail: requirements, attachments, drafts, allocations and the timeline (who did what, when)', 'Another designer’s ticket is 404.'),
        params: ticketIdParams,
        response: { 200: envelope(ticketDetailSchema), 404: errorEnvelope, ...authErrors },
      },
    },
    async (req) => {
      const me = currentDesigner(req);
      const t = await findTicket(app.db, req.params.id);
      if (!t || !canRead(me, t)) throw notFound('工单不存在');
      return ok(await ticketDetail(app.db, t, [me]), '获取成功');
    },
  );

  // -- the designer's own actions -------------------------------------------------------------

  r.post(
    '/tickets/:id/drafts',
    {
      ...secured,
      schema: {
        ...doc(
          'Submit a first or final draft (files already uploaded)',
          'Only the ticket’s current designer; files are object keys under the designer’s own upload prefix `draft/<designer_id>/`. A first draft moves the stage to first_draft, a final draft (after a first) to final_draft; ' +
            'a draft after due_at adds the LATE marker. sync_status starts at 0 and moves when the audit result arrives.',
        ),
        params: ticketIdParams,
        body: draftInputSchema,
        response: { 200: envelope(draftSchema), 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, ...authErrors },
      },
    },
    async (req) => ok(await app.tickets.submitDraft(currentDesigner(req), req.params.id, req.body), '稿件已提交'),
  );

  r.post(
    '/tickets/:id/final-review',
    {
      ...secured,
      schema: {
        ...doc('Apply for final-draft review (message 14 to the team leads)', 'After a final draft; adds the SUBMIT marker; once.'),
        params: ticketIdParams,
        body: optionalNote,
        response: itemResponse,
      },
    },
    async (req) => ok(await app.tickets.applyFinalReview(currentDesigner(req), req.params.id, req.body?.note ?? ''), '已申请终稿审核'),
  );

  r.post(
    '/tickets/:id/factory-reject',
    {
      ...secured,
      schema: {
        ...doc(
          'Apply for factory rejection (message 23 to the team leads)',
          'One pending application per ticket (409 `已提交工厂驳回申请，请等待审核`); a lead decides it with POST /tickets/{id}/factory-reject/review (message 22), after which the designer may apply again.',
        ),
        params: ticketIdParams,
        body: z.object({ reason: reasonSchema('请填写驳回原因') }),
        response: itemResponse,
      },
    },
    async (req) => ok(await app.tickets.applyFactoryReject(currentDesigner(req), req.params.id, req.body.reason), '工厂驳回申请已提交'),
  );

  // -- team-lead actions ----------------------------------------------------------------------

  const decisionBody = z.object({
    decision: z.enum(['approve', 'reject'], { error: '请选择审核结果' }),
    note: z.string().trim().max(500, { error: '审核意见不能超过500个字符' }).default('').describe('Required to reject'),
  });

  r.post(
    '/tickets/:id/final-review/review',
    {
      ...secured,
      schema: {
        ...doc(
          'Decide a final-draft review application (message 10 to the designer)',
          'Team leads of the ticket’s team only (403 for others, 404 for another team’s ticket). A note is required to reject. ' +
            'Approved: the SUBMIT marker stays. Rejected: SUBMIT is removed so the designer may revise and apply again. ' +
            '409 `该申请已处理` when the latest application is already decided, `没有待审核的申请` when there is none. On the ticket timeline.',
        ),
        params: ticketIdParams,
        body: decisionBody,
        response: itemResponse,
      },
    },
    async (req) => ok(await app.tickets.reviewFinalReview(leadOf(req), req.params.id, req.body), req.body.decision === 'approve' ? '终稿审核已通过' : '终稿审核已驳回'),
  );

  r.post(
    '/tickets/:id/factory-reject/review',
    {
      ...secured,
      schema: {
        ...doc(
          'Decide a factory-reject application (message 22 to the designer)',
          'Team leads of the ticket’s team only (403 for others, 404 for another team’s ticket). A note is required to reject. ' +
            'Approved: status "5" (工厂驳回) and the FACTORY_REJECT marker (409 when the ticket is no longer "0"/"7"). Rejected: nothing else changes; the designer may file a ' +
            '`factory_reject` appeal within the appeal window. 409 `该申请已处理` / `没有待审核的申请`. On the ticket timeline.',
        ),
        params: ticketIdParams,
        body: decisionBody,
        response: itemResponse,
      },
    },
    async (req) => ok(await app.tickets.reviewFactoryReject(leadOf(req), req.params.id, req.body), req.body.decision === 'approve' ? '工厂驳回申请已通过' : '工厂驳回申请已驳回'),
  );

  const leadDoc = (summary: string, description: string) =>
    doc(summary, `Team leads only (403 for others); the team’s tickets or the unassigned pool (404 otherwise). ${description}`);

  r.post(
    '/tickets/:id/assign',
    {
      ...secured,
      schema: {
        ...leadDoc('Assign an unassigned ticket to a team designer (message 25)', 'May exceed the designer’s daily capacity. 409 when the ticket is already assigned.'),
        params: ticketIdParams,
        body: z.object({ designer_id: designerCodeSchema }),
        response: itemResponse,
      },
    },
    async (req) => ok(await app.tickets.assign(leadOf(req), req.params.id, req.body.designer_id), '工单已指派'),
  );

  r.post(
    '/tickets/:id/transfer',
    {
      ...secured,
      schema: {
        ...leadDoc('Transfer a ticket to another team designer (message 21 to both)', 'Ends the current allocation and opens a new one; the ticket’s clock keeps running.'),
        params: ticketIdParams,
        body: z.object({ designer_id: designerCodeSchema, reason: z.string().trim().max(500, { error: '说明不能超过500个字符' }).default('') }),
        response: itemResponse,
      },
    },
    async (req) => ok(await app.tickets.transfer(leadOf(req), req.params.id, req.body.designer_id, req.body.reason), '工单已转派'),
  );

  r.post(
    '/tickets/:id/urge',
    {
      ...secured,
      schema: {
        ...leadDoc('Urge the designer for the next draft (message 20)', 'Only while a draft is owed.'),
        params: ticketIdParams,
        body: optionalNote,
        response: itemResponse,
      },
    },
    async (req) => ok(await app.tickets.urge(leadOf(req), req.params.id, req.body?.note ?? ''), '已催稿'),
  );

  r.post(
    '/tickets/:id/abnormal',
    {
      ...secured,
      schema: {
        ...leadDoc('Mark the order abnormal (ABNORMAL marker; message 24)', ''),
        params: ticketIdParams,
        body: z.object({ reason: reasonSchema('请填写异常原因') }),
        response: itemResponse,
      },
    },
    async (req) => ok(await app.tickets.markAbnormal(leadOf(req), req.params.id, req.body.reason), '已标记异常'),
  );

  r.post(
    '/tickets/:id/close',
    {
      ...secured,
      schema: {
        ...leadDoc('Close the ticket by hand (status "6"; message 28)', ''),
        params: ticketIdParams,
        body: z.object({ reason: reasonSchema('请填写关闭原因') }),
        response: itemResponse,
      },
    },
    async (req) => ok(await app.tickets.close(leadOf(req), req.params.id, req.body.reason), '工单已关闭'),
  );
}

/** A body that may be left out entirely (no content): `{ note? }`. */
const optionalNote = z.object({ note: z.string().trim().max(500, { error: '说明不能超过500个字符' }).default('') }).nullish();

function leadOf(req: Parameters<typeof currentDesigner>[0]) {
  const me = currentDesigner(req);
  if (me.designer_type !== 0) throw forbidden('只有团队负责人可以执行该操作');
  return me;
}
