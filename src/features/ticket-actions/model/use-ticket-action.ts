import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TICKET_ACTION_DONE, ticketApi, ticketKeys } from '@/entities/ticket';
import { notify } from '@/shared/ui';
import type { ActionValues, ConfirmAction } from './action-config';

export interface ActionVariables extends ActionValues {
  ticketId: number;
}

function run(action: ConfirmAction, { ticketId, designerId, text }: ActionVariables) {
  const code = designerId.trim().toUpperCase();
  const note = text.trim();
  switch (action) {
    case 'finalReview':
      return ticketApi.applyFinalReview(ticketId, note);
    case 'factoryReject':
      return ticketApi.applyFactoryReject(ticketId, note);
    case 'assign':
      return ticketApi.assign(ticketId, code);
    case 'transfer':
      return ticketApi.transfer(ticketId, code, note);
    case 'urge':
      return ticketApi.urge(ticketId, note);
    case 'abnormal':
      return ticketApi.markAbnormal(ticketId, note);
    case 'close':
      return ticketApi.close(ticketId, note);
  }
}

/**
 * One ticket action (apply for final review or factory rejection; a lead's assign, transfer,
 * urge, mark abnormal, close). Success shows the server's message and refreshes lists, details and
 * counts; a refusal is shown by the app's error toast with the server's message.
 */
export function useTicketAction(action: ConfirmAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['ticket', action],
    mutationFn: (vars: ActionVariables) => run(action, vars),
    onSuccess: () => {
      notify(TICKET_ACTION_DONE[action], 'success');
      void queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ticketKeys.details() });
      void queryClient.invalidateQueries({ queryKey: ticketKeys.panelCounts() });
    },
  });
}
