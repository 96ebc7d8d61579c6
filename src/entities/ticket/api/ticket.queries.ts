/**
 * Query keys of the ticket entity. Real-time messages invalidate tickets and the top panel
 * counts through these keys; the ticket screens add their query options under the same keys.
 */
export const ticketKeys = {
  all: () => ['ticket'] as const,
  lists: () => [...ticketKeys.all(), 'list'] as const,
  details: () => [...ticketKeys.all(), 'detail'] as const,
  panelCounts: () => [...ticketKeys.all(), 'panel-counts'] as const,
};
