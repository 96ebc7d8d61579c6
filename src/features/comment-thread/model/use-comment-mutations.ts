import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commentApi, type CommentBody, commentKeys, type CommentSubject } from '@/entities/comment';
import { ticketKeys } from '@/entities/ticket';

/** Posting, editing and deleting comments; each refreshes the threads, the ticket rows (unread badges) and the ticket details (the timeline records a comment). */
export function useCommentMutations(subject: CommentSubject, id: number) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: commentKeys.all() });
    void queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
    if (subject === 'ticket') void queryClient.invalidateQueries({ queryKey: ticketKeys.details() });
  };
  return {
    add: useMutation({ mutationKey: ['comment', 'add'], mutationFn: (body: CommentBody) => commentApi.add(subject, id, body), onSuccess: refresh }),
    edit: useMutation({
      mutationKey: ['comment', 'edit'],
      mutationFn: ({ commentId, body }: { commentId: number; body: CommentBody }) => commentApi.edit(commentId, body),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationKey: ['comment', 'delete'], mutationFn: (commentId: number) => commentApi.remove(commentId), onSuccess: refresh }),
  };
}
