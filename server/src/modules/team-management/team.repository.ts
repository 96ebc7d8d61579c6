/**
 * Reads of team management: the lead's team, its members, the board, the designer list and detail,
 * the daily detail and the expense statements. Every function takes `db` first.
 */
import type { Db, Dialect } from '../../db/database.js';
import type { Designer } from '../../db/schema.js';
import { forbidden, invalid, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { settlementQuery, toSettlement, type SettlementView } from '../settlements/index.js';
import { listTickets, listQuerySchema } from '../tickets/index.js';
import { dayCell, designerFigures, figures, loadBoard } from './board.repository.js';
import { MAX_PERIOD_DAYS } from './team.schemas.js';
import { addDays, daysBetween, today } from '../../domain/calendar.js';
import { displayName, designerCode, parseDesignerCode } from '../../domain/designers.js';

/** The team of a lead (designer_type 0 with a team); 403 for everyone else. */
export function leadTeamOf(me: Designer): number {
  if (me.designer_type !== 0 || me.team_id === null) throw forbidden('只有团队负责人可以管理团队');
  return me.team_id;
}

export type Member = Pick<Designer, 'id' | 'real_name' | 'nickname' | 'phone' | 'designer_type' | 'online_ticket_status' | 'daily_capacity' | 'team_id'>;

const MEMBER_COLUMNS = ['id', 'real_name', 'nickname', 'phone', 'designer_type', 'online_ticket_status', 'daily_capacity', 'team_id'] as const;

/** The team's designers (every member but its leads), by id. */
export function teamMembers(db: Db, teamId: number): Promise<Member[]> {
  return db.selectFrom('designers').select(MEMBER_COLUMNS).where('team_id', '=', teamId).where('designer_type', '<>', 0).orderBy('id').execute();
}

/** A member of the team by designer code; 404 for anyone else. */
export async function teamMember(db: Db, teamId: number, code: string): Promise<Member> {
  const id = parseDesignerCode(code);
  const d = id
    ? await db.selectFrom('designers').select(MEMBER_COLUMNS).where('id', '=', id).where('team_id', '=', teamId).where('designer_type', '<>', 0).executeTakeFirst()
    : undefined;
  if (!d) throw notFound('设计师不存在');
  return d;
}

export function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

/** The period of a query: `to` defaults to today, `from` to 29 days before `to`; at most 92 days. */
export function resolvePeriod(q: { from?: string; to?: string }): { from: string; to: string } {
  const to = q.to ?? (q.from && q.from > today() ? q.from : today());
  const from = q.from ?? addDays(to, -29);
  if (from > to) throw invalid('to', '结束日期不能早于开始日期');
  if (daysBetween(from, to).length > MAX_PERIOD_DAYS) throw invalid('to', `查询区间不能超过${MAX_PERIOD_DAYS}天`);
  return { from, to };
}

// ---------------------------------------------------------------------------------------------
// Board and daily detail

export async function board(db: Db, dialect: Dialect, teamId: number, from: string, to: string) {
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

export async function dailyDetail(db: Db, dialect: Dialect, teamId: number, from: string, to: string, designerCodeFilter?: string) {
  const members = designerCodeFilter ? [await teamMember(db, teamId, designerCodeFilter)] : await teamMembers(db, teamId);
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

// ---------------------------------------------------------------------------------------------
// Designers

/** The designer rows (status, load, capacity, products, 30-day quality) of some members. */
export async function designerRows(db: Db, dialect: Dialect, teamId: number, members: Member[]) {
  if (!members.length) return [];
  const ids = members.map((m) => m.id);
  const day = today();
  const [products, loads, cells, raw] = await Promise.all([
    db
      .selectFrom('designer_products as dp')
      .innerJoin('products as p', 'p.id', 'dp.product_id')
      .select(['dp.designer_id', 'p.id', 'p.name'])
      .where('dp.designer_id', 'in', ids)
      .orderBy('p.id')
      .execute(),
    db.selectFrom('designer_loads').select(['designer_id', 'assigned_today']).where('designer_id', 'in', ids).where('day', '=', day).execute(),
    db
      .selectFrom('order_plan_cells as pc')
      .innerJoin('order_plans as op', 'op.id', 'pc.plan_id')
      .select(['pc.designer_id', 'pc.capacity'])
      .where('op.team_id', '=', teamId)
      .where('pc.day', '=', day)
      .where('pc.designer_id', 'in', ids)
      .execute(),
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

/** LIKE pattern matching `value` literally (escape `\`). */
function likeContains(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listDesigners(db: Db, dialect: Dialect, teamId: number, q: { keyword?: string; page: number; pageSize: number }) {
  let base = db.selectFrom('designers').where('team_id', '=', teamId).where('designer_type', '<>', 0);
  const keyword = q.keyword?.trim();
  if (keyword) {
    const pattern = likeContains(keyword);
    const id = parseDesignerCode(keyword.toUpperCase());
    base = base.where((eb) =>
      eb.or([
        eb('real_name', 'like', eb.val(pattern)),
        eb('nickname', 'like', eb.val(pattern)),
        eb('phone', 'like', eb.val(pattern)),
        ...(id !== undefined ? [eb('id', '=', id)] : []),
      ]),
    );
  }
  const [members, count] = await Promise.all([
    base
      .select(MEMBER_COLUMNS)
      .orderBy('id')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: await designerRows(db, dialect, teamId, members), total: Number(count.n), page: q.page, pageSize: q.pageSize };
}

export async function designerDetail(db: Db, dialect: Dialect, teamId: number, member: Member) {
  const [row] = await designerRows(db, dialect, teamId, [member]);
  const [tickets, settlements, history] = await Promise.all([
    listTickets(db, {
      scope: { kind: 'team', teamId, designerId: member.id },
      filters: listQuerySchema.parse({}),
      sortBy: 'created_at',
      sortOrder: 'desc',
      page: 1,
      pageSize: 20,
      now: nowIso(),
    }),
    settlementQuery(db).where('settlements.designer_id', '=', member.id).orderBy('settlements.period_start', 'desc').limit(8).execute(),
    db
      .selectFrom('allocations as a')
      .innerJoin('tickets as t', 't.id', 'a.ticket_id')
      .select(['a.ticket_id', 't.order_no', 'a.how', 'a.assigned_at', 'a.ended_at', 'a.end_reason'])
      .where('a.designer_id', '=', member.id)
      .orderBy('a.assigned_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(50)
      .execute(),
  ]);
  return {
    ...row!,
    recent_tickets: tickets.items,
    settlements: settlements.map(toSettlement),
    history: history.map((h) => ({ ...h, how: h.how as 'system' | 'manual' | 'hall' | 'transfer' })),
  };
}

// ---------------------------------------------------------------------------------------------
// Expense statements (rolled up from the members' settlements of one period)

export interface Statement {
  statement_id: string;
  period_start: string;
  period_end: string;
  member_count: number;
  gross_cents: number;
  deduction_cents: number;
  adjustment_cents: number;
  net_cents: number;
  status_counts: { open: number; confirmed: number; paid: number };
}

function statementQuery(db: Db, teamId: number) {
  return db
    .selectFrom('settlements')
    .where('team_id', '=', teamId)
    .select((eb) => [
      'period_start',
      eb.fn.max('period_end').as('period_end'),
      eb.fn.countAll<number>().as('member_count'),
      eb.fn.sum<number>('gross_cents').as('gross_cents'),
      eb.fn.sum<number>('deduction_cents').as('deduction_cents'),
      eb.fn.sum<number>('adjustment_cents').as('adjustment_cents'),
      eb.fn.sum<number>('net_cents').as('net_cents'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'open').then(1).else(0).end()).as('open'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'confirmed').then(1).else(0).end()).as('confirmed'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'paid').then(1).else(0).end()).as('paid'),
    ])
    .groupBy('period_start');
}

type StatementRow = Awaited<ReturnType<ReturnType<typeof statementQuery>['executeTakeFirstOrThrow']>>;

function toStatement(r: StatementRow): Statement {
  return {
    statement_id: r.period_start,
    period_start: r.period_start,
    period_end: String(r.period_end),
    member_count: Number(r.member_count),
    gross_cents: Number(r.gross_cents ?? 0),
    deduction_cents: Number(r.deduction_cents ?? 0),
    adjustment_cents: Number(r.adjustment_cents ?? 0),
    net_cents: Number(r.net_cents ?? 0),
    status_counts: { open: Number(r.open ?? 0), confirmed: Number(r.confirmed ?? 0), paid: Number(r.paid ?? 0) },
  };
}

export async function listStatements(db: Db, teamId: number, page: number, pageSize: number) {
  const [rows, count] = await Promise.all([
    statementQuery(db, teamId)
      .orderBy('period_start', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('settlements')
      .where('team_id', '=', teamId)
      .select((eb) => eb.fn.count<number>('period_start').distinct().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toStatement), total: Number(count.n), page, pageSize };
}

/** A statement with its members' settlements (by designer); 404 when the team has none in that period. */
export async function statementDetail(db: Db, teamId: number, periodStart: string): Promise<Statement & { members: SettlementView[] }> {
  const row = await statementQuery(db, teamId).where('period_start', '=', periodStart).executeTakeFirst();
  if (!row) throw notFound('费用结算单不存在');
  const members = await settlementQuery(db)
    .where('settlements.team_id', '=', teamId)
    .where('settlements.period_start', '=', periodStart)
    .orderBy('settlements.designer_id')
    .execute();
  return { ...toStatement(row), members: members.map(toSettlement) };
}
