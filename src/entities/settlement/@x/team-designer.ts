export { SETTLEMENT_STATUS_TEXT, settlementSchema, type Settlement, type SettlementStatus } from '../model/settlement.schema';
export { periodLabel } from '../lib/settlement-lines';
export { SettlementStatusTag } from '../ui/settlement-status-tag';
