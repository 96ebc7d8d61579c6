import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authErrors, envelope, errorEnvelope, ok, pageOf } from '../../lib/http.js';
import { currentDesigner } from '../auth/index.js';
import { createPlanService, planLeadTeam } from './plan.service.js';
import {
  cellsBody,
  createPlanBody,
  mineQuery,
  myPlanSchema,
  planDetailSchema,
  planIdParams,
  planListQuery,
  planRequestSchema,
  planSummarySchema,
  requestBody,
  requestIdParams,
  reviewBody,
} from './plan.schemas.js';

/**
 * Order plans (issue #7, spec §2 /order-plan/*): a lead's weekly plans of capacity per designer per
 * day (allocation uses today's cell), and the designers' change requests (messages 30/31 → 33/34).
 */
export default async function orderPlanRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const plans = createPlanService({ db: app.db, unitOfWork: app.unitOfWork });
  const secured = { onRequest: app.authenticate };
  const doc = (summary: string, description?: string) => ({ tags: ['order-plans'], summary, ...(description ? { description } : {}), security: [{ bearer: [] }] });
  const errors = { ...authErrors, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };

  r.get(
    '/order-plans',
    { ...secured, schema: { ...doc('The team’s order plans, newest week first (leads only)'), querystring: planListQuery, response: { 200: envelope(pageOf(planSummarySchema)), ...errors } } },
    async (req) => {
      const teamId = planLeadTeam(currentDesigner(req));
      return ok(await plans.list(teamId, req.query.page, req.query.pageSize), '获取成功');
    },
  );

  r.post(
    '/order-plans',
    {
      ...secured,
      schema: {
        ...doc('Create the plan of a week (a Monday); cells start at each member’s daily capacity', 'A week that already has a plan: 409 该周计划已存在.'),
        body: createPlanBody,
        response: { 200: envelope(planDetailSchema), ...errors },
      },
    },
    async (req) => ok(await plans.create(currentDesigner(req), req.body.week_start), '计划已创建'),
  );

  r.get(
    '/order-plans/mine',
    {
      ...secured,
      schema: {
        ...doc('My plan of a week (any team member): my cells (no plan or no cell: my daily capacity) and my requests of that week'),
        querystring: mineQuery,
        response: { 200: envelope(myPlanSchema), ...errors },
      },
    },
    async (req) => ok(await plans.mine(currentDesigner(req), req.query.week_start), '获取成功'),
  );

  r.post(
    '/order-plans/requests',
    {
      ...secured,
      schema: {
        ...doc(
          'Request a change of my plan (team members, not leads)',
          'weekly: a week after the current one (message 30 to the leads); realtime: days from today to today+6 (message 31). Days must lie in `week_start`’s week. One pending request per designer and week (409).',
        ),
        body: requestBody,
        response: { 200: envelope(planRequestSchema), ...errors },
      },
    },
    async (req) => ok(await plans.request(currentDesigner(req), req.body), '申请已提交'),
  );

  r.post(
    '/order-plans/requests/:id/review',
    {
      ...secured,
      schema: {
        ...doc(
          'Approve or reject a change request (leads of its team)',
          'Approval writes the changes into the week’s plan (creating it if missing); message 33 (weekly) or 34 (realtime) to the designer. Already reviewed: 409.',
        ),
        params: requestIdParams,
        body: reviewBody,
        response: { 200: envelope(planRequestSchema), ...errors },
      },
    },
    async (req) => {
      const result = await plans.review(currentDesigner(req), req.params.id, req.body.decision, req.body.note);
      return ok(result, req.body.decision === 'approve' ? '已通过' : '已驳回');
    },
  );

  r.get(
    '/order-plans/:id',
    {
      ...secured,
      schema: { ...doc('A plan: 7 days, a row of 7 cells per designer, and the week’s requests (leads only)'), params: planIdParams, response: { 200: envelope(planDetailSchema), ...errors } },
    },
    async (req) => ok(await plans.detail(planLeadTeam(currentDesigner(req)), req.params.id), '获取成功'),
  );

  r.put(
    '/order-plans/:id/cells',
    {
      ...secured,
      schema: { ...doc('Set cells of a plan (capacity 0–200 per designer per day of its week)'), params: planIdParams, body: cellsBody, response: { 200: envelope(planDetailSchema), ...errors } },
    },
    async (req) => ok(await plans.updateCells(currentDesigner(req), req.params.id, req.body.cells), '计划已保存'),
  );
}
