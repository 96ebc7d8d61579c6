/**
 * The rules of the team pages (issue #7, spec §2 /team-management/*): the board, the designers,
 * bulk assign and transfer, expense statements and the daily detail. Only a lead manages their
 * team (403 for everyone else); another team's designer or statement is 404; a period is at most
 * 92 days. Every figure is defined in README.md.
 */
import type { FastifyInstance } from 'fastify';
import type { Db, Dialect } from '../../db/database.js';
import type { Designer } from '../../db/schema.js';
import { AppError, forbidden, invalid, notFound } from '../../lib/errors.js';
import { type Cell, day, money, type Table, tableOf } from '../../lib/tabular-export.js';
import { nowIso } from '../../lib/time.js';
import type { UnitOfWork } from '../messages/index.js';
import { REGISTRATION_COMPLETE_STEP } from '../../domain/designers.js';
import { settlementSummaryColumns } from '../settlements/index.js';
import { designerQualifications } from '../study/index.js';
import { type AllocationRules, type AssignRisk, findAllocationRules, saveAllocationRules } from '../tickets/index.js';
import { addDays, daysBetween, today } from '../../domain/calendar.js';
import { displayName, designerCode, maskPhone, parseDesignerCode } from '../../domain/designers.js';
import { dayCell, designerFigures, figures, loadBoard } from './board.repository.js';
import {
  countProducts,
  designerLoadsOn,
  designerProducts,
  findAssignee,
  findDesignerNames,
  findStatement,
  findTeamMember,
  listStatements,
  type Member,
  ownPeriodSettlement,
  pageTeamMembers,
  periodSettlements,
  planCapacitiesOn,
  recentAllocations,
  recentSettlements,
  recentTeamTickets,
  replaceProducts,
  setDailyCapacity,
  teamMembers,
} from './team.repository.js';
import { MAX_PERIOD_DAYS } from './team.schemas.js';

/** The team of a lead (designer_type 0 with a team); 403 with `refusal` for everyone else. */
export function leadTeamOf(me: Designer, refusal = '只有团队负责人可以管理团队'): number {
  if (me.designer_type !== 0 || me.team_id === null) throw forbidden(refusal);
  return me.team_id;
}

/** The period of a query: `to` defaults to today, `from` to 29 days before `to`; at most 92 days. */
export function resolvePeriod(q: { from?: string; to?: string }): { from: string; to: string } {
  const to = q.to ?? (q.from && q.from > today() ? q.from : today());
  const from = q.from ?? addDays(to, -29);
  if (from > to) throw invalid('to', '结束日期不能早于开始日期');
  if (daysBetween(from, to).length > MAX_PERIOD_DAYS) throw invalid('to', `查询区间不能超过${MAX_PERIOD_DAYS}天`);
  return { from, to };
}

export interface BulkResult {
  results: { ticket_id: number; ok: boolean; message: string }[];
}

export interface TeamServiceDeps {
  db: Db;
  dialect: Dialect;
  /** Opens the transaction of a change (messages/unit-of-work.ts); the designer update sends no message. */
  unitOfWork: UnitOfWork;
  /** The single-ticket actions a bulk action runs ticket by ticket (tickets module, `app.tickets`). */
  tickets: Pick<FastifyInstance['tickets'], 'assign' | 'transfer' | 'checkBulkRisks'>;
}

export type TeamService = ReturnType<typeof createTeamService>;

export function createTeamService({ db, dialect, unitOfWork, tickets }: TeamServiceDeps) {
  /** A member of the team by designer code; 404 for anyone else. */
  async function teamMember(teamId: number, code: string): Promise<Member> {
    const id = parseDesignerCode(code);
    const d = id ? await findTeamMember(db, teamId, id) : undefined;
    if (!d) throw notFound('设计师不存在');
    return d;
  }

  // -- board and daily detail --------------------------------------------------------------------

  async function board(lead: Designer, query: { from?: string; to?: string }) {
    const teamId = leadTeamOf(lead);
    const { from, to } = resolvePeriod(query);
    const members = await teamMembers(db, teamId);
    const raw = await loadBoard(
      db,
      dialect,
      members.map((m) => m.id),
      from,
      to,
      nowIso(),
    );
    const by_designer = members.map((m) => ({ designer_id: designerCode(m.id), designer_name: displayName(m), ...designerFigures(raw, m.id) }));
    const by_day = raw.days.map((day) => {
      const f = figures(
        members.map((m) => dayCell(raw, m.id, day)),
        [],
      );
      return { day, received: f.received, completed: f.completed, overdue: f.overdue };
    });
    const totals = figures([...raw.cells.values()], [...raw.extras.values()]);
    return { from, to, totals, by_designer, by_day };
  }

  async function dailyDetail(lead: Designer, query: { from?: string; to?: string; designer_id?: string }) {
    const teamId = leadTeamOf(lead);
    const { from, to } = resolvePeriod(query);
    const members = query.designer_id ? [await teamMember(teamId, query.designer_id)] : await teamMembers(db, teamId);
    const raw = await loadBoard(
      db,
      dialect,
      members.map((m) => m.id),
      from,
      to,
      nowIso(),
    );
    const rows = [];
    for (const day of [...raw.days].reverse()) {
      for (const m of members) {
        const c = raw.cells.get(`${m.id}|${day}`);
        if (!c) continue;
        rows.push({
          day,
          designer_id: designerCode(m.id),
          designer_name: displayName(m),
          received: c.received,
          completed: c.completed,
          overdue: c.overdue,
          fee_cents: c.fee_cents,
          deduction_cents: c.deduction_cents,
        });
      }
    }
    return { rows };
  }

  // -- designers ---------------------------------------------------------------------------------

  /** The designer rows (status, load, capacity, products, 30-day quality) of some members. */
  async function designerRows(teamId: number, members: Member[]) {
    if (!members.length) return [];
    const ids = members.map((m) => m.id);
    const day = today();
    const [products, loads, cells, raw] = await Promise.all([
      designerProducts(db, ids),
      designerLoadsOn(db, ids, day),
      planCapacitiesOn(db, teamId, ids, day),
      loadBoard(db, dialect, ids, addDays(day, -29), day, nowIso()),
    ]);
    return members.map((m) => {
      const f = designerFigures(raw, m.id);
      const cell = cells.find((c) => c.designer_id === m.id);
      return {
        designer_id: designerCode(m.id),
        designer_name: displayName(m),
        phone: maskPhone(m.phone),
        designer_type: m.designer_type,
        online_ticket_status: m.online_ticket_status,
        load_today: Number(loads.find((l) => l.designer_id === m.id)?.assigned_today ?? 0),
        capacity_today: cell ? Number(cell.capacity) : m.daily_capacity,
        daily_capacity: m.daily_capacity,
        products: products.filter((p) => p.designer_id === m.id).map((p) => ({ product_id: p.id, name: p.name })),
        open_tickets: f.in_progress,
        completed_30d: f.completed,
        on_time_rate_30d: f.on_time_rate,
        first_pass_rate_30d: f.first_pass_rate,
      };
    });
  }

  async function listDesigners(lead: Designer, q: { keyword?: string; page: number; pageSize: number }) {
    const teamId = leadTeamOf(lead);
    const { members, total } = await pageTeamMembers(db, teamId, q);
    return { items: await designerRows(teamId, members), total, page: q.page, pageSize: q.pageSize };
  }

  async function designerDetail(lead: Designer, code: string) {
    const teamId = leadTeamOf(lead);
    const member = await teamMember(teamId, code);
    const [row] = await designerRows(teamId, [member]);
    const [tickets, settlements, history, qualifications] = await Promise.all([
      recentTeamTickets(db, teamId, member.id, 20, nowIso()),
      recentSettlements(db, member.id, 8),
      recentAllocations(db, member.id, 50),
      designerQualifications(db, member.id),
    ]);
    return { ...row!, recent_tickets: tickets.items, settlements, history, qualifications };
  }

  /** Sets a member's daily capacity and replaces their products (every product must exist: 422). */
  async function updateDesigner(lead: Designer, code: string, body: { daily_capacity: number; product_ids: number[] }) {
    const teamId = leadTeamOf(lead);
    const member = await teamMember(teamId, code);
    const { daily_capacity, product_ids } = body;
    if (product_ids.length && (await countProducts(db, product_ids)) !== product_ids.length) throw invalid('product_ids', '产品不存在');
    // The wall clock, not the app clock (lib/time.ts), as this call always stamped it.
    const now = new Date().toISOString();
    await unitOfWork(async (trx) => {
      await setDailyCapacity(trx, member.id, daily_capacity, now);
      await replaceProducts(trx, member.id, product_ids);
    });
    const [row] = await designerRows(teamId, [{ ...member, daily_capacity }]);
    return row!;
  }

  // -- bulk actions: each ticket through the single-ticket service function -----------------------

  /** The target must be an assignable member of the team: checked once, 422 for the whole call. */
  async function checkBulkTarget(teamId: number, code: string) {
    const id = parseDesignerCode(code);
    const d = id ? await findAssignee(db, id) : undefined;
    if (!d || d.team_id !== teamId) throw invalid('designer_id', '该设计师不在你的团队中');
    if (d.designer_type === 0) throw invalid('designer_id', '只能指派给团队中的设计师');
    if (d.account_status !== 1) throw invalid('designer_id', '该设计师账号已停用');
    if (d.current_registration_step < REGISTRATION_COMPLETE_STEP) throw invalid('designer_id', '该设计师尚未完成入驻引导');
  }

  /**
   * Runs `act` ticket by ticket in the order given: a refusal (an AppError below 500) becomes that
   * ticket's result and the others go on; an unexpected error stops the call.
   */
  async function bulk(ticketIds: number[], act: (ticketId: number) => Promise<unknown>): Promise<BulkResult> {
    const results: BulkResult['results'] = [];
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

  /**
   * Safe assignment: the risks of giving the designer all the tickets are checked once, before
   * any ticket moves (409 with `data.risks` unless each is in `confirm`); each ticket then carries
   * the confirmation to its single action, which records it on the timeline.
   */
  async function bulkAssign(lead: Designer, body: { ticket_ids: number[]; designer_id: string; confirm: AssignRisk[] }): Promise<BulkResult> {
    await checkBulkTarget(leadTeamOf(lead), body.designer_id);
    await tickets.checkBulkRisks(lead, body.ticket_ids, body.designer_id, body.confirm);
    return bulk(body.ticket_ids, (id) => tickets.assign(lead, id, body.designer_id, body.confirm));
  }

  async function bulkTransfer(lead: Designer, body: { ticket_ids: number[]; designer_id: string; reason: string; confirm: AssignRisk[] }): Promise<BulkResult> {
    await checkBulkTarget(leadTeamOf(lead), body.designer_id);
    await tickets.checkBulkRisks(lead, body.ticket_ids, body.designer_id, body.confirm);
    return bulk(body.ticket_ids, (id) => tickets.transfer(lead, id, body.designer_id, body.reason, body.confirm));
  }

  // -- allocation rules ----------------------------------------------------------------------------

  /** The team's allocation rules (the defaults until a lead changes them). */
  async function allocationRules(lead: Designer) {
    const { updated_by, ...rules } = await findAllocationRules(db, leadTeamOf(lead, '只有团队负责人可以查看分配规则'));
    const by = updated_by === null ? undefined : await findDesignerNames(db, updated_by);
    return { ...rules, updated_by_name: by ? displayName({ id: updated_by!, ...by }) : null };
  }

  async function updateAllocationRules(lead: Designer, body: AllocationRules) {
    const teamId = leadTeamOf(lead, '只有团队负责人可以修改分配规则');
    await unitOfWork((trx) => saveAllocationRules(trx, teamId, body, lead.id, nowIso()));
    return allocationRules(lead);
  }

  // -- expense statements --------------------------------------------------------------------------

  function statements(lead: Designer, page: number, pageSize: number) {
    return listStatements(db, leadTeamOf(lead), page, pageSize);
  }

  /**
   * A statement with its members' settlements (by designer); 404 when the team has none in that
   * period. A lead sees the whole team (`scope: 'team'`); anyone else sees only their own share
   * (`scope: 'own'`: their own settlement, the totals are theirs), 404 when they have none.
   */
  async function statementDetail(me: Designer, periodStart: string) {
    if (me.designer_type !== 0 || me.team_id === null) return ownShare(me, periodStart);
    const statement = await findStatement(db, me.team_id, periodStart);
    if (!statement) throw notFound('费用结算单不存在');
    return { ...statement, scope: 'team' as const, members: await periodSettlements(db, me.team_id, periodStart) };
  }

  async function ownShare(me: Designer, periodStart: string) {
    const own = await ownPeriodSettlement(db, me.id, periodStart);
    if (!own) throw notFound('费用结算单不存在');
    return {
      statement_id: own.period_start,
      period_start: own.period_start,
      period_end: own.period_end,
      member_count: 1,
      gross_cents: own.gross_cents,
      deduction_cents: own.deduction_cents,
      adjustment_cents: own.adjustment_cents,
      net_cents: own.net_cents,
      status_counts: { open: own.status === 'open' ? 1 : 0, confirmed: own.status === 'confirmed' ? 1 : 0, paid: own.status === 'paid' ? 1 : 0 },
      scope: 'own' as const,
      members: [own],
    };
  }

  /** A statement as a table: one row per member's settlement, then a total row (合计). */
  async function statementExport(lead: Designer, periodStart: string): Promise<{ baseName: string; table: Table }> {
    leadTeamOf(lead);
    const s = await statementDetail(lead, periodStart);
    const total: Cell[] = ['合计', `${s.member_count}人`, day(s.period_start), day(s.period_end), '', money(s.gross_cents), money(s.deduction_cents), money(s.adjustment_cents), money(s.net_cents), s.members.reduce((a, m) => a + m.line_count, 0)];
    return { baseName: `团队费用结算单_${s.period_start}_${s.period_end}`, table: tableOf(`团队费用${s.period_start}`, settlementSummaryColumns, s.members, [total]) };
  }

  return { board, dailyDetail, listDesigners, designerDetail, updateDesigner, bulkAssign, bulkTransfer, allocationRules, updateAllocationRules, statements, statementDetail, statementExport };
}
