import { useMutation, useQueryClient } from '@tanstack/react-query';
import { settlementApi, settlementKeys } from '@/entities/settlement';
import { teamExpenseQueries } from '@/entities/team-expense';
import { notify } from '@/shared/ui';
import { SETTLE_TEXT } from './settle-step';

/** A lead confirms or pays a member's settlement; the settlements and the team's statements refresh, whatever the answer. */
export function useSettleSettlement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['settlement', 'settle'],
    mutationFn: ({ id, action }: { id: number; action: 'confirm' | 'pay' }) => (action === 'confirm' ? settlementApi.confirm(id) : settlementApi.pay(id)),
    onSuccess: (_data, { action }) => notify(SETTLE_TEXT[action].done, 'success'),
    // Also after a refusal (another tab or lead settled it first: 409): the row shows where it is now.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: settlementKeys.all() });
      void queryClient.invalidateQueries({ queryKey: teamExpenseQueries.all() });
    },
  });
}
