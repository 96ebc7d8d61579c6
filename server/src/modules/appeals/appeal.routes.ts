import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors, envelope, errorEnvelope, ok, pageOf } from '../../lib/http.js';
import { sendExport } from '../../lib/tabular-export.js';
import { today } from '../../domain/calendar.js';
import { currentDesigner } from '../auth/index.js';
import { ticketIdParams } from '../tickets/index.js';
import { objectReadUrl } from '../files/index.js';
import {
  type AppealAttachment,
  appealAnswerSchema,
  appealDetailAnswerSchema,
  appealExportQuery,
  appealInput,
  appealListQuery,
  deductionListQuery,
  deductionSchema,
  idParams,
  leadDeductionInput,
  reviewInput,
} from './appeal.schemas.js';

/**
 * Appeals (spec §2 /order-management/appeal) and deductions (/order-management/deduction): a
 * designer files, a team lead decides; deductions from upstream and from leads. Every route
 * parses, calls `app.appeals` (which also carries the deduction service) and answers; who may
 * read what is the services' rule.
 */
export default async function appealRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secured = { onRequest: app.authenticate };
  const doc = (tag: 'appeals' | 'deductions', summary: string, description?: string) => ({
    tags: [tag],
    summary,
    ...(description ? { description } : {}),
    security: [{ bearer: [] }],
  });
  const days = app.config.appealWindowDays;
  /**
   * An appeal as answered: each attachment with a read URL signed for a few minutes. Every route
   * below answers an appeal only to its appellant or a lead of its team (the scope of the list,
   * `canReadAppeal`, the service's checks), the people allowed to see its files.
   */
  const withReadUrls = <A extends { attachments: AppealAttachment[] }>(a: A) => ({
    ...a,
    attachments: a.attachments.map((f) => ({ ...f, read_url: objectReadUrl(app.config.oss, f.url) })),
  });
  const detailResponse = { 200: envelope(appealDetailAnswerSchema), 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, ...authErrors };

  // -- deductions ---------------------------------------------------------------------------------

  r.get(
    '/deductions',
    {
      ...secured,
      schema: {
        ...doc(
          'deductions',
          'Deductions: mine (a lead: the team’s), newest first',
          'Sources: after_sales 售后扣款 and qc 质检扣款 (upstream integration API), review 审核扣款 (a team lead). ' +
            `Each carries the appeal type that contests it, the deadline (created_at + ${days} days, APPEAL_WINDOW_DAYS), whether the caller may appeal it now and its appeal. ` +
            'A lead may narrow to one team member with `designer_id`. `from`/`to` are Asia/Shanghai days (inclusive) of created_at; `keyword` matches the order number or title.',
        ),
        querystring: deductionListQuery,
        response: { 200: envelope(pageOf(deductionSchema)), 403: errorEnvelope, ...authErrors },
      },
    },
    async (req) => {
      const q = req.query;
      const { items, total } = await app.appeals.listDeductions(currentDesigner(req), q);
      return ok({ items, total, page: q.page, pageSize: q.pageSize }, '获取成功');
    },
  );

  r.post(
    '/tickets/:id/deductions',
    {
      ...secured,
      schema: {
        ...doc(
          'deductions',
          'A team lead deducts from a ticket’s designer (审核扣款; message 19)',
          'Team leads of the ticket’s team only (403 for others, 404 for another team’s ticket). The money is taken from the ticket’s current designer, or the last one who held it ' +
            '(409 when nobody ever did): a deduction line in their settlement, an event on the ticket timeline. The designer may contest it with a `draft` appeal within the window.',
        ),
        params: ticketIdParams,
        body: leadDeductionInput,
        response: { 200: envelope(deductionSchema), 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, ...authErrors },
      },
    },
    async (req) => ok(await app.appeals.createReviewDeduction(currentDesigner(req), req.params.id, req.body), '扣款已创建'),
  );

  // -- appeals ------------------------------------------------------------------------------------

  r.get(
    '/appeals',
    {
      ...secured,
      schema: {
        ...doc(
          'appeals',
          'Appeals: mine (newest first) or, for team leads, the team’s review queue (oldest first)',
          '`scope=review` is for team leads only (403 otherwise): the team’s appeals, oldest first (pass `status=pending` for the queue). Filters: type, status, keyword (order number or title).',
        ),
        querystring: appealListQuery,
        response: { 200: envelope(pageOf(appealAnswerSchema)), 403: errorEnvelope, ...authErrors },
      },
    },
    async (req) => {
      const q = req.query;
      const { items, total } = await app.appeals.listAppeals(currentDesigner(req), q);
      return ok({ items: items.map(withReadUrls), total, page: q.page, pageSize: q.pageSize }, '获取成功');
    },
  );

  r.get(
    '/appeals/export',
    {
      ...secured,
      schema: {
        ...doc(
          'appeals',
          'Download the appeal list as CSV or Excel',
          'The same scope, filters and order as GET /appeals, without paging (at most 10,000 rows). CSV is UTF-8 with a BOM; XLSX keeps amounts as numbers (yuan). ' +
            '`Content-Disposition: attachment` with an RFC 5987 `filename*` (Chinese).',
        ),
        querystring: appealExportQuery,
        response: {
          200: z.any().describe('The file: text/csv; charset=utf-8 or application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
          403: errorEnvelope,
          ...authErrors,
        },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const table = await app.appeals.exportAppeals(currentDesigner(req), q);
      // The file is named by the Asia/Shanghai day, as every date of an export.
      const day = today();
      return sendExport(reply, q.format, `${q.scope === 'review' ? '申诉审核' : '我的申诉'}-${day}`, table);
    },
  );

  r.get(
    '/appeals/:id',
    {
      ...secured,
      schema: {
        ...doc('appeals', 'An appeal with its own timeline (filed, approved, rejected)', 'The appellant, or a lead of the appeal’s team; 404 otherwise.'),
        params: idParams('申诉'),
        response: { 200: envelope(appealDetailAnswerSchema), 404: errorEnvelope, ...authErrors },
      },
    },
    async (req) => ok(withReadUrls(await app.appeals.readAppeal(currentDesigner(req), req.params.id)), '获取成功'),
  );

  r.post(
    '/appeals',
    {
      ...secured,
      schema: {
        ...doc(
          'appeals',
          'File an appeal (messages 3–7 / 26 to the team’s leads)',
          'Only on a ticket the caller holds or held (an allocation of theirs; 404 `工单不存在` otherwise). Types: ' +
            '`fee` 费用申诉 (requested_cents required; window from the ticket’s fee line, or from the assignment before completion); ' +
            '`reject` 驳回申诉 (a ticket in status "5"; window from the latest factory rejection); ' +
            '`draft` 稿件申诉 (the latest audited draft failed the automatic check, sync_status 3, window from its audit — or, with `deduction_id`, a review deduction); ' +
            '`qc` 质检申诉 / `after_sales` 售后申诉 (`deduction_id` of the caller’s deduction of that source; 404 `扣款不存在` for another’s); ' +
            '`factory_reject` 工厂驳回申诉 (the latest factory-reject application was refused; window from the refusal). ' +
            `Deduction appeals run from the deduction’s creation. The window is ${days} days (APPEAL_WINDOW_DAYS): 409 \`已超过申诉期限（${days}天）\` after it. ` +
            'At most one pending appeal per ticket and type, also under concurrent filing (409 `该工单已有处理中的同类申诉`); a deduction is appealed once. ' +
            'Attachments (≤10): object keys uploaded with source `appeal` (or `attachment`) under the caller’s own prefix.',
        ),
        body: appealInput,
        response: detailResponse,
      },
    },
    async (req) => ok(withReadUrls(await app.appeals.fileAppeal(currentDesigner(req), req.body)), '申诉已提交'),
  );

  r.post(
    '/appeals/:id/review',
    {
      ...secured,
      schema: {
        ...doc(
          'appeals',
          'Decide an appeal (messages 8, 9, 11, 12, 13, 27 to the appellant)',
          'Team leads of the appeal’s team only (403 for others, 404 for another team’s). A note is required to reject. A decided appeal is 409 `该申诉已处理` and changes nothing. ' +
            'Approval: `fee` posts an adjustment of approved_cents (1..requested_cents, default requested_cents); a deduction appeal posts a reversing adjustment of the deduction; ' +
            '`draft` without a deduction sets the latest failed draft (sync_status 3) to 1; `reject` returns the ticket from "5" to "0" and removes FACTORY_REJECT; ' +
            '`factory_reject` sets "5" and FACTORY_REJECT. Adjustments are new settlement lines: history is never edited. Every decision is on the appeal’s and the ticket’s timeline.',
        ),
        params: idParams('申诉'),
        body: reviewInput,
        response: detailResponse,
      },
    },
    async (req) => {
      const detail = await app.appeals.reviewAppeal(currentDesigner(req), req.params.id, req.body);
      return ok(withReadUrls(detail), detail.status === 'approved' ? '申诉已通过' : '申诉已驳回');
    },
  );
}

