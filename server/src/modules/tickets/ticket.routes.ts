import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentDesigner } from '../auth/index.js';
import { z } from 'zod';
import { authErrors, envelope, errorEnvelope, ok, pageOf, typedBodySerializer } from '../../lib/http.js';
import { sendExport } from '../../lib/tabular-export.js';
import { nowMs } from '../../lib/time.js';
import { type KeptAnswer, keptAnswer, sendKeptAnswer } from '../../lib/encoded-answers.js';
import { sqliteCache } from '../../db/change-notices.js';
import { TICKET_EXPORT_HEADERS } from './ticket-export.js';
import { EXPORT_MAX_ROWS } from './ticket.service.js';
import {
  abnormalInputSchema,
  assignCandidatesQuery,
  assignCandidatesSchema,
  assignInputSchema,
  closeInputSchema,
  draftInputSchema,
  draftSchema,
  exportQuerySchema,
  listQuerySchema,
  optionalNoteSchema,
  panelCountsSchema,
  ticketDetailSchema,
  ticketIdParams,
  riskConflictEnvelope,
  ticketItemSchema,
  ticketListItemSchema,
  transferInputSchema,
} from './ticket.schemas.js';

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
        response: { 200: envelope(pageOf(ticketListItemSchema)), ...authErrors },
      },
      // The list's items are built field by field from typed rows (ticket.repository.ts `toItem`);
      // tickets-list-shape.test.ts holds them to the schema. The handler writes the JSON itself (to
      // keep it on SQLite); any other 200 body goes through JSON.stringify too.
      serializerCompiler: typedBodySerializer,
    },
    async (req, reply) => {
      const q = req.query;
      const me = currentDesigner(req);
      // SQLite keeps each answer until anything is committed (db/change-notices.ts `ticketPages`):
      // whose list it is (the designer: their scope and their unread counts) and the query name it.
      // Not with the overdue filter, which moves with the clock. Kept as JSON text and as the bytes
      // each accept-encoding header got (lib/encoded-answers.ts).
      const pages = q.overdue ? undefined : sqliteCache<KeptAnswer>(app.db, 'ticketPages');
      const key = pages && `${me.id}|${JSON.stringify(q)}`;
      const kept = pages?.get(key!, nowMs());
      if (kept !== undefined) return sendKeptAnswer(req, reply, kept);
      const begun = pages?.begin();
      const { items, total } = await app.tickets.list(me, q);
      // The comments module's unread counts of this page (one grouped statement), per row.
      const unread = await app.comments.unreadCounts(me, items.map((t) => t.ticket_id));
      const rows = items.map((t) => ({ ...t, unread_comments: unread.get(t.ticket_id) ?? 0 }));
      const answer = keptAnswer(ok({ items: rows, total, page: q.page, pageSize: q.pageSize }, '获取成功'));
      pages?.put(begun!, key!, me.id, answer, nowMs());
      return sendKeptAnswer(req, reply, answer);
    },
  );

  r.get(
    '/tickets/export',
    {
      ...secured,
      schema: {
        ...doc(
          'Download my tickets (a lead: the team’s) as CSV or Excel',
          'Exactly the tickets of GET /tickets with the same query (scope, `designer_id`, `view`, every filter, sort), every page, without paging; ' +
            `at most ${EXPORT_MAX_ROWS.toLocaleString('en')} rows. Streamed: rows are read from the database page by page while the file is written, never all held. ` +
            `Columns: ${TICKET_EXPORT_HEADERS.join(', ')}. Times are Asia/Shanghai local time: in XLSX real date cells (yyyy-mm-dd hh:mm), in CSV YYYY-MM-DD HH:mm:ss; ` +
            'the fee is a number of yuan with two decimals. CSV is UTF-8 with a BOM; XLSX has the header row frozen. ' +
            '`Content-Disposition: attachment` with an RFC 5987 `filename*` (我的工单 / 团队工单 / 待分配工单, and the Shanghai day).',
        ),
        querystring: exportQuerySchema,
        response: {
          200: z.any().describe('The file: text/csv; charset=utf-8 or application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
          ...authErrors,
        },
      },
    },
    async (req, reply) => {
      const { baseName, table } = app.tickets.exportList(currentDesigner(req), req.query);
      return sendExport(reply, req.query.format, baseName, table);
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
    async (req) => ok(await app.tickets.counts(currentDesigner(req)), '获取成功'),
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
    async (req) => ok(await app.tickets.detail(currentDesigner(req), req.params.id), '获取成功'),
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

  // -- team-lead actions ----------------------------------------------------------------------

  const leadDoc = (summary: string, description: string) =>
    doc(summary, `Team leads only (403 for others); the team’s tickets or the unassigned pool (404 otherwise). ${description}`);

  const riskyItemResponse = { ...itemResponse, 409: riskConflictEnvelope };
  const safeAssignment =
    'Safe assignment: when the target is offline (`offline`), would go past today’s capacity (`over_capacity`) or is not qualified for the product (`unqualified`), ' +
    'the call is 409 with `data.risks` unless `confirm` lists each of those risks; the timeline event records the confirmed risks (`confirmed_risks`).';

  r.get(
    '/tickets/assign-candidates',
    {
      ...secured,
      schema: {
        ...leadDoc(
          'Who a lead may assign or transfer these tickets to, with the risks of each',
          'Every assignable designer of the team: accepts tickets now (online), tickets today against today’s capacity, qualified for every product of the tickets, ' +
            'and the risks (offline, over_capacity, unqualified) of giving them all the tickets.',
        ),
        querystring: assignCandidatesQuery,
        response: { 200: envelope(assignCandidatesSchema), 403: errorEnvelope, 404: errorEnvelope, ...authErrors },
      },
    },
    async (req) => ok(await app.tickets.assignCandidates(currentDesigner(req), req.query.ticket_ids), '获取成功'),
  );

  r.post(
    '/tickets/:id/assign',
    {
      ...secured,
      schema: {
        ...leadDoc('Assign an unassigned ticket to a team designer (message 25)', `409 when the ticket is already assigned. ${safeAssignment}`),
        params: ticketIdParams,
        body: assignInputSchema,
        response: riskyItemResponse,
      },
    },
    async (req) => ok(await app.tickets.assign(currentDesigner(req), req.params.id, req.body.designer_id, req.body.confirm), '工单已指派'),
  );

  r.post(
    '/tickets/:id/transfer',
    {
      ...secured,
      schema: {
        ...leadDoc('Transfer a ticket to another team designer (message 21 to both)', `Ends the current allocation and opens a new one; the ticket’s clock keeps running. ${safeAssignment}`),
        params: ticketIdParams,
        body: transferInputSchema,
        response: riskyItemResponse,
      },
    },
    async (req) => ok(await app.tickets.transfer(currentDesigner(req), req.params.id, req.body.designer_id, req.body.reason, req.body.confirm), '工单已转派'),
  );

  r.post(
    '/tickets/:id/urge',
    {
      ...secured,
      schema: {
        ...leadDoc('Urge the designer for the next draft (message 20)', 'Only while a draft is owed.'),
        params: ticketIdParams,
        body: optionalNoteSchema,
        response: itemResponse,
      },
    },
    async (req) => ok(await app.tickets.urge(currentDesigner(req), req.params.id, req.body?.note ?? ''), '已催稿'),
  );

  r.post(
    '/tickets/:id/abnormal',
    {
      ...secured,
      schema: {
        ...leadDoc('Mark the order abnormal (ABNORMAL marker; message 24)', ''),
        params: ticketIdParams,
        body: abnormalInputSchema,
        response: itemResponse,
      },
    },
    async (req) => ok(await app.tickets.markAbnormal(currentDesigner(req), req.params.id, req.body.reason), '已标记异常'),
  );

  r.post(
    '/tickets/:id/close',
    {
      ...secured,
      schema: {
        ...leadDoc('Close the ticket by hand (status "6"; message 28)', ''),
        params: ticketIdParams,
        body: closeInputSchema,
        response: itemResponse,
      },
    },
    async (req) => ok(await app.tickets.close(currentDesigner(req), req.params.id, req.body.reason), '工单已关闭'),
  );
}
