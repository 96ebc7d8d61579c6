/**
 * The SQL of settlements: reads (lists, detail with lines, team roll-ups), the wire mapping and the
 * export tables, and the writes of the ledger (ledger.ts decides which settlement a line goes to)
 * and of a lead's confirm and pay. Every function takes `db` or a transaction first. Team expense
 * statements reuse `listSettlements`, `toSettlement`, `teamPeriodTotals` and `settlementTable`.
 */
import type { Db } from '../../db/database.js';
import type { Insertable } from 'kysely';
import type { SettlementLineTable } from '../../db/schema.js';
import { type Cell, type Column, day, instant, money, type Table, tableOf } from '../../lib/tabular-export.js';
import type { Period } from './period.js';
import type { LineKind, SettlementDetail, SettlementLineView, SettlementStatus, SettlementView } from './settlement.schemas.js';
import { designerCode } from '../../domain/designers.js';

const COLUMNS = [
  'settlements.id',
  'settlements.designer_id',
  'settlements.team_id',
  'settlements.period_start',
  'settlements.period_end',
  'settlements.status',
  'settlements.gross_cents',
  'settlements.deduction_cents',
  'settlements.adjustment_cents',
  'settlements.net_cents',
  'settlements.line_count',
  'settlements.confirmed_at',
  'settlements.paid_at',
  'designers.real_name',
  'designers.nickname',
] as const;

/** Settlements with the designer's name. */
export function settlementQuery(db: Db) {
  return db.selectFrom('settlements').innerJoin('designers', 'designers.id', 'settlements.designer_id').select(COLUMNS);
}

export type SettlementRow = Awaited<ReturnType<ReturnType<typeof settlementQuery>['executeTakeFirstOrThrow']>>;

/** The wire form of a settlement row (summary: totals, no lines). */
export function toSettlement(r: SettlementRow): SettlementView {
  return {
    settlement_id: r.id,
    designer_id: designerCode(r.designer_id),
    designer_name: r.real_name || r.nickname || designerCode(r.designer_id),
    period_start: r.period_start,
    period_end: r.period_end,
    status: r.status as SettlementStatus,
    gross_cents: Number(r.gross_cents),
    deduction_cents: Number(r.deduction_cents),
    adjustment_cents: Number(r.adjustment_cents),
    net_cents: Number(r.net_cents),
    line_count: Number(r.line_count),
    confirmed_at: r.confirmed_at,
    paid_at: r.paid_at,
  };
}

export interface SettlementFilters {
  /** One designer's settlements… */
  designerId?: number;
  /** …or a team's (settlements opened while the designer was in it). */
  teamId?: number;
  status?: SettlementStatus;
  /** Periods ending on or after this day. */
  from?: string;
  /** Periods starting on or before this day. */
  to?: string;
}

function filtered(db: Db, f: SettlementFilters) {
  let q = settlementQuery(db);
  if (f.designerId !== undefined) q = q.where('settlements.designer_id', '=', f.designerId);
  if (f.teamId !== undefined) q = q.where('settlements.team_id', '=', f.teamId);
  if (f.status) q = q.where('settlements.status', '=', f.status);
  if (f.from) q = q.where('settlements.period_end', '>=', f.from);
  if (f.to) q = q.where('settlements.period_start', '<=', f.to);
  return q;
}

/** One page of settlements, newest period first. */
export async function listSettlements(db: Db, f: SettlementFilters, page: number, pageSize: number): Promise<{ items: SettlementView[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .orderBy('settlements.period_start', 'desc')
      .orderBy('settlements.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    filtered(db, f)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toSettlement), total: Number(count.n) };
}

export function findSettlement(db: Db, id: number) {
  return settlementQuery(db).where('settlements.id', '=', id).executeTakeFirst();
}

/** The lines of a settlement in posting order, with the ticket's order number. */
export async function settlementLines(db: Db, settlementId: number): Promise<SettlementLineView[]> {
  const rows = await db
    .selectFrom('settlement_lines')
    .leftJoin('tickets', 'tickets.id', 'settlement_lines.ticket_id')
    .select([
      'settlement_lines.id',
      'settlement_lines.kind',
      'settlement_lines.amount_cents',
      'settlement_lines.ticket_id',
      'settlement_lines.deduction_id',
      'settlement_lines.appeal_id',
      'settlement_lines.description',
      'settlement_lines.created_at',
      'tickets.order_no',
    ])
    .where('settlement_lines.settlement_id', '=', settlementId)
    .orderBy('settlement_lines.id')
    .execute();
  return rows.map((r) => ({
    line_id: r.id,
    kind: r.kind as LineKind,
    amount_cents: Number(r.amount_cents),
    ticket_id: r.ticket_id,
    order_no: r.order_no ?? null,
    deduction_id: r.deduction_id,
    appeal_id: r.appeal_id,
    description: r.description,
    created_at: r.created_at,
  }));
}

export async function settlementDetail(db: Db, id: number): Promise<SettlementDetail | undefined> {
  const row = await findSettlement(db, id);
  if (!row) return undefined;
  return { ...toSettlement(row), lines: await settlementLines(db, id) };
}

export interface PeriodTotals {
  period_start: string;
  period_end: string;
  settlements: number;
  gross_cents: number;
  deduction_cents: number;
  adjustment_cents: number;
  net_cents: number;
  line_count: number;
}

/** A team's settlements rolled up per period (newest first): the team expense statement's figures. */
export async function teamPeriodTotals(db: Db, teamId: number, range: { from?: string; to?: string } = {}): Promise<PeriodTotals[]> {
  let q = db
    .selectFrom('settlements')
    .where('team_id', '=', teamId)
    .select((eb) => [
      'period_start',
      eb.fn.max('period_end').as('period_end'),
      eb.fn.countAll<number>().as('settlements'),
      eb.fn.sum<number>('gross_cents').as('gross_cents'),
      eb.fn.sum<number>('deduction_cents').as('deduction_cents'),
      eb.fn.sum<number>('adjustment_cents').as('adjustment_cents'),
      eb.fn.sum<number>('net_cents').as('net_cents'),
      eb.fn.sum<number>('line_count').as('line_count'),
    ])
    .groupBy('period_start')
    .orderBy('period_start', 'desc');
  if (range.from) q = q.where('period_end', '>=', range.from);
  if (range.to) q = q.where('period_start', '<=', range.to);
  const rows = await q.execute();
  return rows.map((r) => ({
    period_start: r.period_start,
    period_end: String(r.period_end),
    settlements: Number(r.settlements),
    gross_cents: Number(r.gross_cents ?? 0),
    deduction_cents: Number(r.deduction_cents ?? 0),
    adjustment_cents: Number(r.adjustment_cents ?? 0),
    net_cents: Number(r.net_cents ?? 0),
    line_count: Number(r.line_count ?? 0),
  }));
}

// ---------------------------------------------------------------------------------------------
// Writes of the ledger (ledger.ts): each runs in the transaction of the event that posts a line.

const OPEN_COLUMNS = ['id', 'status', 'period_start', 'period_end'] as const;

/** The designer's settlement whose period contains `day`, if any. */
export function settlementCovering(trx: Db, designerId: number, day: string) {
  return trx
    .selectFrom('settlements')
    .select(OPEN_COLUMNS)
    .where('designer_id', '=', designerId)
    .where('period_start', '<=', day)
    .where('period_end', '>=', day)
    .orderBy('period_start', 'desc')
    .executeTakeFirst();
}

/** The designer's current team (a new settlement belongs to it). */
export async function designerTeamId(trx: Db, designerId: number): Promise<number | null> {
  const d = await trx.selectFrom('designers').select('team_id').where('id', '=', designerId).executeTakeFirstOrThrow();
  return d.team_id;
}

/** Opens the designer's settlement of a period (a concurrent opening wins quietly) and reads it. */
export async function openSettlement(trx: Db, s: { designerId: number; teamId: number | null; period: Period; now: string }) {
  await trx
    .insertInto('settlements')
    .values({ designer_id: s.designerId, team_id: s.teamId, period_start: s.period.start, period_end: s.period.end, status: 'open', created_at: s.now, updated_at: s.now })
    .onConflict((oc) => oc.columns(['designer_id', 'period_start']).doNothing())
    .execute();
  return trx
    .selectFrom('settlements')
    .select(OPEN_COLUMNS)
    .where('designer_id', '=', s.designerId)
    .where('period_start', '=', s.period.start)
    .executeTakeFirstOrThrow();
}

/** Locks a settlement's row for this transaction if it is still open; false when it is not. */
export async function lockOpenSettlement(trx: Db, id: number, now: string): Promise<boolean> {
  const locked = await trx
    .updateTable('settlements')
    .set({ updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(locked.numUpdatedRows) === 1;
}

/** Writes a line; undefined when its `ref_key` was posted already (also by a concurrent posting). */
export async function insertLine(trx: Db, line: Insertable<SettlementLineTable>): Promise<number | undefined> {
  const inserted = await trx
    .insertInto('settlement_lines')
    .values(line)
    .onConflict((oc) => oc.column('ref_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

/** Moves a settlement's totals by a line's amounts and counts the line. */
export async function addToTotals(
  trx: Db,
  id: number,
  d: { gross: number; deduction: number; adjustment: number; net: number },
  now: string,
): Promise<void> {
  await trx
    .updateTable('settlements')
    .set((eb) => ({
      gross_cents: eb('gross_cents', '+', d.gross),
      deduction_cents: eb('deduction_cents', '+', d.deduction),
      adjustment_cents: eb('adjustment_cents', '+', d.adjustment),
      net_cents: eb('net_cents', '+', d.net),
      line_count: eb('line_count', '+', 1),
      updated_at: now,
    }))
    .where('id', '=', id)
    .execute();
}

/** The posted line of a reference (e.g. a ticket's fee for a designer), if any. */
export function postedLine(db: Db, refKey: string) {
  return db.selectFrom('settlement_lines').selectAll().where('ref_key', '=', refKey).executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------
// A lead's confirm and pay: conditional on the state read, so only one of two concurrent calls wins.

/** open → confirmed; false when the settlement was no longer open. */
export async function markConfirmed(db: Db, id: number, now: string): Promise<boolean> {
  const r = await db
    .updateTable('settlements')
    .set({ status: 'confirmed', confirmed_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** confirmed → paid; false when the settlement was no longer confirmed. */
export async function markPaid(db: Db, id: number, now: string): Promise<boolean> {
  const r = await db
    .updateTable('settlements')
    .set({ status: 'paid', paid_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'confirmed')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A designer's id and team (whose data a lead may read). */
export function findDesignerTeam(db: Db, id: number) {
  return db.selectFrom('designers').select(['id', 'team_id']).where('id', '=', id).executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------
// Export tables

export const LINE_KIND_NAMES: Record<LineKind, string> = { fee: '工单费用', deduction: '扣款', adjustment: '调整' };
export const SETTLEMENT_STATUS_NAMES: Record<SettlementStatus, string> = { open: '待确认', confirmed: '已确认', paid: '已支付' };

const lineColumns: Column<SettlementLineView>[] = [
  { header: '类型', value: (l) => LINE_KIND_NAMES[l.kind] },
  { header: '订单号', value: (l) => l.order_no ?? '' },
  { header: '说明', value: (l) => l.description },
  { header: '金额（元）', value: (l) => money(l.amount_cents) },
  { header: '入账时间', value: (l) => instant(l.created_at) },
];

/** A settlement as an export table: its lines, then the totals (费用合计, 扣款合计, 调整合计, 实发). */
export function settlementTable(s: SettlementDetail): Table {
  const total = (label: string, cents: number): Cell[] => [label, '', '', money(cents), ''];
  return tableOf(`${s.period_start}至${s.period_end}`, lineColumns, s.lines, [
    total('费用合计', s.gross_cents),
    total('扣款合计', -s.deduction_cents),
    total('调整合计', s.adjustment_cents),
    total('实发金额', s.net_cents),
  ]);
}

/** Settlements (summaries) as an export table, e.g. a team's statement. */
export const settlementSummaryColumns: Column<SettlementView>[] = [
  { header: '设计师编号', value: (s) => s.designer_id },
  { header: '设计师', value: (s) => s.designer_name },
  { header: '周期开始', value: (s) => day(s.period_start) },
  { header: '周期结束', value: (s) => day(s.period_end) },
  { header: '状态', value: (s) => SETTLEMENT_STATUS_NAMES[s.status] },
  { header: '费用（元）', value: (s) => money(s.gross_cents) },
  { header: '扣款（元）', value: (s) => money(s.deduction_cents) },
  { header: '调整（元）', value: (s) => money(s.adjustment_cents) },
  { header: '实发（元）', value: (s) => money(s.net_cents) },
  { header: '明细条数', value: (s) => s.line_count },
];
