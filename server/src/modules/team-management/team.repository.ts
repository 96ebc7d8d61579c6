/**
 * SQL of the team: its members and leads, the rows of the designer list and detail, the designers'
 * work settings, and the expense statements. The board's figure queries are board.repository.ts's.
 * Every function takes `db` or a transaction first.
 */
import type { Db } from '../../db/database.js';
import type { Designer } from '../../db/schema.js';
import { settlementQuery, toSettlement, type SettlementView } from '../settlements/index.js';
import { listTickets, listQuerySchema } from '../tickets/index.js';
import { parseDesignerCode } from '../../domain/designers.js';

// ---------------------------------------------------------------------------------------------
// Teams and members

export function findTeam(db: Db, teamId: number) {
  return db.selectFrom('teams').select(['id', 'name']).where('id', '=', teamId).executeTakeFirstOrThrow();
}

/** The team's name with its lead (`lead_*` null when the team has no lead). */
export function findTeamWithLead(db: Db, teamId: number) {
  return db
    .selectFrom('teams')
    .leftJoin('designers', 'designers.id', 'teams.lead_id')
    .select(['teams.name', 'designers.id', 'designers.real_name', 'designers.nickname'])
    .where('teams.id', '=', teamId)
    .executeTakeFirstOrThrow();
}

/** The names and phone of a designer (for a message about them). */
export function findDesignerNames(db: Db, designerId: number) {
  return db.selectFrom('designers').select(['nickname', 'real_name', 'phone']).where('id', '=', designerId).executeTakeFirst();
}

/** What decides whether tickets may be given to a designer. */
export function findAssignee(db: Db, designerId: number) {
  return db.selectFrom('designers').select(['id', 'team_id', 'designer_type', 'account_status', 'current_registration_step']).where('id', '=', designerId).executeTakeFirst();
}

/**
 * Moves a designer who is in no team into `teamId` as a `member`. False when the designer is in a
 * team meanwhile (the condition is part of the update).
 */
export async function moveIntoTeam(db: Db, designerId: number, teamId: number, now: string): Promise<boolean> {
  const moved = await db
    .updateTable('designers')
    .set({ team_id: teamId, team_role: 'member', update_time: now })
    .where('id', '=', designerId)
    .where('team_id', 'is', null)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

export type Member = Pick<Designer, 'id' | 'real_name' | 'nickname' | 'phone' | 'designer_type' | 'online_ticket_status' | 'daily_capacity' | 'team_id'>;

const MEMBER_COLUMNS = ['id', 'real_name', 'nickname', 'phone', 'designer_type', 'online_ticket_status', 'daily_capacity', 'team_id'] as const;

/** The team's designers (every member but its leads), by id. */
export function teamMembers(db: Db, teamId: number): Promise<Member[]> {
  return db.selectFrom('designers').select(MEMBER_COLUMNS).where('team_id', '=', teamId).where('designer_type', '<>', 0).orderBy('id').execute();
}

/** A member of the team (not a lead) by id; undefined for anyone else. */
export function findTeamMember(db: Db, teamId: number, designerId: number): Promise<Member | undefined> {
  return db.selectFrom('designers').select(MEMBER_COLUMNS).where('id', '=', designerId).where('team_id', '=', teamId).where('designer_type', '<>', 0).executeTakeFirst();
}

/** LIKE pattern matching `value` literally (escape `\`). */
function likeContains(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of the team's members, by id, with the total. `keyword` matches a part of the name,
 * nickname or phone, or the whole designer code.
 */
export async function pageTeamMembers(db: Db, teamId: number, q: { keyword?: string; page: number; pageSize: number }) {
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
  return { members, total: Number(count.n) };
}

// ---------------------------------------------------------------------------------------------
// The designer list and detail

/** The products of these designers, by product id. */
export function designerProducts(db: Db, designerIds: number[]) {
  return db
    .selectFrom('designer_products as dp')
    .innerJoin('products as p', 'p.id', 'dp.product_id')
    .select(['dp.designer_id', 'p.id', 'p.name'])
    .where('dp.designer_id', 'in', designerIds)
    .orderBy('p.id')
    .execute();
}

/** How many tickets these designers were given on `day` (rows only for days with a count). */
export function designerLoadsOn(db: Db, designerIds: number[], day: string) {
  return db.selectFrom('designer_loads').select(['designer_id', 'assigned_today']).where('designer_id', 'in', designerIds).where('day', '=', day).execute();
}

/** The capacity of these designers on `day` in the team's order plan (rows only where a plan has a cell). */
export function planCapacitiesOn(db: Db, teamId: number, designerIds: number[], day: string) {
  return db
    .selectFrom('order_plan_cells as pc')
    .innerJoin('order_plans as op', 'op.id', 'pc.plan_id')
    .select(['pc.designer_id', 'pc.capacity'])
    .where('op.team_id', '=', teamId)
    .where('pc.day', '=', day)
    .where('pc.designer_id', 'in', designerIds)
    .execute();
}

/** The member's newest tickets of the team (the ticket list's item shape). */
export function recentTeamTickets(db: Db, teamId: number, designerId: number, limit: number, now: string) {
  return listTickets(db, {
    scope: { kind: 'team', teamId, designerIds: [designerId] },
    filters: listQuerySchema.parse({}),
    sortBy: 'created_at',
    sortOrder: 'desc',
    page: 1,
    pageSize: limit,
    now,
  });
}

/** The designer's latest settlements, newest period first. */
export async function recentSettlements(db: Db, designerId: number, limit: number): Promise<SettlementView[]> {
  const rows = await settlementQuery(db).where('settlements.designer_id', '=', designerId).orderBy('settlements.period_start', 'desc').limit(limit).execute();
  return rows.map(toSettlement);
}

/** The designer's latest allocations, newest first. */
export async function recentAllocations(db: Db, designerId: number, limit: number) {
  const rows = await db
    .selectFrom('allocations as a')
    .innerJoin('tickets as t', 't.id', 'a.ticket_id')
    .select(['a.ticket_id', 't.order_no', 'a.how', 'a.assigned_at', 'a.ended_at', 'a.end_reason'])
    .where('a.designer_id', '=', designerId)
    .orderBy('a.assigned_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((h) => ({ ...h, how: h.how as 'system' | 'manual' | 'hall' | 'transfer' }));
}

/** How many of these products exist. */
export async function countProducts(db: Db, productIds: number[]): Promise<number> {
  const found = await db.selectFrom('products').select('id').where('id', 'in', productIds).execute();
  return found.length;
}

export async function setDailyCapacity(db: Db, designerId: number, dailyCapacity: number, now: string): Promise<void> {
  await db.updateTable('designers').set({ daily_capacity: dailyCapacity, update_time: now }).where('id', '=', designerId).execute();
}

/** Replaces the designer's products with `productIds`. */
export async function replaceProducts(db: Db, designerId: number, productIds: number[]): Promise<void> {
  await db.deleteFrom('designer_products').where('designer_id', '=', designerId).execute();
  if (productIds.length) await db.insertInto('designer_products').values(productIds.map((product_id) => ({ designer_id: designerId, product_id }))).execute();
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

/** One page of the team's statements, newest period first, with the total. */
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

/** The team's statement of the period starting `periodStart`; undefined when it has none. */
export async function findStatement(db: Db, teamId: number, periodStart: string): Promise<Statement | undefined> {
  const row = await statementQuery(db, teamId).where('period_start', '=', periodStart).executeTakeFirst();
  return row && toStatement(row);
}

/** The members' settlements of one period, by designer. */
export async function periodSettlements(db: Db, teamId: number, periodStart: string): Promise<SettlementView[]> {
  const rows = await settlementQuery(db)
    .where('settlements.team_id', '=', teamId)
    .where('settlements.period_start', '=', periodStart)
    .orderBy('settlements.designer_id')
    .execute();
  return rows.map(toSettlement);
}

/** A designer's own settlement of one period in a team's statement (their share); undefined when they have none. */
export async function ownPeriodSettlement(db: Db, designerId: number, periodStart: string): Promise<SettlementView | undefined> {
  const row = await settlementQuery(db)
    .where('settlements.designer_id', '=', designerId)
    .where('settlements.period_start', '=', periodStart)
    .where('settlements.team_id', 'is not', null)
    .executeTakeFirst();
  return row && toSettlement(row);
}
