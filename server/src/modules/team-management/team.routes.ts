import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, invalid } from '../../lib/errors.js';
import { authErrors, envelope, errorEnvelope, ok, pageOf, pageQuery } from '../../lib/http.js';
import { type Cell, exportTable, money, sendExport, tableOf } from '../../lib/tabular-export.js';
import { currentDesigner } from '../auth/index.js';
import { settlementSummaryColumns } from '../settlements/index.js';
import {
  board,
  dailyDetail,
  designerDetail,
  designerRows,
  leadTeamOf,
  listDesigners,
  listStatements,
  resolvePeriod,
  statementDetail,
  teamMember,
} from './team.repository.js';
import {
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
import { parseDesignerCode } from '../../domain/designers.js';

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
    async (req) => {
      const teamId = leadTeamOf(currentDesigner(req));
      const { from, to } = resolvePeriod(req.query);
      return ok(await board(app.db, app.dialect, teamId, from, to), '获取成功');
    },
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
    async (req) => ok(await listDesigners(app.db, app.dialect, leadTeamOf(currentDesigner(req)), req.query), '获取成功'),
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
    async (req) => {
      const teamId = leadTeamOf(currentDesigner(req));
      const member = await teamMember(app.db, teamId, req.params.designer_id);
      return ok(await designerDetail(app.db, app.dialect, teamId, member), '获取成功');
    },
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
    async (req) => {
      const teamId = leadTeamOf(currentDesigner(req));
      const member = await teamMember(app.db, teamId, req.params.designer_id);
      const { daily_capacity, product_ids } = req.body;
      if (product_ids.length) {
        const found = await app.db.selectFrom('products').select('id').where('id', 'in', product_ids).execute();
        if (found.length !== product_ids.length) throw invalid('product_ids', '产品不存在');
      }
      await app.db.transaction().execute(async (trx) => {
        await trx.updateTable('designers').set({ daily_capacity, update_time: new Date().toISOString() }).where('id', '=', member.id).execute();
        await trx.deleteFrom('designer_products').where('designer_id', '=', member.id).execute();
        if (product_ids.length) await trx.insertInto('designer_products').values(product_ids.map((product_id) => ({ designer_id: member.id, product_id }))).execute();
      });
      const [row] = await designerRows(app.db, app.dialect, teamId, [{ ...member, daily_capacity }]);
      return ok(row!, '已保存');
    },
  );

  // -- bulk actions: each ticket through the single-ticket service function -------------------

  async function bulk(ticketIds: number[], act: (ticketId: number) => Promise<unknown>) {
    const results: { ticket_id: number; ok: boolean; message: string }[] = [];
    for (const ticketId of ticketIds) {
      try {
        await act(ticketId);
        results.push({ ticket_id: ticketId, ok: true, message: '操作成功' });
      } catch (err) {
        if (!(err instanceof AppError) || err.status >= 500) throw err;
        results.push({ ticket_id: ticketId, ok: false, message: err.message });
      }
    }
    return { results };
  }

  /** The target must be an assignable member of the team: checked once, 422 for the whole call. */
  async function bulkTarget(teamId: number, code: string) {
    const id = parseDesignerCode(code);
    const d = id ? await app.db.selectFrom('designers').select(['id', 'team_id', 'designer_type', 'account_status', 'current_registration_step']).where('id', '=', id).executeTakeFirst() : undefined;
    if (!d || d.team_id !== teamId) throw invalid('designer_id', '该设计师不在你的团队中');
    if (d.designer_type === 0) throw invalid('designer_id', '只能指派给团队中的设计师');
    if (d.account_status !== 1) throw invalid('designer_id', '该设计师账号已停用');
    if (d.current_registration_step < 6) throw invalid('designer_id', '该设计师尚未完成入驻引导');
  }

  r.post(
    '/team/tickets/bulk-assign',
    {
      ...secured,
      schema: {
        ...doc(
          'Assign up to 50 unassigned tickets to one designer of the team',
          'Each ticket goes through the single assign (message 25); the result says per ticket whether it was assigned or why not (already assigned, closed, not the team’s…).',
        ),
        body: bulkAssignBody,
        response: { 200: envelope(bulkResultSchema), ...errors },
      },
    },
    async (req) => {
      const lead = currentDesigner(req);
      const teamId = leadTeamOf(lead);
      await bulkTarget(teamId, req.body.designer_id);
      const result = await bulk(req.body.ticket_ids, (id) => app.tickets.assign(lead, id, req.body.designer_id));
      const done = result.results.filter((x) => x.ok).length;
      return ok(result, `已指派${done}个工单${done < result.results.length ? `，${result.results.length - done}个未处理` : ''}`);
    },
  );

  r.post(
    '/team/tickets/bulk-transfer',
    {
      ...secured,
      schema: {
        ...doc('Transfer up to 50 assigned tickets to one designer of the team', 'Each ticket goes through the single transfer (message 21 to both designers); a per-ticket result.'),
        body: bulkTransferBody,
        response: { 200: envelope(bulkResultSchema), ...errors },
      },
    },
    async (req) => {
      const lead = currentDesigner(req);
      const teamId = leadTeamOf(lead);
      await bulkTarget(teamId, req.body.designer_id);
      const result = await bulk(req.body.ticket_ids, (id) => app.tickets.transfer(lead, id, req.body.designer_id, req.body.reason));
      const done = result.results.filter((x) => x.ok).length;
      return ok(result, `已转派${done}个工单${done < result.results.length ? `，${result.results.length - done}个未处理` : ''}`);
    },
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
    async (req) => ok(await listStatements(app.db, leadTeamOf(currentDesigner(req)), req.query.page, req.query.pageSize), '获取成功'),
  );

  r.get(
    '/team/expenses/:statement_id',
    {
      ...secured,
      schema: {
        ...doc('One expense statement with every member’s settlement; the totals are the sums of the members'),
        params: statementParams,
        response: { 200: envelope(statementDetailSchema), ...errors },
      },
    },
    async (req) => ok(await statementDetail(app.db, leadTeamOf(currentDesigner(req)), req.params.statement_id), '获取成功'),
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
      const teamId = leadTeamOf(currentDesigner(req));
      const s = await statementDetail(app.db, teamId, req.params.statement_id);
      const total: Cell[] = ['合计', `${s.member_count}人`, s.period_start, s.period_end, '', money(s.gross_cents), money(s.deduction_cents), money(s.adjustment_cents), money(s.net_cents), s.members.reduce((a, m) => a + m.line_count, 0)];
      const table = tableOf(`团队费用${s.period_start}`, settlementSummaryColumns, s.members, [total]);
      return sendExport(reply, exportTable(req.query.format, `团队费用结算单_${s.period_start}_${s.period_end}`, table));
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
    async (req) => {
      const teamId = leadTeamOf(currentDesigner(req));
      const { from, to } = resolvePeriod(req.query);
      return ok(await dailyDetail(app.db, app.dialect, teamId, from, to, req.query.designer_id), '获取成功');
    },
  );
}
