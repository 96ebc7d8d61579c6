export { TeamExpensesPage } from './ui/team-expenses-page';
