export { TeamDesignersPage } from './ui/team-designers-page';
