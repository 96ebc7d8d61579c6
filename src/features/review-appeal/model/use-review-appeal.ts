import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appealApi, appealKeys, type ReviewAppealBody } from '@/entities/appeal';
import { deductionKeys } from '@/entities/deduction';
import { settlementKeys } from '@/entities/settlement';
import { ticketKeys } from '@/entities/ticket';
import { notify } from '@/shared/ui';

export const REVIEW_DONE = { approve: '已通过该申诉', reject: '已驳回该申诉' } as const;

/**
 * A lead approves or rejects an appeal. An approval may post an adjustment and change the ticket,
 * so appeals, deductions, settlements, tickets and the counts are refreshed.
 */
export function useReviewAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['appeal', 'review'],
    mutationFn: ({ appealId, body }: { appealId: number; body: ReviewAppealBody }) => appealApi.review(appealId, body),
    onSuccess: (_data, { body }) => {
      notify(REVIEW_DONE[body.decision], 'success');
      for (const queryKey of [appealKeys.all(), deductionKeys.lists(), settlementKeys.all(), ticketKeys.lists(), ticketKeys.details(), ticketKeys.panelCounts()]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
