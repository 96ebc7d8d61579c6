export {
  BULK_MAX,
  BULK_MODE_TEXT,
  BULK_MODES,
  bulkAssignSchema,
  bulkSchemaOf,
  bulkTransferSchema,
  summarize,
  summaryText,
  useBulkAssign,
  type BulkMode,
  type BulkResult,
} from './model/bulk-assign';
export { BulkAssignModal, type BulkTicket } from './ui/bulk-assign-modal';
