import * as z from 'zod/mini';

/** How the system picks the designer of a new ticket (GET/PUT /team/allocation-rules). */
export const ALLOCATION_STRATEGIES = ['least_loaded', 'round_robin'] as const;
export type AllocationStrategy = (typeof ALLOCATION_STRATEGIES)[number];

export const allocationRulesSchema = z.object({
  strategy: z.enum(ALLOCATION_STRATEGIES),
  skill_by_product: z.boolean(),
  capacity_from_plan: z.boolean(),
  updated_at: z.nullable(z.string()),
  updated_by_name: z.nullable(z.string()),
});
export type AllocationRules = z.infer<typeof allocationRulesSchema>;
export type AllocationRulesInput = Pick<AllocationRules, 'strategy' | 'skill_by_product' | 'capacity_from_plan'>;

/** What each rule means for the next ticket, as the settings explain it. */
export const STRATEGY_TEXT: Record<AllocationStrategy, { label: string; effect: string }> = {
  least_loaded: { label: '最少接单优先', effect: '新工单派给今日接单最少的设计师；一样多时，派给上一单最早的人。' },
  round_robin: { label: '轮流派单', effect: '新工单按顺序轮流派给设计师：上一单最早的人先接，不看今日已接多少。' },
};
