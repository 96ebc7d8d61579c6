/** The public face of the settlements module: what app.ts and other modules may use of it (eslint enforces that they import nothing else). */
export { appealRef, deductionRef, feeRef, postLine } from './ledger.js';
export { periodOf, type SettlementPeriod } from './period.js';
export { postedLine, settlementQuery, settlementSummaryColumns, toSettlement } from './settlement.repository.js';
export { subjectDesigner } from './settlement.service.js';
export { settlementSchema, type SettlementView } from './settlement.schemas.js';
