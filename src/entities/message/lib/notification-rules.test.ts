import { describe, expect, it } from 'vitest';
import { announcementReaches, notificationDuration } from './notification-rules';

describe('notification durations (spec §9)', () => {
  it.each([
    [2, 120_000],
    [25, 60_000],
    [9, 7_200_000],
    [14, 7_200_000],
    [20, 7_200_000],
    [21, 7_200_000],
    [22, 7_200_000],
    [24, 7_200_000],
    [32, 7_200_000],
    [33, 600_000],
    [34, 600_000],
    [29, 7_200_000],
    [3, 60_000],
    [15, 60_000],
  ])('type %i stays %i ms', (type, ms) => expect(notificationDuration(type)).toBe(ms));
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
