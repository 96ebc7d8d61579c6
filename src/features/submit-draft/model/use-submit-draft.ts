import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DraftKind, TICKET_ACTION_DONE, ticketApi, ticketKeys } from '@/entities/ticket';
import { notify } from '@/shared/ui';

export interface SubmitDraftVariables {
  ticketId: number;
  kind: DraftKind;
  /** Object keys of files already uploaded with source 'draft'. */
  files: string[];
  note: string;
}

/** Submits a first or final draft; refreshes lists, details and counts. */
export function useSubmitDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['ticket', 'submit-draft'],
    mutationFn: ({ ticketId, kind, files, note }: SubmitDraftVariables) => ticketApi.submitDraft(ticketId, { kind, files, note: note.trim() }),
    onSuccess: () => {
      notify(TICKET_ACTION_DONE.submitDraft, 'success');
      void queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ticketKeys.details() });
      void queryClient.invalidateQueries({ queryKey: ticketKeys.panelCounts() });
    },
  });
}
