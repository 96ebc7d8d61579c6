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
 *
 * The SQL of each step is in settlement.repository.ts; this file holds the rules.
 */
import type { Db } from '../../db/database.js';
import { nowIso } from '../../lib/time.js';
import { addDays, periodOf, type SettlementPeriod } from './period.js';
import type { LineKind } from './settlement.schemas.js';
import { addToTotals, designerTeamId, insertLine, lockOpenSettlement, openSettlement, postedLine, settlementCovering } from './settlement.repository.js';
import { shanghaiDay } from '../../domain/calendar.js';

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
    let s = await settlementCovering(trx, designerId, day);
    if (!s) {
      const p = periodOf(day, kind);
      if (teamId === undefined) teamId = await designerTeamId(trx, designerId);
      s = await openSettlement(trx, { designerId, teamId, period: p, now });
    }
    // Locks the row while it is open: a confirm in flight either waits for this posting or has won.
    if (await lockOpenSettlement(trx, s.id, now)) return s;
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
  if (await postedLine(trx, line.refKey)) return null;
  const s = await openSettlementFor(trx, line.designerId, shanghaiDay(Date.parse(line.at)), period, now);
  const lineId = await insertLine(trx, {
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
  });
  if (lineId === undefined) return null; // a concurrent posting of the same event won
  await addToTotals(trx, s.id, totalsDelta(line.kind, line.amountCents), now);
  return { lineId, settlementId: s.id, periodStart: s.period_start, periodEnd: s.period_end };
}

export const feeRef = (ticketId: number, designerId: number) => `fee:${ticketId}:${designerId}`;
export const deductionRef = (deductionId: number) => `deduction:${deductionId}`;
export const appealRef = (appealId: number) => `appeal:${appealId}`;
