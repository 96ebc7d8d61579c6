import { describe, expect, it } from 'vitest';
import { MESSAGE_TYPE, MESSAGE_TYPE_CODES, type MessageTypeName } from '@/shared/contract';
import { announcementReaches, notificationDuration } from './notification-rules';

describe('notification durations (spec §9)', () => {
  const spec: [MessageTypeName, number, number][] = [
    ['SYSTEM_ASSIGNED', 2, 120_000],
    ['MANUALLY_ASSIGNED', 25, 60_000],
    ['REJECT_APPEAL_DECIDED', 9, 7_200_000],
    ['FINAL_REVIEW_APPLIED', 14, 7_200_000],
    ['DRAFT_URGED', 20, 7_200_000],
    ['TICKET_TRANSFERRED', 21, 7_200_000],
    ['FACTORY_REJECT_APPLICATION_DECIDED', 22, 7_200_000],
    ['MARKED_ABNORMAL', 24, 7_200_000],
    ['FACTORY_REJECTED', 32, 7_200_000],
    ['WEEKLY_PLAN_DECIDED', 33, 600_000],
    ['REALTIME_PLAN_DECIDED', 34, 600_000],
    ['ANNOUNCEMENT', 29, 7_200_000],
    ['FEE_APPEAL_FILED', 3, 60_000],
    ['FIRST_DRAFT_CHECKED', 15, 60_000],
    // Not in the spec: an @mention stays as long as a plan decision, a new comment a minute.
    ['TICKET_COMMENT_MENTIONED', 36, 600_000],
    ['APPEAL_COMMENT_MENTIONED', 37, 600_000],
    ['TICKET_COMMENTED', 38, 60_000],
  ];
  it.each(spec)('%s (type %i) stays %i ms', (name, type, ms) => {
    expect(MESSAGE_TYPE[name]).toBe(type);
    expect(notificationDuration(type)).toBe(ms);
  });
  it('every other type, and an unknown one, stays a minute', () => {
    const listed = new Set(spec.map(([, type]) => type));
    for (const type of MESSAGE_TYPE_CODES) if (!listed.has(type)) expect(notificationDuration(type), `type ${type}`).toBe(60_000);
    for (const type of [0, 1, 39, 99]) expect(notificationDuration(type), `type ${type}`).toBe(60_000);
  });
});

describe('announcement reach (spec §6)', () => {
  it('scope below 4 reaches only that designer type; 4 and above all', () => {
    expect(announcementReaches({ announcement_scope: 1 }, 1, [])).toBe(true);
    expect(announcementReaches({ announcement_scope: 1 }, 2, [])).toBe(false);
    expect(announcementReaches({ announcement_scope: 0 }, 0, [])).toBe(true);
    expect(announcementReaches({ announcement_scope: 4 }, 3, [])).toBe(true);
    expect(announcementReaches({ announcement_scope: 7 }, 2, [])).toBe(true);
  });
  it('product ids reach only designers with one of those products', () => {
    expect(announcementReaches({ announcement_scope: 4, product_ids: [3, 5] }, 1, [1, 5])).toBe(true);
    expect(announcementReaches({ announcement_scope: 4, product_ids: [3, 5] }, 1, [1, 2])).toBe(false);
    expect(announcementReaches({ announcement_scope: 4, product_ids: [] }, 1, [])).toBe(true);
  });
});
