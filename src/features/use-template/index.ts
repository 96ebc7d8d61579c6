export { draftKindFor, DRAFT_OPEN_STATUSES } from './model/draft-target';
export { useUseTemplate } from './model/use-use-template';
export { PickTicketModal, type UsedForTicket } from './ui/pick-ticket-modal';
export { TemplatePickerModal } from './ui/template-picker-modal';
