export { SORT_OPTIONS } from './model/sort-options';
export { hasTicketFilters, TICKET_DEFAULT_SORT, ticketSearchOfView, ticketViewState } from './model/ticket-view-state';
export { useTicketViewer } from './model/use-ticket-viewer';
export { TicketDetailView } from './ui/ticket-detail';
export { TicketDetailDrawer } from './ui/ticket-detail-drawer';
export { TicketFilters } from './ui/ticket-filters';
export { TicketExportButtons } from './ui/ticket-export-buttons';
export { TicketColumnPicker } from './ui/ticket-column-picker';
