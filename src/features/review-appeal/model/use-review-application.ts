import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appealApi } from '@/entities/appeal';
import { ticketKeys } from '@/entities/ticket';
import { notify } from '@/shared/ui';

/** The two applications a designer files on a ticket and a lead decides. */
export type ApplicationKind = 'finalReview' | 'factoryReject';

export const APPLICATION_TEXT: Record<ApplicationKind, string> = { finalReview: '终稿审核申请', factoryReject: '工厂驳回申请' };

export const APPLICATION_DONE: Record<ApplicationKind, Record<'approve' | 'reject', string>> = {
  finalReview: { approve: '已通过终稿审核', reject: '已驳回终稿审核申请' },
  factoryReject: { approve: '已同意工厂驳回', reject: '已驳回工厂驳回申请' },
};

/** A lead decides a final-review application (message 10) or a factory-reject application (message 22). */
export function useReviewApplication(kind: ApplicationKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['ticket', 'review-application', kind],
    mutationFn: ({ ticketId, decision, note }: { ticketId: number; decision: 'approve' | 'reject'; note: string }) =>
      kind === 'finalReview' ? appealApi.reviewFinalReview(ticketId, { decision, note }) : appealApi.reviewFactoryReject(ticketId, { decision, note }),
    onSuccess: (_data, { decision }) => {
      notify(APPLICATION_DONE[kind][decision], 'success');
      void queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ticketKeys.details() });
      void queryClient.invalidateQueries({ queryKey: ticketKeys.panelCounts() });
    },
  });
}
