export { ticketKeys } from './api/ticket.queries';
