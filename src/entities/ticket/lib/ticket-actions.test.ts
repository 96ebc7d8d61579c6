import { describe, expect, it } from 'vitest';
import { availableTicketActions, isOpenTicket, timeoutDisplay } from './ticket-actions';

const base = {
  status: '0',
  stage: 'waiting' as const,
  designer_id: 'D000002',
  allocation_id: 10,
  work_markers: '',
  started_at: '2026-11-22T08:00:00.000Z',
};
const designer = { designerId: 'D000002', isLead: false };
const other = { designerId: 'D000003', isLead: false };
const lead = { designerId: 'D000001', isLead: true };

describe('ticket actions by role and allocation', () => {
  it('the ticket’s designer: first draft while waiting, then final, then final review', () => {
    expect(availableTicketActions(base, designer)).toEqual(['submitFirst', 'factoryReject']);
    expect(availableTicketActions({ ...base, stage: 'first_draft' }, designer)).toEqual(['submitFirst', 'submitFinal', 'factoryReject']);
    expect(availableTicketActions({ ...base, stage: 'final_draft' }, designer)).toEqual(['submitFinal', 'finalReview', 'factoryReject']);
  });

  it('final review once: not after SUBMIT', () => {
    expect(availableTicketActions({ ...base, stage: 'final_draft', work_markers: 'LATE,SUBMIT' }, designer)).toEqual(['submitFinal', 'factoryReject']);
  });

  it('one pending factory-rejection application per ticket; after a decision, another may follow', () => {
    const by = (designer_id: string) => ({ kind: 'designer' as const, designer_id, name: '陈' });
    const applied = [{ type: 'factory_reject_applied', actor: by('D000002') }];
    expect(availableTicketActions({ ...base, timeline: applied }, designer)).toEqual(['submitFirst']);
    // Pending from an earlier holder still blocks: the server allows one per ticket.
    const byOther = [{ type: 'factory_reject_applied', actor: by('D000009') }];
    expect(availableTicketActions({ ...base, timeline: byOther }, designer)).toEqual(['submitFirst']);
    const refused = [...applied, { type: 'factory_reject_refused', actor: by('D000001') }, { type: 'urged', actor: by('D000001') }];
    expect(availableTicketActions({ ...base, timeline: refused }, designer)).toContain('factoryReject');
  });

  it('another designer, or no allocation: nothing', () => {
    expect(availableTicketActions(base, other)).toEqual([]);
    expect(availableTicketActions({ ...base, allocation_id: null }, designer)).toEqual([]);
    expect(availableTicketActions(base, { designerId: undefined, isLead: false })).toEqual([]);
  });

  it('an ended ticket: nothing for anyone', () => {
    for (const status of ['1', '2', '3', '4', '6']) {
      expect(availableTicketActions({ ...base, status }, designer)).toEqual([]);
      // A lead may still deduct (审核扣款) from the designer who did the work.
      expect(availableTicketActions({ ...base, status }, lead)).toEqual(['deduct']);
      expect(availableTicketActions({ ...base, status, designer_id: null, allocation_id: null }, lead)).toEqual([]);
    }
    // Factory rejected (rework) and one-click orders are still open.
    expect(availableTicketActions({ ...base, status: '5' }, designer)).toContain('submitFirst');
    expect(availableTicketActions({ ...base, status: '7' }, lead)).toContain('close');
  });

  it('a lead: transfer, urge, abnormal, close on an assigned ticket', () => {
    expect(availableTicketActions(base, lead)).toEqual(['transfer', 'urge', 'abnormal', 'close', 'deduct']);
  });

  it('a lead: assign (not transfer, not urge) on an unassigned ticket', () => {
    expect(availableTicketActions({ ...base, designer_id: null, allocation_id: null }, lead)).toEqual(['assign', 'abnormal', 'close']);
  });

  it('a lead: no urging once the final draft is in, no second abnormal mark', () => {
    expect(availableTicketActions({ ...base, stage: 'final_draft', work_markers: 'ABNORMAL' }, lead)).toEqual(['transfer', 'close', 'deduct']);
  });

  it('a lead who holds the ticket gets both sets', () => {
    expect(availableTicketActions({ ...base, designer_id: 'D000001' }, lead)).toEqual(['submitFirst', 'factoryReject', 'transfer', 'urge', 'abnormal', 'close', 'deduct']);
  });

  it('open statuses', () => {
    expect(['0', '5', '7'].every((status) => isOpenTicket({ status }))).toBe(true);
    expect(['1', '2', '3', '4', '6', ''].some((status) => isOpenTicket({ status }))).toBe(false);
  });
});

describe('what the time column shows', () => {
  it('the timer while a draft is owed', () => {
    expect(timeoutDisplay(base)).toBe('timer');
    expect(timeoutDisplay({ ...base, stage: 'first_draft' })).toBe('timer');
    // Assigned without a start time: the timer (spec §4: unset counts as overdue).
    expect(timeoutDisplay({ ...base, started_at: null })).toBe('timer');
  });

  it('nothing once the drafts are in or the ticket ended', () => {
    expect(timeoutDisplay({ ...base, stage: 'final_draft' })).toBe('finished');
    expect(timeoutDisplay({ ...base, stage: 'done' })).toBe('finished');
    expect(timeoutDisplay({ ...base, status: '3' })).toBe('finished');
  });

  it('the allowed time for a ticket nobody holds yet', () => {
    expect(timeoutDisplay({ ...base, designer_id: null, started_at: null })).toBe('not_started');
  });
});
