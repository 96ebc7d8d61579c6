/**
 * Safe assignment (issue #24): what a lead's assignment or transfer to a designer risks, and the
 * refusal when the lead has not confirmed every risk. No SQL: the facts are
 * allocation.repository.ts `assignmentFacts`.
 *
 * - `offline`: the designer does not accept tickets now (online_ticket_status 0).
 * - `over_capacity`: today's count plus the tickets being given exceeds today's capacity (the
 *   order-plan cell or daily_capacity, as the team's rules say).
 * - `unqualified`: the designer is not qualified for the product of one of the tickets.
 */
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { ASSIGN_RISKS, type AssignRisk, RISK_TEXT } from '../../../../src/shared/contract/assignment.js';

export { ASSIGN_RISKS, type AssignRisk, RISK_TEXT };

export const assignRiskSchema = z.enum(ASSIGN_RISKS, { error: '确认的风险只能是 offline、over_capacity 或 unqualified' });

/** The `confirm` of an assignment body: the risks the lead accepts, each at most once. */
export const confirmSchema = z
  .array(assignRiskSchema, { error: '确认的风险须为列表' })
  .max(ASSIGN_RISKS.length, { error: '确认的风险重复' })
  .refine((v) => new Set(v).size === v.length, { error: '确认的风险重复' })
  .default([])
  .describe('Risks of the target the lead accepts: offline, over_capacity, unqualified. Without each risk the target has, the call is 409.');

export interface DesignerFacts {
  online: boolean;
  today: number;
  capacity: number;
  /** The products (of those asked about) the designer is qualified for. */
  products: number[];
}

/** The risks of giving `count` more tickets of `productIds` to the designer, in ASSIGN_RISKS order. */
export function risksOf(f: DesignerFacts, productIds: readonly number[], count: number): AssignRisk[] {
  const risks: AssignRisk[] = [];
  if (!f.online) risks.push('offline');
  if (f.today + count > f.capacity) risks.push('over_capacity');
  if (productIds.some((p) => !f.products.includes(p))) risks.push('unqualified');
  return risks;
}

/** The risks the lead has not confirmed. */
export function unconfirmed(risks: readonly AssignRisk[], confirm: readonly AssignRisk[]): AssignRisk[] {
  return risks.filter((r) => !confirm.includes(r));
}

/** How a risk of this designer reads with its figure (超出今日接单上限（今日已接5/上限5）). */
export function riskText(r: AssignRisk, f: Pick<DesignerFacts, 'today' | 'capacity'>): string {
  return r === 'over_capacity' ? `${RISK_TEXT[r]}（今日已接${f.today}/上限${f.capacity}）` : RISK_TEXT[r];
}

/** 409: the target has risks the lead did not confirm; `data.risks` lists every risk of the target. */
export function riskConflict(name: string, risks: AssignRisk[], f: Pick<DesignerFacts, 'today' | 'capacity'>): AppError {
  const texts = risks.map((r) => riskText(r, f)).join('、');
  return new AppError(409, `设计师${name}${texts}，请确认后再指派`, undefined, { risks });
}
