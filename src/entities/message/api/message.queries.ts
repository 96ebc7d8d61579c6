import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http, noDataSchema } from '@/shared/api';
import {
  announcementPageSchema,
  announcementSchema,
  markReadResultSchema,
  type MessageFilters,
  messagePageSchema,
  messageTypeListSchema,
  publishResultSchema,
  withdrawResultSchema,
  unreadSchema,
} from '../model/message.schema';

export const messageQueries = {
  all: () => ['message'] as const,
  lists: () => [...messageQueries.all(), 'list'] as const,
  list: (filters: MessageFilters) =>
    queryOptions({
      queryKey: [...messageQueries.lists(), filters] as const,
      queryFn: ({ signal }) => http.get('messages/messages', messagePageSchema, { searchParams: { ...filters }, signal }),
      placeholderData: keepPreviousData,
    }),
  unread: () =>
    queryOptions({
      queryKey: [...messageQueries.all(), 'unread'] as const,
      queryFn: ({ signal }) => http.get('messages/messages/unread', unreadSchema, { signal }),
      staleTime: 30_000,
    }),
  types: () =>
    queryOptions({
      queryKey: [...messageQueries.all(), 'types'] as const,
      queryFn: ({ signal }) => http.get('messages/types', messageTypeListSchema, { signal }),
      staleTime: Infinity,
    }),
  announcements: () => [...messageQueries.all(), 'announcement'] as const,
  announcementList: (page: number, pageSize = 20) =>
    queryOptions({
      queryKey: [...messageQueries.announcements(), 'list', { page, pageSize }] as const,
      queryFn: ({ signal }) =>
        http.get('messages/announcements', announcementPageSchema, { searchParams: { page, pageSize }, signal }),
      placeholderData: keepPreviousData,
    }),
  announcement: (id: number) =>
    queryOptions({
      queryKey: [...messageQueries.announcements(), 'detail', id] as const,
      queryFn: ({ signal }) => http.get(`messages/announcements/${id}`, announcementSchema, { signal }),
    }),
};

export const messageApi = {
  markRead: (body: { message_ids?: number[]; all?: boolean }) =>
    http.post('messages/messages/read', markReadResultSchema, { json: body }),
  markAnnouncementRead: (id: number) => http.post(`messages/announcements/${id}/read`, noDataSchema),
  publishAnnouncement: (body: { title: string; body: string; scope: number; product_ids: number[]; image_key?: string }) =>
    http.post('messages/announcements', publishResultSchema, { json: body }),
  editAnnouncement: (id: number, body: { title: string; body: string }) => http.put(`messages/announcements/${id}`, noDataSchema, { json: body }),
  withdrawAnnouncement: (id: number) => http.post(`messages/announcements/${id}/withdraw`, withdrawResultSchema),
};
