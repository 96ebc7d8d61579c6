import { queryOptions } from '@tanstack/react-query';
import { http, noDataSchema } from '@/shared/api';
import {
  createdPanelKeySchema,
  dailyPanelSchema,
  inviteInfoSchema,
  joinResultSchema,
  panelKeyListSchema,
  teamInviteListSchema,
  teamInviteSchema,
} from '../model/team.schema';

export const teamQueries = {
  all: () => ['team'] as const,
  invites: () =>
    queryOptions({
      queryKey: [...teamQueries.all(), 'invites'] as const,
      queryFn: ({ signal }) => http.get('teams/invites', teamInviteListSchema, { signal }),
    }),
  inviteInfo: (code: string) =>
    queryOptions({
      queryKey: [...teamQueries.all(), 'invite-info', code] as const,
      queryFn: ({ signal }) => http.get(`teams/invites/${encodeURIComponent(code)}`, inviteInfoSchema, { signal }),
      retry: false,
    }),
  panelKeys: () =>
    queryOptions({
      queryKey: [...teamQueries.all(), 'panel-keys'] as const,
      queryFn: ({ signal }) => http.get('teams/panel-keys', panelKeyListSchema, { signal }),
    }),
  dailyPanel: (key: string) =>
    queryOptions({
      queryKey: [...teamQueries.all(), 'daily-panel', key] as const,
      queryFn: ({ signal }) => http.get('daily-panel', dailyPanelSchema, { searchParams: { key }, signal }),
      refetchInterval: 30_000,
      retry: false,
    }),
};

export const teamApi = {
  createInvite: (body: { expires_in_hours: number; max_uses: number }) => http.post('teams/invites', teamInviteSchema, { json: body }),
  revokeInvite: (id: number) => http.post(`teams/invites/${id}/revoke`, noDataSchema),
  join: (code: string) => http.post(`teams/invites/${encodeURIComponent(code)}/join`, joinResultSchema),
  createPanelKey: () => http.post('teams/panel-keys', createdPanelKeySchema),
  revokePanelKey: (id: number) => http.post(`teams/panel-keys/${id}/revoke`, noDataSchema),
};
