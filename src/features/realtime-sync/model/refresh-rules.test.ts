import { describe, expect, it } from 'vitest';
import { messageQueries } from '@/entities/message';
import { ticketKeys } from '@/entities/ticket';
import { keysToInvalidate, notificationHref, PANEL_REFRESH_TYPES, TICKET_REFRESH_TYPES } from './refresh-rules';

const has = (keys: unknown[], key: readonly unknown[]) => keys.some((k) => JSON.stringify(k) === JSON.stringify(key));

describe('refresh rules (spec §4)', () => {
  it('ticket refresh types are exactly 9–19, 21, 22, 23, 25, 28, 32', () => {
    expect([...TICKET_REFRESH_TYPES].sort((a, b) => a - b)).toEqual([9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 25, 28, 32]);
  });
  it('panel counter types are exactly 2, 3, 8–11, 14–16, 21, 22, 25, 27', () => {
    expect([...PANEL_REFRESH_TYPES].sort((a, b) => a - b)).toEqual([2, 3, 8, 9, 10, 11, 14, 15, 16, 21, 22, 25, 27]);
  });
  it('every message refreshes the message list and unread count', () => {
    for (let t = 2; t <= 34; t++) {
      const keys = keysToInvalidate(t);
      expect(has(keys, messageQueries.lists())).toBe(true);
      expect(has(keys, messageQueries.unread().queryKey)).toBe(true);
    }
  });
  it('maps each type to ticket and panel keys by the table', () => {
    expect(has(keysToInvalidate(2), ticketKeys.panelCounts())).toBe(true);
    expect(has(keysToInvalidate(2), ticketKeys.lists())).toBe(false);
    expect(has(keysToInvalidate(12), ticketKeys.lists())).toBe(true);
    expect(has(keysToInvalidate(12), ticketKeys.panelCounts())).toBe(false);
    expect(has(keysToInvalidate(21), ticketKeys.lists())).toBe(true);
    expect(has(keysToInvalidate(21), ticketKeys.panelCounts())).toBe(true);
    expect(has(keysToInvalidate(20), ticketKeys.all())).toBe(false);
    expect(has(keysToInvalidate(29), messageQueries.announcements())).toBe(true);
  });
  it('ticket notifications open My tickets, announcements their page', () => {
    expect(notificationHref(2, {})).toBe('/order-management/index');
    expect(notificationHref(25, { ticket_id: 5 })).toBe('/order-management/index?ticket=5');
    expect(notificationHref(29, { announcement_id: 7 })).toBe('/message-center/announcement?id=7');
    expect(notificationHref(35, {})).toBe('/message-center/index');
  });
});
