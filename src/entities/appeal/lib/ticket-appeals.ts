/**
 * What the ticket detail offers about appeals and applications, from the ticket's own data (kept
 * structural so the appeal entity does not depend on the ticket entity).
 */

interface TicketHolders {
  designer_id: string | null;
  allocations: readonly { designer_id: string }[];
}

/** A designer may appeal on a ticket they hold or once held (the server checks the window and duplicates). */
export function canFileAppealOn(ticket: TicketHolders, designerId: string | undefined): boolean {
  if (!designerId) return false;
  return ticket.designer_id === designerId || ticket.allocations.some((a) => a.designer_id === designerId);
}

/** Ticket timeline event types of the two applications a lead decides (server tickets module). */
export const APPLICATION_EVENTS = {
  finalReview: { applied: 'final_review_applied', decided: ['final_review_approved', 'final_review_rejected'] },
  factoryReject: { applied: 'factory_reject_applied', decided: ['factory_reject_approved', 'factory_reject_refused'] },
} as const;

function lastIndex(timeline: readonly { type: string }[], types: readonly string[]): number {
  for (let i = timeline.length - 1; i >= 0; i -= 1) if (types.includes(timeline[i]!.type)) return i;
  return -1;
}

/** Applications waiting for a lead: applied after the last decision (or never decided). */
export function pendingApplications(timeline: readonly { type: string }[]): { finalReview: boolean; factoryReject: boolean } {
  const pending = (kind: keyof typeof APPLICATION_EVENTS) => {
    const applied = lastIndex(timeline, [APPLICATION_EVENTS[kind].applied]);
    return applied >= 0 && applied > lastIndex(timeline, APPLICATION_EVENTS[kind].decided);
  };
  return { finalReview: pending('finalReview'), factoryReject: pending('factoryReject') };
}
