/** The public face of the tickets module: what app.ts and other modules may use of it (eslint enforces that they import nothing else). */
export { seedDemoTickets } from './demo-seed.js';
export {
  ALLOCATION_STRATEGIES,
  type AllocationRules,
  DEFAULT_ALLOCATION_RULES,
  findAllocationRules,
  saveAllocationRules,
} from './allocation.repository.js';
export { ASSIGN_RISKS, type AssignRisk, assignRiskSchema, confirmSchema, RISK_TEXT } from './assignment-risks.js';
export { joinMarkers, parseMarkers, withMarker } from './markers.js';
export { canRead, DRAFT_DUE_STAGES, type EventType, OPEN_STATUSES, TICKET_STATUS } from './ticket.model.js';
export { listTickets } from './ticket-list.repository.js';
export {
  addTicketEvent,
  addTicketEvents,
  findTicket,
  findTicketByOrderNo,
  latestAuditedDraft,
  latestDraftInSyncStatus,
  latestTicketEvent,
  setDraftSyncStatusIf,
  type TicketEvent,
  type TicketRow,
  ticketState,
  touchTicket,
  updateTicketIf,
} from './ticket.repository.js';
export { CHANGED_MESSAGE, itemOrThrow, leadTicket, ownTicket, requireOpen, ticketInfo } from './ticket-access.js';
export {
  allocationSchema,
  listQuerySchema,
  optionalNoteSchema,
  orderNoSchema,
  reasonSchema,
  riskConflictEnvelope,
  ticketIdParams,
  type TicketItem,
  ticketItemSchema,
} from './ticket.schemas.js';
