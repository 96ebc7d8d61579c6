export { ACTION_CONFIG, CONFIRM_ACTIONS, isConfirmAction, validateAction, type ConfirmAction } from './model/action-config';
export { useTicketAction } from './model/use-ticket-action';
export { TicketActionModal } from './ui/ticket-action-modal';
export { TicketActions } from './ui/ticket-actions';
