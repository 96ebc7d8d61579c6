import { useMutation, useQueryClient } from '@tanstack/react-query';
import { teamBoardQueries } from '@/entities/team-board';
import { teamDesignerQueries } from '@/entities/team-designer';
import { deductionKeys, deductionSchema } from '@/entities/deduction';
import { settlementKeys } from '@/entities/settlement';
import { TICKET_ACTION_DONE, ticketApi, ticketKeys } from '@/entities/ticket';
import { http } from '@/shared/api';
import { yuanToCents } from '@/shared/lib';
import { notify } from '@/shared/ui';
import type { ActionValues, ConfirmAction } from './action-config';

export interface ActionVariables extends ActionValues {
  ticketId: number;
  /** Assign / transfer: the risks of the target the lead confirmed. */
  confirm?: readonly string[];
}

function run(action: ConfirmAction, { ticketId, designerId, text, amount, confirm = [] }: ActionVariables): Promise<unknown> {
  const code = designerId.trim().toUpperCase();
  const note = text.trim();
  switch (action) {
    case 'finalReview':
      return ticketApi.applyFinalReview(ticketId, note);
    case 'factoryReject':
      return ticketApi.applyFactoryReject(ticketId, note);
    case 'assign':
      return ticketApi.assign(ticketId, code, confirm);
    case 'transfer':
      return ticketApi.transfer(ticketId, code, note, confirm);
    case 'urge':
      return ticketApi.urge(ticketId, note);
    case 'abnormal':
      return ticketApi.markAbnormal(ticketId, note);
    case 'close':
      return ticketApi.close(ticketId, note);
    case 'deduct':
      return http.post(`tickets/${ticketId}/deductions`, deductionSchema, {
        json: { amount_cents: yuanToCents(amount ?? '') ?? 0, reason: note },
      });
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
      // A lead's action moves the team's figures and the members' load.
      void queryClient.invalidateQueries({ queryKey: teamBoardQueries.all() });
      void queryClient.invalidateQueries({ queryKey: teamDesignerQueries.all() });
      if (action === 'deduct') {
        void queryClient.invalidateQueries({ queryKey: deductionKeys.all() });
        void queryClient.invalidateQueries({ queryKey: settlementKeys.all() });
      }
    },
  });
}
