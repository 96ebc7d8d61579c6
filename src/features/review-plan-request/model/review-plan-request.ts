import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { orderPlanApi, orderPlanQueries, type PlanReviewDecision, REASON_MAX } from '@/entities/order-plan';
import { teamDesignerQueries } from '@/entities/team-designer';
import { notify } from '@/shared/ui';

export const REVIEW_TEXT: Record<PlanReviewDecision, { title: string; confirm: string; done: string }> = {
  approve: { title: '通过变更申请', confirm: '确认通过', done: '已通过变更申请' },
  reject: { title: '驳回变更申请', confirm: '确认驳回', done: '已驳回变更申请' },
};

/** The review form: a note, required when rejecting (the designer is told why). */
export const reviewFormSchema = z
  .object({
    decision: z.enum(['approve', 'reject']),
    note: z.string().check(z.trim(), z.maxLength(REASON_MAX, `审核意见不能超过${REASON_MAX}个字符`)),
  })
  .check(
    z.refine((v) => v.decision === 'approve' || v.note.length > 0, { message: '驳回时请填写原因', path: ['note'] }),
  );

/**
 * Approve (the changes are written into the plan, message 33/34 to the designer) or reject a
 * plan change request. The plan, the list and the members' capacity today refresh.
 */
export function useReviewPlanRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['order-plan', 'review'],
    mutationFn: ({ requestId, decision, note }: { requestId: number; decision: PlanReviewDecision; note: string }) =>
      orderPlanApi.review(requestId, { decision, note }),
    onSuccess: (_data, vars) => {
      notify(REVIEW_TEXT[vars.decision].done, 'success');
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: orderPlanQueries.all() });
      void queryClient.invalidateQueries({ queryKey: teamDesignerQueries.all() });
    },
  });
}
