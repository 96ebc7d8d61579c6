export { SORT_OPTIONS } from './model/sort-options';
export { useTicketViewer } from './model/use-ticket-viewer';
export { TicketDetailView } from './ui/ticket-detail';
export { TicketDetailDrawer } from './ui/ticket-detail-drawer';
export { NARROW_SCREEN, TicketListView, useNarrowScreen } from './ui/ticket-list-view';
export { TicketFilters } from './ui/ticket-filters';
export { PhoneFilters } from './ui/phone-filters';
export { TicketExportButtons } from './ui/ticket-export-buttons';
