import * as z from 'zod/mini';

export const inviteStateSchema = z.enum(['valid', 'expired', 'used_up', 'revoked']);
export type InviteState = z.output<typeof inviteStateSchema>;

export const INVITE_STATE_TEXT: Record<InviteState, string> = {
  valid: '有效',
  expired: '已过期',
  used_up: '次数已用完',
  revoked: '已撤销',
};

export const teamInviteSchema = z.object({
  id: z.number(),
  code: z.string(),
  expires_at: z.string(),
  max_uses: z.number(),
  used_count: z.number(),
  revoked_at: z.nullable(z.string()),
  created_at: z.string(),
  state: inviteStateSchema,
  joins: z.array(z.object({ designer_id: z.number(), name: z.string(), joined_at: z.string() })),
});
export type TeamInvite = z.output<typeof teamInviteSchema>;

export const teamInviteListSchema = z.array(teamInviteSchema);

/** POST teams/invites/:code/join: the team joined. */
export const joinResultSchema = z.object({ team_id: z.number(), team_name: z.string() });

export const inviteInfoSchema = z.object({
  team_name: z.string(),
  lead_name: z.string(),
  state: inviteStateSchema,
  state_text: z.string(),
  expires_at: z.string(),
  /** Only for a signed-in visitor: already in this team, in another, or in none. */
  viewer_membership: z.optional(z.enum(['member', 'other_team', 'none'])),
});
export type InviteInfo = z.output<typeof inviteInfoSchema>;

export const panelKeySchema = z.object({ id: z.number(), key_hint: z.string(), revoked_at: z.nullable(z.string()), created_at: z.string() });
export type PanelKey = z.output<typeof panelKeySchema>;

export const panelKeyListSchema = z.array(panelKeySchema);

/** POST teams/panel-keys: the new key, whole (shown once; lists give only its hint). */
export const createdPanelKeySchema = z.object({ ...panelKeySchema.shape, key: z.string() });

export const dailyPanelSchema = z.object({
  team_name: z.string(),
  day: z.string(),
  received: z.number(),
  in_progress: z.number(),
  completed: z.number(),
  overdue: z.number(),
  hourly: z.array(z.number()),
  generated_at: z.string(),
});
export type DailyPanel = z.output<typeof dailyPanelSchema>;

/** The links a lead hands out (hash routes of this SPA). */
export function inviteLink(code: string, origin = window.location.origin): string {
  return `${origin}/#/team-invite?code=${encodeURIComponent(code)}`;
}

export function panelLink(key: string, origin = window.location.origin): string {
  return `${origin}/#/order-daily-panel?key=${encodeURIComponent(key)}`;
}
