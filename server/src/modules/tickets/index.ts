/** The public face of the tickets module: what app.ts and other modules may use of it (eslint enforces that they import nothing else). */
export { seedDemoTickets } from './demo-seed.js';
export { joinMarkers, parseMarkers, withMarker } from './markers.js';
export { DRAFT_DUE_STAGES, type EventType, OPEN_STATUSES, TICKET_STATUS } from './ticket.model.js';
export { listTickets } from './ticket.repository.js';
export { allocationSchema, listQuerySchema, orderNoSchema, ticketIdParams, ticketItemSchema } from './ticket.schemas.js';
