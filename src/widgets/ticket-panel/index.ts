export { TicketPanel } from './ui/ticket-panel';
