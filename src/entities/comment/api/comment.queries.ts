import { queryOptions } from '@tanstack/react-query';
import { http, noDataSchema } from '@/shared/api';
import { FILE_LINKS_REFRESH_MS } from '@/shared/config/constants';
import { type CommentSubject, commentSchema, commentThreadSchema } from '../model/comment.schema';

/**
 * Query keys of the comment entity: a thread per ticket or appeal. Comment messages (36–39)
 * invalidate `all()` through the refresh rules, so an open thread shows a new comment live.
 */
export const commentKeys = {
  all: () => ['comment'] as const,
  threads: () => [...commentKeys.all(), 'thread'] as const,
};

export const commentQueries = {
  ...commentKeys,
  /** The thread; reading it marks it read on the server (the row's unread badge drops). */
  thread: (subject: CommentSubject, id: number) =>
    queryOptions({
      queryKey: [...commentKeys.threads(), subject, id] as const,
      queryFn: ({ signal }) => http.get(subject === 'ticket' ? `tickets/${id}/comments` : `appeals/${id}/comments`, commentThreadSchema, { signal }),
      // Files' read URLs expire: an open thread renews them before they do.
      refetchInterval: FILE_LINKS_REFRESH_MS,
    }),
};

export interface CommentBody {
  body: string;
  /** Files uploaded with source 'comment': `url` is the object key. */
  attachments: { name: string; url: string; size?: number; content_type?: string }[];
  /** designer_ids @mentioned. */
  mentions: string[];
}

/** Calls that change comments; features wrap them in mutations. */
export const commentApi = {
  add: (subject: CommentSubject, id: number, body: CommentBody) =>
    http.post(subject === 'ticket' ? `tickets/${id}/comments` : `appeals/${id}/comments`, commentSchema, { json: body }),
  edit: (commentId: number, body: CommentBody) => http.put(`comments/${commentId}`, commentSchema, { json: body }),
  remove: (commentId: number) => http.post(`comments/${commentId}/delete`, noDataSchema),
};
