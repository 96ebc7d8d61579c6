export { SORT_OPTIONS } from './model/sort-options';
export { useTicketSelection } from './model/use-ticket-selection';
export { useTicketViewer } from './model/use-ticket-viewer';
export { TicketDetailView } from './ui/ticket-detail';
export { TicketDetailDrawer } from './ui/ticket-detail-drawer';
export { TicketFilters } from './ui/ticket-filters';
export { TicketExportButtons } from './ui/ticket-export-buttons';
export { TicketSelectionBar } from './ui/ticket-selection-bar';
