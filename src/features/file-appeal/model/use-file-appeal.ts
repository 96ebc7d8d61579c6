import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appealApi, appealKeys, type FileAppealBody } from '@/entities/appeal';
import { deductionKeys } from '@/entities/deduction';
import { ticketKeys } from '@/entities/ticket';
import { notify } from '@/shared/ui';

export const APPEAL_FILED = '申诉已提交，等待组长审核';

/**
 * Files an appeal; refreshes the appeal and deduction lists, the ticket lists and details (filing
 * touches the ticket's updated_at, a sort key of My tickets) and the counts (appealing).
 */
export function useFileAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['appeal', 'file'],
    mutationFn: (body: FileAppealBody) => appealApi.file(body),
    onSuccess: () => {
      notify(APPEAL_FILED, 'success');
      void queryClient.invalidateQueries({ queryKey: appealKeys.all() });
      void queryClient.invalidateQueries({ queryKey: deductionKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ticketKeys.details() });
      void queryClient.invalidateQueries({ queryKey: ticketKeys.panelCounts() });
    },
  });
}
