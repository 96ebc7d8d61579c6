import { useMutation, useQueryClient } from '@tanstack/react-query';
import { templateApi, templateKeys } from '@/entities/template';
import { ticketKeys } from '@/entities/ticket';

/**
 * 「用于工单」 / 「从模板开始」: the server copies the template's source files into the caller's draft
 * area for that ticket and counts the use. The answer's files go into the ticket's draft dialog.
 */
export function useUseTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['template', 'use'],
    mutationFn: ({ templateId, ticketId }: { templateId: number; ticketId: number }) => templateApi.use(templateId, ticketId),
    onSuccess: () => {
      // The use count shows in the lists and the detail; the ticket's detail shows its drafts.
      void queryClient.invalidateQueries({ queryKey: templateKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: templateKeys.details() });
      void queryClient.invalidateQueries({ queryKey: ticketKeys.details() });
    },
  });
}
