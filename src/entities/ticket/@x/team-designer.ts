/** What the team-designer entity reads of tickets: a designer's recent tickets. */
export { ticketItemSchema, type TicketItem } from '../model/ticket.schema';
