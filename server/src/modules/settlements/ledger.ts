/**
 * The write side of settlements: every posting (a ticket fee, a deduction, an appeal's adjustment)
 * goes through `postLine`, inside the transaction of the event that causes it.
 *
 * - `ref_key` (unique) makes each posting happen at most once, also under concurrency.
 * - The line goes to the designer's settlement of the period containing the event's Asia/Shanghai
 *   day; when that one is confirmed or paid, to the next open period (created when missing).
 * - The settlement's totals move in the same transaction as the line is written, so they always
 *   equal the sum of the lines. The target settlement's row is locked (a conditional UPDATE on
 *   `status = 'open'`) before the line is written: a concurrent confirm waits for this posting, or
 *   has already happened and the line moves on to the next period.
 */
import type { Db } from '../../db/database.js';
import { nowIso } from '../../lib/time.js';
import { addDays, periodOf, type SettlementPeriod } from './period.js';
import { shanghaiDay } from '../../domain/calendar.js';

export const LINE_KINDS = ['fee', 'deduction', 'adjustment'] as const;
export type LineKind = (typeof LINE_KINDS)[number];

export interface LineInput {
  designerId: number;
  kind: LineKind;
  /** Signed cents: fees ≥ 0, deductions < 0, adjustments either way (never 0). */
  amountCents: number;
  /** What was posted, once: `fee:<ticket_id>:<designer_id>`, `deduction:<id>`, `appeal:<id>`. */
  refKey: string;
  /** When the event happened (ISO); picks the period. */
  at: string;
  ticketId?: number | null;
  deductionId?: number | null;
  appealId?: number | null;
  description: string;
}

export interface PostedLine {
  lineId: number;
  settlementId: number;
  periodStart: string;
  periodEnd: string;
}

/** How each kind of line moves the totals. */
export function totalsDelta(kind: LineKind, amountCents: number) {
  return {
    gross: kind === 'fee' ? amountCents : 0,
    deduction: kind === 'deduction' ? -amountCents : 0,
    adjustment: kind === 'adjustment' ? amountCents : 0,
    net: amountCents,
  };
}

function checkAmount(line: LineInput) {
  const a = line.amountCents;
  const ok =
    Number.isSafeInteger(a) && (line.kind === 'fee' ? a >= 0 : line.kind === 'deduction' ? a < 0 : a !== 0);
  if (!ok) throw new Error(`settlement line ${line.refKey}: ${line.kind} amount ${a} is not allowed`);
}

/**
 * The open settlement a line dated `day` belongs to, locked for this transaction: the one whose
 * period contains the day, or the next open one after a confirmed/paid period.
 */
async function openSettlementFor(trx: Db, designerId: number, day: string, kind: SettlementPeriod, now: string) {
  let teamId: number | null | undefined;
  for (let hops = 0; hops < 1000; hops++) {
    let s = await trx
      .selectFrom('settlements')
      .select(['id', 'status', 'period_start', 'period_end'])
      .where('designer_id', '=', designerId)
      .where('period_start', '<=', day)
      .where('period_end', '>=', day)
      .orderBy('period_start', 'desc')
      .executeTakeFirst();
    if (!s) {
      const p = periodOf(day, kind);
      if (teamId === undefined) {
        const d = await trx.selectFrom('designers').select('team_id').where('id', '=', designerId).executeTakeFirstOrThrow();
        teamId = d.team_id;
      }
      await trx
        .insertInto('settlements')
        .values({ designer_id: designerId, team_id: teamId, period_start: p.start, period_end: p.end, status: 'open', created_at: now, updated_at: now })
        .onConflict((oc) => oc.columns(['designer_id', 'period_start']).doNothing())
        .execute();
      s = await trx
        .selectFrom('settlements')
        .select(['id', 'status', 'period_start', 'period_end'])
        .where('designer_id', '=', designerId)
        .where('period_start', '=', p.start)
        .executeTakeFirstOrThrow();
    }
    // Locks the row while it is open: a confirm in flight either waits for this posting or has won.
    const locked = await trx
      .updateTable('settlements')
      .set({ updated_at: now })
      .where('id', '=', s.id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (Number(locked.numUpdatedRows) === 1) return s;
    day = addDays(s.period_end, 1);
  }
  throw new Error(`no open settlement found for designer ${designerId}`);
}

/**
 * Posts one line (see the module comment). Returns the line, or null when `refKey` was posted
 * before (nothing changes then).
 */
export async function postLine(trx: Db, line: LineInput, period: SettlementPeriod, now: string = nowIso()): Promise<PostedLine | null> {
  checkAmount(line);
  const seen = await trx.selectFrom('settlement_lines').select('id').where('ref_key', '=', line.refKey).executeTakeFirst();
  if (seen) return null;
  const s = await openSettlementFor(trx, line.designerId, shanghaiDay(Date.parse(line.at)), period, now);
  const inserted = await trx
    .insertInto('settlement_lines')
    .values({
      settlement_id: s.id,
      designer_id: line.designerId,
      kind: line.kind,
      amount_cents: line.amountCents,
      ticket_id: line.ticketId ?? null,
      deduction_id: line.deductionId ?? null,
      appeal_id: line.appealId ?? null,
      description: line.description,
      ref_key: line.refKey,
      created_at: now,
    })
    .onConflict((oc) => oc.column('ref_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return null; // a concurrent posting of the same event won
  const d = totalsDelta(line.kind, line.amountCents);
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
    .where('id', '=', s.id)
    .execute();
  return { lineId: inserted.id, settlementId: s.id, periodStart: s.period_start, periodEnd: s.period_end };
}

/** The posted line of a reference (e.g. a ticket's fee for a designer), if any. */
export function postedLine(db: Db, refKey: string) {
  return db.selectFrom('settlement_lines').selectAll().where('ref_key', '=', refKey).executeTakeFirst();
}

export const feeRef = (ticketId: number, designerId: number) => `fee:${ticketId}:${designerId}`;
export const deductionRef = (deductionId: number) => `deduction:${deductionId}`;
export const appealRef = (appealId: number) => `appeal:${appealId}`;
