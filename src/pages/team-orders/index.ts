export { TeamOrdersPage } from './ui/team-orders-page';
