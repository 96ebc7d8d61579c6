import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../lib/errors.js';
import { envelope, errorEnvelope, idSchema, ok } from '../../lib/http.js';
import { deductionSchema, integrationDeductionInput } from '../appeals/index.js';
import { auditInputSchema, draftSchema, MAX_BATCH_ORDERS, orderBatchResultSchema, orderBatchSchema, orderInputSchema, orderNoSchema, ticketItemSchema, upstreamStatusSchema } from './ticket.schemas.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** `onRequest` hook: 401 unless `x-api-key` is one of the configured integration keys. */
export function integrationKeyCheck(keys: readonly string[]) {
  const known = keys.map(digest);
  return async (req: FastifyRequest) => {
    const given = req.headers['x-api-key'];
    if (typeof given !== 'string' || given === '') throw unauthorized('缺少接口密钥（x-api-key）');
    const d = digest(given);
    // Compare digests in constant time; every key is checked.
    let match = false;
    for (const k of known) match = timingSafeEqual(k, d) || match;
    if (!match) throw unauthorized('接口密钥无效');
  };
}

/**
 * The upstream order system's API: tickets in, status changes and draft audit results. Authenticated
 * by `x-api-key` (INTEGRATION_API_KEY), not by a designer's token.
 */
export default async function integrationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secured = { onRequest: integrationKeyCheck(app.config.integrationApiKeys) };
  const doc = (summary: string, description?: string) => ({
    tags: ['integration'],
    summary,
    ...(description ? { description } : {}),
    security: [{ apiKey: [] }],
  });
  const errors = { 401: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };

  r.post(
    '/integration/orders',
    {
      ...secured,
      schema: {
        ...doc(
          'Create a ticket from an order (idempotent by order_no), then assign it',
          'The same order_no twice creates one ticket: the repeat answers 200 with the existing ticket and `created: false` (its payload is not applied). ' +
            'A new ticket is system-assigned to an online, qualified regular designer with free daily capacity (fewest tickets assigned today first, then the longest since their last assignment; message 2); ' +
            'if nobody is free it stays unassigned and shows in the order hall. Bad payloads (including an unknown shop, product or team) are 422 and write nothing.',
        ),
        body: orderInputSchema,
        response: { 200: envelope(z.object({ created: z.boolean(), ticket: ticketItemSchema })), ...errors },
      },
    },
    async (req) => {
      const { ticket, created } = await app.tickets.ingest(req.body, 'upstream');
      return ok({ created, ticket }, created ? '工单已创建' : '订单已存在');
    },
  );

  r.post(
    '/integration/orders/batch',
    {
      ...secured,
      // 500 orders with long requirements and attachment lists run past Fastify's 1 MiB default.
      bodyLimit: 16 * 1024 * 1024,
      schema: {
        ...doc(
          `Create the tickets of up to ${MAX_BATCH_ORDERS} orders in one call (idempotent by order_no)`,
          'Each order is handled exactly as POST /integration/orders handles it, in the batch’s order, in one transaction: one commit and one answer for the whole batch. ' +
            'All or nothing: any invalid order (including an unknown shop, product or team) is 422 naming `orders.{index}.{field}`, and nothing is written. ' +
            'An order that exists already, or repeats earlier in the batch, answers `created: false` with the existing ticket. The answer comes after the commit: every order it lists is stored. ' +
            'For an upstream system that sends orders in bursts; one order at a time stays the way for real-time delivery.',
        ),
        body: orderBatchSchema,
        response: {
          200: envelope(z.object({ created: z.number().int(), existing: z.number().int(), results: z.array(orderBatchResultSchema) })),
          ...errors,
        },
      },
    },
    async (req) => {
      const results = await app.tickets.ingestBatch(req.body.orders, 'upstream');
      const created = results.filter((x) => x.created).length;
      return ok({ created, existing: results.length - created, results }, `已创建${created}个工单`);
    },
  );

  r.post(
    '/integration/orders/:order_no/status',
    {
      ...secured,
      schema: {
        ...doc(
          'An upstream status change of an order',
          'refund → status "2"; completion notice → "4" (stage done); close → "3" and message 28; factory rejection → "5", marker FACTORY_REJECT and message 32. ' +
            'Messages go to the ticket’s current designer. Repeating the current status changes nothing (`changed: false`).',
        ),
        params: z.object({ order_no: orderNoSchema }),
        body: upstreamStatusSchema,
        response: { 200: envelope(z.object({ changed: z.boolean(), ticket: ticketItemSchema })), ...errors },
      },
    },
    async (req) => {
      const { ticket, changed } = await app.tickets.upstreamStatus(req.params.order_no, req.body.event, req.body.reason);
      return ok({ changed, ticket }, changed ? '状态已更新' : '状态未变化');
    },
  );

  r.post(
    '/integration/drafts/:draft_id/audit',
    {
      ...secured,
      schema: {
        ...doc(
          'The automatic thumbnail and outline check of a draft finished',
          'Sets the draft’s sync_status (1 synced, 2 sync error, 3 auto-audit error) and result; message 15 (first draft) or 16 (final draft) to the designer who submitted it.',
        ),
        params: z.object({ draft_id: idSchema('稿件编号不正确') }),
        body: auditInputSchema,
        response: { 200: envelope(z.object({ changed: z.boolean(), draft: draftSchema })), ...errors },
      },
    },
    async (req) => {
      const { draft, changed } = await app.tickets.auditDraft(req.params.draft_id, req.body.sync_status, req.body.result);
      return ok({ changed, draft }, changed ? '检查结果已记录' : '检查结果未变化');
    },
  );

  r.post(
    '/integration/deductions',
    {
      ...secured,
      schema: {
        ...doc(
          'An after-sales or QC deduction of an order (idempotent by external_id)',
          'Takes `amount_cents` from the ticket’s current designer (or the last one who held it; 409 when nobody ever did): a deduction line in their settlement of the period, ' +
            'an event on the ticket timeline and message 17 (after_sales) or 18 (qc). The same `external_id` twice creates one deduction: the repeat answers 200 with it and `created: false`. ' +
            'Unknown order_no: 404.',
        ),
        body: integrationDeductionInput,
        response: { 200: envelope(z.object({ created: z.boolean(), deduction: deductionSchema })), ...errors },
      },
    },
    async (req) => {
      const { deduction, created } = await app.appeals.ingestDeduction(req.body);
      return ok({ created, deduction }, created ? '扣款已创建' : '扣款已存在');
    },
  );
}
