export { TeamDashboardPage } from './ui/team-dashboard-page';
