export { useGrabTicket } from './model/use-grab-ticket';
export { GrabTicketButton } from './ui/grab-ticket-button';
