import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors, envelope, errorEnvelope, ok, pageOf, pageQuery } from '../../lib/http.js';
import { sendExport } from '../../lib/tabular-export.js';
import { currentDesigner } from '../auth/index.js';
import { riskConflictEnvelope } from '../tickets/index.js';
import {
  allocationRulesBody,
  allocationRulesSchema,
  boardSchema,
  bulkAssignBody,
  bulkResultSchema,
  bulkTransferBody,
  dailyDetailQuery,
  dailyDetailSchema,
  designerListQuery,
  designerParams,
  designerUpdateBody,
  exportQuery,
  periodQuery,
  statementDetailSchema,
  statementParams,
  statementSchema,
  teamDesignerDetailSchema,
  teamDesignerSchema,
} from './team.schemas.js';
import { createTeamService } from './team.service.js';

/**
 * Team management (issue #7, spec §2 /team-management/*): the board, designers, bulk assign and
 * transfer, expense statements and the daily detail. Leads only (403 for everyone else); another
 * team's designer or statement is 404. Figures are defined in README.md.
 */
export default async function teamManagementRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secured = { onRequest: app.authenticate };
  const doc = (summary: string, description?: string) => ({ tags: ['team-management'], summary, ...(description ? { description } : {}), security: [{ bearer: [] }] });
  const errors = { ...authErrors, 403: errorEnvelope, 404: errorEnvelope };
  const team = createTeamService({ db: app.db, dialect: app.dialect, unitOfWork: app.unitOfWork, tickets: app.tickets });

  r.get(
    '/team/board',
    {
      ...secured,
      schema: {
        ...doc(
          'The team board over a period: totals, per designer, per day',
          '`from`..`to` are Asia/Shanghai days, inclusive, at most 92 (default: the last 30 days). by_day lists every day of the period. Definitions of every figure: server/src/modules/team-management/README.md.',
        ),
        querystring: periodQuery,
        response: { 200: envelope(boardSchema), ...errors },
      },
    },
    async (req) => ok(await team.board(currentDesigner(req), req.query), '获取成功'),
  );

  r.get(
    '/team/designers',
    {
      ...secured,
      schema: {
        ...doc('The team’s designers with status, load and capacity today, products and 30-day quality figures'),
        querystring: designerListQuery,
        response: { 200: envelope(pageOf(teamDesignerSchema)), ...errors },
      },
    },
    async (req) => ok(await team.listDesigners(currentDesigner(req), req.query), '获取成功'),
  );

  r.get(
    '/team/designers/:designer_id',
    {
      ...secured,
      schema: {
        ...doc('A designer of the team: the list row plus recent tickets, the last 8 settlements and the last 50 allocations'),
        params: designerParams,
        response: { 200: envelope(teamDesignerDetailSchema), ...errors },
      },
    },
    async (req) => ok(await team.designerDetail(currentDesigner(req), req.params.designer_id), '获取成功'),
  );

  r.put(
    '/team/designers/:designer_id',
    {
      ...secured,
      schema: {
        ...doc('Set a designer’s daily capacity and products (the products replace the current ones)'),
        params: designerParams,
        body: designerUpdateBody,
        response: { 200: envelope(teamDesignerSchema), ...errors },
      },
    },
    async (req) => ok(await team.updateDesigner(currentDesigner(req), req.params.designer_id, req.body), '已保存'),
  );

  // -- bulk actions: each ticket through the single-ticket service function -------------------

  r.post(
    '/team/tickets/bulk-assign',
    {
      ...secured,
      schema: {
        ...doc(
          'Assign up to 50 unassigned tickets to one designer of the team',
          'Each ticket goes through the single assign (message 25); the result says per ticket whether it was assigned or why not (already assigned, closed, not the team’s…). ' +
            'Safe assignment: the risks of giving the designer all the tickets (offline, over_capacity: today’s count plus the tickets past today’s capacity, unqualified for a product) ' +
            'are checked first: 409 with `data.risks` and no ticket moved unless `confirm` lists each; the timeline events record the confirmed risks.',
        ),
        body: bulkAssignBody,
        response: { 200: envelope(bulkResultSchema), ...errors, 409: riskConflictEnvelope },
      },
    },
    async (req) => {
      const result = await team.bulkAssign(currentDesigner(req), req.body);
      const done = result.results.filter((x) => x.ok).length;
      return ok(result, `已指派${done}个工单${done < result.results.length ? `，${result.results.length - done}个未处理` : ''}`);
    },
  );

  r.post(
    '/team/tickets/bulk-transfer',
    {
      ...secured,
      schema: {
        ...doc(
          'Transfer up to 50 assigned tickets to one designer of the team',
          'Each ticket goes through the single transfer (message 21 to both designers); a per-ticket result. The risks are checked first as for bulk-assign (409 unless confirmed).',
        ),
        body: bulkTransferBody,
        response: { 200: envelope(bulkResultSchema), ...errors, 409: riskConflictEnvelope },
      },
    },
    async (req) => {
      const result = await team.bulkTransfer(currentDesigner(req), req.body);
      const done = result.results.filter((x) => x.ok).length;
      return ok(result, `已转派${done}个工单${done < result.results.length ? `，${result.results.length - done}个未处理` : ''}`);
    },
  );

  // -- allocation rules (issue #24) ------------------------------------------------------------

  r.get(
    '/team/allocation-rules',
    {
      ...secured,
      schema: {
        ...doc('The team’s allocation rules: how the system picks the designer of a new ticket', 'Leads only. A team that never changed them has the defaults: least_loaded, skill by product on, capacity from the plan on.'),
        response: { 200: envelope(allocationRulesSchema), ...errors },
      },
    },
    async (req) => ok(await team.allocationRules(currentDesigner(req)), '获取成功'),
  );

  r.put(
    '/team/allocation-rules',
    {
      ...secured,
      schema: {
        ...doc('Change the team’s allocation rules (the next automatic allocation follows them)', 'Leads only; every field required.'),
        body: allocationRulesBody,
        response: { 200: envelope(allocationRulesSchema), ...errors },
      },
    },
    async (req) => ok(await team.updateAllocationRules(currentDesigner(req), req.body), '分配规则已保存'),
  );

  // -- expenses --------------------------------------------------------------------------------

  r.get(
    '/team/expenses',
    {
      ...secured,
      schema: {
        ...doc('The team’s expense statements, newest period first: the members’ settlements of each period rolled up'),
        querystring: pageQuery,
        response: { 200: envelope(pageOf(statementSchema)), ...errors },
      },
    },
    async (req) => ok(await team.statements(currentDesigner(req), req.query.page, req.query.pageSize), '获取成功'),
  );

  r.get(
    '/team/expenses/:statement_id',
    {
      ...secured,
      schema: {
        ...doc(
          'One expense statement: a lead sees every member’s settlement (the totals are the sums of the members); any other designer sees only their own share',
          'scope tells which: team (a lead of the team) or own (the caller’s own settlement of that period, totals are theirs; 404 when they have none). The export stays with the lead.',
        ),
        params: statementParams,
        response: { 200: envelope(statementDetailSchema), ...errors },
      },
    },
    async (req) => ok(await team.statementDetail(currentDesigner(req), req.params.statement_id), '获取成功'),
  );

  r.get(
    '/team/expenses/:statement_id/export',
    {
      ...secured,
      schema: {
        ...doc('Download an expense statement (csv or xlsx): one row per member, then a total row'),
        params: statementParams,
        querystring: exportQuery,
        response: { 200: z.any().describe('The file'), ...errors },
      },
    },
    async (req, reply) => {
      const { baseName, table } = await team.statementExport(currentDesigner(req), req.params.statement_id);
      return sendExport(reply, req.query.format, baseName, table);
    },
  );

  r.get(
    '/team/daily-detail',
    {
      ...secured,
      schema: {
        ...doc(
          'Per designer per day: received, completed, overdue, fees and deductions',
          'Newest day first; only days on which the designer has something (every figure 0 is left out). `designer_id` narrows to one member (another team’s: 404).',
        ),
        querystring: dailyDetailQuery,
        response: { 200: envelope(dailyDetailSchema), ...errors },
      },
    },
    async (req) => ok(await team.dailyDetail(currentDesigner(req), req.query), '获取成功'),
  );
}
