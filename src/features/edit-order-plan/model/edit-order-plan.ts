import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CellChange, orderPlanApi, orderPlanQueries } from '@/entities/order-plan';
import { teamDesignerQueries } from '@/entities/team-designer';
import { isCalendarDay, isoWeekday } from '@/shared/lib';
import { notify } from '@/shared/ui';

/** The week a lead plans: a Monday (YYYY-MM-DD). */
export function weekStartError(day: string): string | null {
  if (!day) return '请选择周一日期';
  if (!isCalendarDay(day)) return '日期格式不正确';
  if (isoWeekday(day) !== 1) return '计划周须从周一开始';
  return null;
}

/** Creates a week's plan (cells from each member's daily capacity); the list refreshes. */
export function useCreatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['order-plan', 'create'],
    mutationFn: (weekStart: string) => orderPlanApi.create(weekStart),
    onSuccess: (detail) => {
      notify('计划已创建', 'success');
      queryClient.setQueryData(orderPlanQueries.detail(detail.plan_id).queryKey, detail);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: orderPlanQueries.lists() }),
  });
}

/** Saves changed cells; the server answers with the whole plan, which replaces the cached one. */
export function useSavePlanCells(planId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['order-plan', 'cells', planId],
    mutationFn: (cells: CellChange[]) => orderPlanApi.saveCells(planId, cells),
    onSuccess: (detail) => {
      notify('计划已保存', 'success');
      queryClient.setQueryData(orderPlanQueries.detail(planId).queryKey, detail);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: orderPlanQueries.lists() });
      void queryClient.invalidateQueries({ queryKey: orderPlanQueries.mineAll() });
      void queryClient.invalidateQueries({ queryKey: teamDesignerQueries.all() });
    },
  });
}
