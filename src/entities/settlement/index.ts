export { settlementApi, settlementExportUrl, settlementKeys, settlementQueries } from './api/settlement.queries';
export { groupLines, netTrend, periodLabel, searchLines, sumSettlements, type LineGroup } from './lib/settlement-lines';
export {
  LINE_KIND_TEXT,
  LINE_KINDS,
  parseSettlementSearch,
  SETTLEMENT_PAGE_SIZE,
  SETTLEMENT_STATUS_COLOR,
  SETTLEMENT_STATUS_TEXT,
  SETTLEMENT_STATUSES,
  settlementDetailSchema,
  settlementListParamsOf,
  settlementPageSchema,
  settlementSchema,
  settlementSearchSchema,
  withSettlementFilters,
  withSettlementPage,
  type LineKind,
  type Settlement,
  type SettlementDetail,
  type SettlementFilterPatch,
  type SettlementLine,
  type SettlementListParams,
  type SettlementPage,
  type SettlementSearch,
  type SettlementStatus,
} from './model/settlement.schema';
export { SettlementStatusTag } from './ui/settlement-status-tag';
export { SettlementTotals } from './ui/settlement-totals';
