import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageApi, messageQueries } from '@/entities/message';
import { workbenchQueries } from '@/entities/workbench';
import { notify } from '@/shared/ui';

/** Marks messages read (some, or all with `all: true`) and refreshes lists and counts. */
export function useMarkMessagesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['message', 'mark-read'],
    mutationFn: messageApi.markRead,
    onSuccess: ({ updated }, vars) => {
      if (vars.all) notify(updated ? `已将${updated}条消息标为已读` : '没有未读消息', 'success');
      void queryClient.invalidateQueries({ queryKey: messageQueries.lists() });
      void queryClient.invalidateQueries({ queryKey: messageQueries.unread().queryKey });
      void queryClient.invalidateQueries({ queryKey: workbenchQueries.homeKey() });
    },
  });
}

/** Marks an announcement read (the server also marks its type-29 message). */
export function useMarkAnnouncementRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['message', 'announcement-read'],
    mutationFn: messageApi.markAnnouncementRead,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: messageQueries.announcements() });
      void queryClient.invalidateQueries({ queryKey: messageQueries.lists() });
      void queryClient.invalidateQueries({ queryKey: messageQueries.unread().queryKey });
      void queryClient.invalidateQueries({ queryKey: workbenchQueries.homeKey() });
    },
  });
}
