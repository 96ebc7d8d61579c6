import { describe, expect, it } from 'vitest';
import { canFileAppealOn, pendingApplications } from './ticket-appeals';

const ev = (...types: string[]) => types.map((type) => ({ type }));

describe('ticket appeals', () => {
  it('the current or a former designer may appeal, nobody else', () => {
    const ticket = { designer_id: 'D000003', allocations: [{ designer_id: 'D000002' }, { designer_id: 'D000003' }] };
    expect(canFileAppealOn(ticket, 'D000003')).toBe(true);
    expect(canFileAppealOn(ticket, 'D000002')).toBe(true);
    expect(canFileAppealOn(ticket, 'D000009')).toBe(false);
    expect(canFileAppealOn(ticket, undefined)).toBe(false);
    expect(canFileAppealOn({ designer_id: null, allocations: [] }, 'D000002')).toBe(false);
  });

  it('an application is pending until a lead decides it; a new application after a decision is pending again', () => {
    expect(pendingApplications(ev('created', 'system_assigned'))).toEqual({ finalReview: false, factoryReject: false });
    expect(pendingApplications(ev('final_review_applied'))).toEqual({ finalReview: true, factoryReject: false });
    expect(pendingApplications(ev('final_review_applied', 'final_review_rejected'))).toEqual({ finalReview: false, factoryReject: false });
    expect(pendingApplications(ev('final_review_applied', 'final_review_rejected', 'final_review_applied')).finalReview).toBe(true);
    expect(pendingApplications(ev('factory_reject_applied', 'draft_submitted')).factoryReject).toBe(true);
    expect(pendingApplications(ev('factory_reject_applied', 'factory_reject_refused')).factoryReject).toBe(false);
    expect(pendingApplications(ev('factory_reject_applied', 'factory_reject_approved')).factoryReject).toBe(false);
  });
});
