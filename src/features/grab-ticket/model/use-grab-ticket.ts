import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TICKET_ACTION_DONE, ticketApi, ticketKeys } from '@/entities/ticket';
import { ApiError } from '@/shared/api';
import { notify } from '@/shared/ui';

/**
 * Grabs a hall ticket. On success the lists (hall and My tickets) and the panel counts refresh, so
 * the ticket shows in My tickets without a reload. When someone else was faster the server answers
 * 409 '该工单已被领取' (shown by the app's error toast) and the hall list is refreshed.
 */
export function useGrabTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['ticket', 'grab'],
    mutationFn: (ticketId: number) => ticketApi.grab(ticketId),
    onSuccess: (ticket) => {
      notify(`${TICKET_ACTION_DONE.grab}：${ticket.order_no}`, 'success');
      void queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ticketKeys.panelCounts() });
    },
    onError: (error) => {
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
        void queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
      }
    },
  });
}
