import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors, envelope, errorEnvelope, ok, pageOf } from '../../lib/http.js';
import { sendExport } from '../../lib/tabular-export.js';
import { currentDesigner } from '../auth/index.js';
import { listSettlements, settlementDetail, settlementTable } from './settlement.repository.js';
import { exportQuery, settlementDetailSchema, settlementIdParams, settlementListQuery, settlementSchema } from './settlement.schemas.js';
import { confirmSettlement, paySettlement, readableSettlement, subjectDesigner } from './settlement.service.js';
import { designerCode } from '../../domain/designers.js';

/**
 * My fees (spec §2 /order-fee/index and /order-fee/detail/{id}): settlements per designer per
 * period with their lines; a team lead confirms and pays them.
 */
export default async function settlementRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secured = { onRequest: app.authenticate };
  const doc = (summary: string, description?: string) => ({
    tags: ['settlements'],
    summary,
    ...(description ? { description } : {}),
    security: [{ bearer: [] }],
  });

  r.get(
    '/settlements',
    {
      ...secured,
      schema: {
        ...doc(
          'My settlements by period, newest first',
          `One settlement per designer per period (SETTLEMENT_PERIOD: \`week\` Monday–Sunday, default, or calendar \`month\`; Asia/Shanghai days). ` +
            'Totals: gross = fees, deduction = taken (positive), adjustment = approved appeals (signed), net = gross − deduction + adjustment; each equals the sum of its lines. ' +
            'A team lead may pass `designer_id` of a team member (422 otherwise); anyone else naming another designer gets 403. ' +
            '`from`/`to` keep the periods overlapping those days.',
        ),
        querystring: settlementListQuery,
        response: { 200: envelope(pageOf(settlementSchema)), 403: errorEnvelope, ...authErrors },
      },
    },
    async (req) => {
      const q = req.query;
      const designerId = await subjectDesigner(app.db, currentDesigner(req), q.designer_id);
      const { items, total } = await listSettlements(app.db, { designerId, status: q.status, from: q.from, to: q.to }, q.page, q.pageSize);
      return ok({ items, total, page: q.page, pageSize: q.pageSize }, '获取成功');
    },
  );

  r.get(
    '/settlements/:id',
    {
      ...secured,
      schema: {
        ...doc('A settlement with its lines (fees, deductions, adjustments) in posting order', 'Own, or a lead of its team; 404 otherwise.'),
        params: settlementIdParams,
        response: { 200: envelope(settlementDetailSchema), 404: errorEnvelope, ...authErrors },
      },
    },
    async (req) => {
      const s = await readableSettlement(app.db, currentDesigner(req), req.params.id);
      return ok((await settlementDetail(app.db, s.id))!, '获取成功');
    },
  );

  r.get(
    '/settlements/:id/export',
    {
      ...secured,
      schema: {
        ...doc(
          'Download a settlement as CSV or Excel',
          'The lines (type, order number, description, amount in yuan, time), then the totals rows 费用合计 / 扣款合计 / 调整合计 / 实发金额. ' +
            'CSV is UTF-8 with a BOM; XLSX keeps amounts as numbers. `Content-Disposition: attachment` with an RFC 5987 `filename*` (Chinese).',
        ),
        params: settlementIdParams,
        querystring: exportQuery,
        response: {
          200: z.any().describe('The file: text/csv; charset=utf-8 or application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
          404: errorEnvelope,
          ...authErrors,
        },
      },
    },
    async (req, reply) => {
      const s = await readableSettlement(app.db, currentDesigner(req), req.params.id);
      const detail = (await settlementDetail(app.db, s.id))!;
      const name = `结算单-${designerCode(s.designer_id)}-${s.period_start}至${s.period_end}`;
      return sendExport(reply, req.query.format, name, settlementTable(detail));
    },
  );

  const leadDoc = (summary: string, description: string) =>
    doc(summary, `Team leads of the settlement’s team only (403 for others, 404 for another team’s). ${description}`);

  r.post(
    '/settlements/:id/confirm',
    {
      ...secured,
      schema: {
        ...leadDoc('Confirm a settlement (open → confirmed)', 'Only after its period has ended (409 `结算周期尚未结束`); later postings go to the next open period.'),
        params: settlementIdParams,
        response: { 200: envelope(settlementSchema), 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, ...authErrors },
      },
    },
    async (req) => ok(await confirmSettlement(app.db, currentDesigner(req), req.params.id), '结算单已确认'),
  );

  r.post(
    '/settlements/:id/pay',
    {
      ...secured,
      schema: {
        ...leadDoc('Mark a confirmed settlement paid (confirmed → paid)', '409 when it is not confirmed or already paid.'),
        params: settlementIdParams,
        response: { 200: envelope(settlementSchema), 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, ...authErrors },
      },
    },
    async (req) => ok(await paySettlement(app.db, currentDesigner(req), req.params.id), '结算单已标记为已支付'),
  );
}
