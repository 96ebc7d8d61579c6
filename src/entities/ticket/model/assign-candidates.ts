import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '@/shared/api';
import { ASSIGN_RISKS, type AssignRisk, RISK_TEXT } from '@/shared/contract';

/** The risks of giving tickets to a designer: the contract shared with the server. */
export { ASSIGN_RISKS, type AssignRisk, RISK_TEXT };

/** GET tickets/assign-candidates: every assignable designer of the team with the risks of giving them the tickets. */
export const assignCandidatesSchema = z.object({
  ticket_count: z.number(),
  products: z.array(z.object({ product_id: z.number(), name: z.string() })),
  designers: z.array(
    z.object({
      designer_id: z.string(),
      designer_name: z.string(),
      online: z.boolean(),
      load_today: z.number(),
      capacity_today: z.number(),
      qualified: z.boolean(),
      risks: z.array(z.enum(ASSIGN_RISKS)),
    }),
  ),
});
export type AssignCandidates = z.output<typeof assignCandidatesSchema>;
export type AssignCandidate = AssignCandidates['designers'][number];

/** How a risk of this designer reads, with the figure for capacity: 超出今日接单上限（今日已接 5/上限 5，再加 2 张） */
export function riskText(risk: AssignRisk, d: Pick<AssignCandidate, 'load_today' | 'capacity_today'>, count: number): string {
  return risk === 'over_capacity' ? `${RISK_TEXT[risk]}（今日已接 ${d.load_today}/上限 ${d.capacity_today}，本次 ${count} 张）` : RISK_TEXT[risk];
}

export const assignCandidateQueries = {
  all: () => ['ticket', 'assign-candidates'] as const,
  /** The candidates for these tickets (fresh each time a dialog opens: loads change all day). */
  forTickets: (ticketIds: readonly number[]) =>
    queryOptions({
      queryKey: [...assignCandidateQueries.all(), [...ticketIds].sort((a, b) => a - b).join(',')] as const,
      queryFn: ({ signal }) => http.get('tickets/assign-candidates', assignCandidatesSchema, { searchParams: { ticket_ids: ticketIds.join(',') }, signal }),
      staleTime: 0,
      enabled: ticketIds.length > 0,
    }),
};
