import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AllocationRules, type AllocationRulesInput, teamDesignerApi, teamDesignerQueries } from '@/entities/team-designer';
import { notify } from '@/shared/ui';

/** The body of PUT /team/allocation-rules from the saved rules and the form's current values. */
export function rulesInput(form: AllocationRulesInput): AllocationRulesInput {
  return { strategy: form.strategy, skill_by_product: form.skill_by_product, capacity_from_plan: form.capacity_from_plan };
}

/** Whether the form differs from what is saved (the save button is off otherwise). */
export function rulesChanged(saved: AllocationRules | undefined, form: AllocationRulesInput): boolean {
  if (!saved) return false;
  return saved.strategy !== form.strategy || saved.skill_by_product !== form.skill_by_product || saved.capacity_from_plan !== form.capacity_from_plan;
}

/** Saves the team's allocation rules; the next automatic allocation follows them. */
export function useSaveAllocationRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['team-designer', 'allocation-rules', 'save'],
    mutationFn: (body: AllocationRulesInput) => teamDesignerApi.saveAllocationRules(rulesInput(body)),
    onSuccess: (saved) => {
      queryClient.setQueryData(teamDesignerQueries.allocationRules().queryKey, saved);
      notify('分配规则已保存，下一张新工单起生效', 'success');
    },
  });
}
