import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authErrors, envelope, errorEnvelope, ok } from '../../lib/http.js';
import { currentDesigner } from '../auth/index.js';
import { optionalNoteSchema, ticketIdParams, ticketItemSchema } from '../tickets/index.js';
import { applicationDecisionInput, factoryRejectApplicationInput } from './appeal.schemas.js';

/**
 * Applications on a ticket (application.service.ts): the ticket's designer applies for a final
 * review or a factory rejection; a lead of the team decides. Documented under the `tickets` tag,
 * where the SPA's ticket drawer finds them.
 */
export default async function applicationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secured = { onRequest: app.authenticate };
  const doc = (summary: string, description?: string) => ({
    tags: ['tickets'],
    summary,
    ...(description ? { description } : {}),
    security: [{ bearer: [] }],
  });
  const itemResponse = { 200: envelope(ticketItemSchema), 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, ...authErrors };

  r.post(
    '/tickets/:id/final-review',
    {
      ...secured,
      schema: {
        ...doc('Apply for final-draft review (message 14 to the team leads)', 'After a final draft; adds the SUBMIT marker; once.'),
        params: ticketIdParams,
        body: optionalNoteSchema,
        response: itemResponse,
      },
    },
    async (req) => ok(await app.applications.applyFinalReview(currentDesigner(req), req.params.id, req.body?.note ?? ''), '已申请终稿审核'),
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
        body: factoryRejectApplicationInput,
        response: itemResponse,
      },
    },
    async (req) => ok(await app.applications.applyFactoryReject(currentDesigner(req), req.params.id, req.body.reason), '工厂驳回申请已提交'),
  );

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
        body: applicationDecisionInput,
        response: itemResponse,
      },
    },
    async (req) => ok(await app.applications.reviewFinalReview(currentDesigner(req), req.params.id, req.body), req.body.decision === 'approve' ? '终稿审核已通过' : '终稿审核已驳回'),
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
        body: applicationDecisionInput,
        response: itemResponse,
      },
    },
    async (req) => ok(await app.applications.reviewFactoryReject(currentDesigner(req), req.params.id, req.body), req.body.decision === 'approve' ? '工厂驳回申请已通过' : '工厂驳回申请已驳回'),
  );
}
