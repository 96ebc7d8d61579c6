export { expenseExportName, expenseExportUrl, teamExpenseQueries, type ExpenseListParams } from './api/team-expense.queries';
export {
  EXPORT_FORMATS,
  expenseStatementDetailSchema,
  expenseStatementPageSchema,
  expenseStatementSchema,
  statementIdSchema,
  type ExportFormat,
  type ExpenseStatement,
  type ExpenseStatementDetail,
  type ExpenseStatementPage,
} from './model/team-expense.schema';
export { expenseSearchSchema, type ExpenseSearch } from './model/team-expense-search';
