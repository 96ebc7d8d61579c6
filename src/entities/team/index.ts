export { teamApi, teamQueries } from './api/team.queries';
export {
  INVITE_STATE_TEXT,
  inviteLink,
  panelLink,
  type DailyPanel,
  type InviteInfo,
  type InviteState,
  type PanelKey,
  type TeamInvite,
} from './model/team.schema';
