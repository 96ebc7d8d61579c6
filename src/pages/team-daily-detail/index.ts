export { TeamDailyDetailPage } from './ui/team-daily-detail-page';
