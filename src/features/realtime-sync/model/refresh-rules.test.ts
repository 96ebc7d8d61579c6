import { describe, expect, it } from 'vitest';
import { appealKeys } from '@/entities/appeal';
import { deductionKeys } from '@/entities/deduction';
import { messageQueries } from '@/entities/message';
import { orderPlanQueries } from '@/entities/order-plan';
import { settlementKeys } from '@/entities/settlement';
import { teamBoardQueries } from '@/entities/team-board';
import { teamDesignerQueries } from '@/entities/team-designer';
import { ticketKeys } from '@/entities/ticket';
import { APPEAL_FILED_TYPES, catchUpKeys, keysToInvalidate, notificationHref, PANEL_REFRESH_TYPES, TEAM_BOARD_REFRESH_TYPES, TICKET_REFRESH_TYPES } from './refresh-rules';

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
  it('ticket messages refresh the team board and the members, nothing else does (issue #7)', () => {
    const ticketTypes = [...Array.from({ length: 27 }, (_, i) => i + 2), 32];
    expect([...TEAM_BOARD_REFRESH_TYPES].sort((a, b) => a - b)).toEqual(ticketTypes);
    for (let t = 1; t <= 40; t++) {
      const keys = keysToInvalidate(t);
      expect(has(keys, teamBoardQueries.all()), `type ${t}`).toBe(ticketTypes.includes(t));
    }
    expect(has(keysToInvalidate(25), teamDesignerQueries.all())).toBe(true);
    expect(has(keysToInvalidate(29), teamBoardQueries.all())).toBe(false);
    expect(has(keysToInvalidate(35), teamDesignerQueries.all())).toBe(true);
  });
  it('30/31 refresh the lead\'s plans, 33/34 the designer\'s own plan', () => {
    for (const t of [30, 31]) {
      expect(has(keysToInvalidate(t), orderPlanQueries.lists())).toBe(true);
      expect(has(keysToInvalidate(t), orderPlanQueries.details())).toBe(true);
      expect(has(keysToInvalidate(t), orderPlanQueries.mineAll())).toBe(false);
    }
    for (const t of [33, 34]) {
      expect(has(keysToInvalidate(t), orderPlanQueries.mineAll())).toBe(true);
      expect(has(keysToInvalidate(t), orderPlanQueries.lists())).toBe(false);
    }
    for (const t of [2, 21, 29]) expect(keysToInvalidate(t).some((k) => k[0] === 'order-plan')).toBe(false);
  });
  it('plan requests open the plan, plan decisions open My tickets', () => {
    expect(notificationHref(31, { plan_id: 4 })).toBe('/order-plan/detail/4');
    expect(notificationHref(30, {})).toBe('/order-plan/index');
    expect(notificationHref(30, { plan_id: 'x' })).toBe('/order-plan/index');
    expect(notificationHref(34, {})).toBe('/order-management/index');
  });
});

describe('refresh rules of appeals, deductions and settlements (issue #5)', () => {
  const ticketData = [appealKeys.lists(), appealKeys.details(), deductionKeys.lists(), settlementKeys.lists(), settlementKeys.details()];

  it('ticket-refresh types refresh appeal, deduction and settlement lists; no other type does', () => {
    for (let t = 2; t <= 35; t++) {
      const keys = keysToInvalidate(t);
      for (const key of ticketData) expect(has(keys, key), `type ${t} ${JSON.stringify(key)}`).toBe(TICKET_REFRESH_TYPES.has(t));
    }
    // Deductions (17–19) and the QC / after-sales decisions (12, 13) reach the fee screens live.
    for (const t of [12, 13, 17, 18, 19]) expect(has(keysToInvalidate(t), settlementKeys.lists())).toBe(true);
  });

  it('panel-refresh types and every filed appeal refresh the lead\'s review queue', () => {
    expect(has(keysToInvalidate(3), appealKeys.review())).toBe(true);
    expect(has(keysToInvalidate(3), ticketKeys.panelCounts())).toBe(true);
    // Reject, draft, QC, after-sales and factory-reject appeals too, though they refresh no panel count.
    for (const t of [4, 5, 6, 7, 26]) {
      expect(has(keysToInvalidate(t), appealKeys.review()), `type ${t}`).toBe(true);
      expect(has(keysToInvalidate(t), ticketKeys.panelCounts()), `type ${t}`).toBe(false);
    }
    for (let t = 2; t <= 35; t++) expect(has(keysToInvalidate(t), appealKeys.review()), `type ${t}`).toBe(PANEL_REFRESH_TYPES.has(t) || APPEAL_FILED_TYPES.has(t));
  });

  it('the review queue is its own key, outside the designer\'s lists', () => {
    expect(JSON.stringify(appealKeys.review()).startsWith(JSON.stringify(appealKeys.lists()).slice(0, -1))).toBe(false);
    expect(appealKeys.review().slice(0, 1)).toEqual(appealKeys.all());
  });
});

describe('catching up after (re)subscribing', () => {
  it('refreshes every key some message type would, once each', () => {
    const keys = catchUpKeys().map((k) => JSON.stringify(k));
    expect(new Set(keys).size).toBe(keys.length);
    for (let t = 2; t <= 35; t++) for (const key of keysToInvalidate(t)) expect(keys, `type ${t}`).toContain(JSON.stringify(key));
    // The unread badge and the ticket lists are among them.
    expect(keys).toContain(JSON.stringify(messageQueries.unread().queryKey));
    expect(keys).toContain(JSON.stringify(ticketKeys.lists()));
  });
});
