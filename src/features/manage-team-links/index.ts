export { ManageTeamLinksButton } from './ui/manage-team-links-modal';
