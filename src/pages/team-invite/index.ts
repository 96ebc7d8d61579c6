export { TeamInvitePage } from './ui/team-invite-page';
