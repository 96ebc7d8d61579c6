export { TeamExpenseDetailPage } from './ui/team-expense-detail-page';
