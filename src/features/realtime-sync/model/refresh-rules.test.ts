import type { QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { appealKeys } from '@/entities/appeal';
import { commentKeys } from '@/entities/comment';
import { deductionKeys } from '@/entities/deduction';
import { messageQueries } from '@/entities/message';
import { orderPlanQueries } from '@/entities/order-plan';
import { savedViewKeys } from '@/entities/saved-view';
import { settlementKeys } from '@/entities/settlement';
import { teamBoardQueries } from '@/entities/team-board';
import { teamDesignerQueries } from '@/entities/team-designer';
import { ticketKeys } from '@/entities/ticket';
import { workbenchQueries } from '@/entities/workbench';
import { MESSAGE_TYPE, MESSAGE_TYPE_CODES, messageTypeOf, type RefreshArea } from '@/shared/contract';
import { AREA_KEYS, catchUpKeys, keysToInvalidate } from './refresh-rules';

const has = (keys: unknown[], key: readonly unknown[]) => keys.some((k) => JSON.stringify(k) === JSON.stringify(key));
/** The codes whose contract entry refreshes an area, ascending. */
const refreshing = (area: RefreshArea) => MESSAGE_TYPE_CODES.filter((c) => messageTypeOf(c)?.refreshes.includes(area));

const K = {
  messages: messageQueries.lists(),
  unread: messageQueries.unread().queryKey,
  home: workbenchQueries.homeKey(),
  announcements: messageQueries.announcements(),
  ticketLists: ticketKeys.lists(),
  ticketDetails: ticketKeys.details(),
  panelCounts: ticketKeys.panelCounts(),
  appealLists: appealKeys.lists(),
  appealDetails: appealKeys.details(),
  appealReview: appealKeys.review(),
  deductionLists: deductionKeys.lists(),
  settlementLists: settlementKeys.lists(),
  settlementDetails: settlementKeys.details(),
  teamBoard: teamBoardQueries.all(),
  teamDesigners: teamDesignerQueries.all(),
  planLists: orderPlanQueries.lists(),
  planDetails: orderPlanQueries.details(),
  myPlan: orderPlanQueries.mineAll(),
  comments: commentKeys.all(),
  study: ['study'],
  viewsMyTickets: savedViewKeys.list('my-tickets'),
  viewsTeamOrders: savedViewKeys.list('team-orders'),
  viewsAppeals: savedViewKeys.list('appeals'),
  viewsDeductions: savedViewKeys.list('deductions'),
  viewsReview: savedViewKeys.list('review-queue'),
} satisfies Record<string, QueryKey>;
type KeyName = keyof typeof K;

const TICKET_DATA: KeyName[] = [
  'ticketLists',
  'ticketDetails',
  'appealLists',
  'appealDetails',
  'deductionLists',
  'settlementLists',
  'settlementDetails',
];
const PANEL: KeyName[] = ['panelCounts', 'appealReview'];
const BOARD: KeyName[] = ['teamBoard', 'teamDesigners'];

/**
 * The keys each type invalidated before the contract (the number sets of refresh-rules.ts), besides
 * the message list and the unread count, written down from that implementation.
 */
const BEFORE_CONTRACT: Record<number, KeyName[]> = {
  2: [...PANEL, ...BOARD],
  3: [...PANEL, ...BOARD],
  4: ['appealReview', ...BOARD],
  5: ['appealReview', ...BOARD],
  6: ['appealReview', ...BOARD],
  7: ['appealReview', ...BOARD],
  8: [...PANEL, ...BOARD],
  9: [...TICKET_DATA, ...PANEL, ...BOARD],
  10: [...TICKET_DATA, ...PANEL, ...BOARD],
  11: [...TICKET_DATA, ...PANEL, ...BOARD],
  12: [...TICKET_DATA, ...BOARD],
  13: [...TICKET_DATA, ...BOARD],
  14: [...TICKET_DATA, ...PANEL, ...BOARD],
  15: [...TICKET_DATA, ...PANEL, ...BOARD],
  16: [...TICKET_DATA, ...PANEL, ...BOARD],
  17: [...TICKET_DATA, ...BOARD],
  18: [...TICKET_DATA, ...BOARD],
  19: [...TICKET_DATA, ...BOARD],
  20: [...BOARD],
  21: [...TICKET_DATA, ...PANEL, ...BOARD],
  22: [...TICKET_DATA, ...PANEL, ...BOARD],
  23: [...TICKET_DATA, ...BOARD],
  24: [...BOARD],
  25: [...TICKET_DATA, ...PANEL, ...BOARD],
  26: ['appealReview', ...BOARD],
  27: [...PANEL, ...BOARD],
  28: [...TICKET_DATA, ...BOARD],
  29: ['announcements'],
  30: ['planLists', 'planDetails'],
  31: ['planLists', 'planDetails'],
  32: [...TICKET_DATA, ...BOARD],
  33: ['myPlan'],
  34: ['myPlan'],
  35: ['teamDesigners', 'planDetails'],
};

/** Issue #24's comment types: the threads and the ticket rows (their unread comment badges). */
const COMMENT_TYPES = [36, 37, 38, 39];
/** Issue #16's assignments of a course (40) and an exam (41): the courses and exams pages. */
const STUDY_TYPES = [MESSAGE_TYPE.COURSE_ASSIGNED, MESSAGE_TYPE.EXAM_ASSIGNED, MESSAGE_TYPE.EXAM_SUBMITTED];

/**
 * What the refresh table adds on purpose: the ticket data of the types whose panel-count change My
 * tickets and the appeals page used to follow with their own refresh (those page effects are gone).
 */
const ADDED: Record<number, KeyName[]> = {
  2: TICKET_DATA,
  3: TICKET_DATA,
  8: TICKET_DATA,
  27: TICKET_DATA,
  ...Object.fromEntries(COMMENT_TYPES.map((t) => [t, ['comments', 'ticketLists', 'ticketDetails'] as KeyName[]])),
  ...Object.fromEntries(STUDY_TYPES.map((t) => [t, ['study'] as KeyName[]])),
};

const sortedJson = (keys: readonly QueryKey[]) => keys.map((k) => JSON.stringify(k)).sort();

/** Issue #18: the saved views of a list count its rows, so they refresh with them. */
const VIEWS_OF: Partial<Record<KeyName, KeyName[]>> = {
  ticketLists: ['viewsMyTickets', 'viewsTeamOrders'],
  appealLists: ['viewsAppeals'],
  deductionLists: ['viewsDeductions'],
  appealReview: ['viewsReview'],
};
const withViews = (names: KeyName[]): KeyName[] => [...names, ...names.flatMap((n) => VIEWS_OF[n] ?? [])];

describe('refresh rules (spec §4)', () => {
  it('every type refreshes the keys it did before the contract, plus the deliberate additions', () => {
    for (let t = 0; t <= 42; t++) {
      const names: KeyName[] = withViews(['messages', 'unread', 'home', ...(BEFORE_CONTRACT[t] ?? []), ...(ADDED[t] ?? [])]);
      const expected = sortedJson([...new Set(names)].map((n) => K[n]));
      expect(sortedJson(keysToInvalidate(t)), `type ${t}`).toEqual(expected);
    }
  });
  it('the contract covers types 2–42, nothing else', () => {
    expect(MESSAGE_TYPE_CODES).toEqual(Array.from({ length: 41 }, (_, i) => i + 2));
  });
  it('comment messages (36–39) refresh the open threads, the ticket rows’ unread badges and the ticket details’ timelines, nothing else', () => {
    expect(refreshing('comments')).toEqual(COMMENT_TYPES);
    for (const t of COMMENT_TYPES) {
      expect(sortedJson(keysToInvalidate(t))).toEqual(sortedJson([K.messages, K.unread, K.home, K.comments, K.ticketLists, K.ticketDetails, K.viewsMyTickets, K.viewsTeamOrders]));
    }
  });
  it('assignment messages (40, 41) and a submitted exam (42) refresh the courses and exams, nothing else', () => {
    expect(refreshing('study')).toEqual(STUDY_TYPES);
    for (const t of STUDY_TYPES) expect(sortedJson(keysToInvalidate(t))).toEqual(sortedJson([K.messages, K.unread, K.home, K.study]));
  });
  it('ticket refresh types are spec §4\'s 9–19, 21, 22, 23, 25, 28, 32, and the project\'s 2, 3, 8, 27', () => {
    expect(refreshing('tickets')).toEqual([2, 3, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 25, 27, 28, 32]);
  });
  it('panel counter types are exactly 2, 3, 8–11, 14–16, 21, 22, 25, 27', () => {
    expect(refreshing('panel-counts')).toEqual([2, 3, 8, 9, 10, 11, 14, 15, 16, 21, 22, 25, 27]);
  });
  it('every message refreshes the message list, unread count and the home (its message card), an unknown type nothing else', () => {
    for (const t of MESSAGE_TYPE_CODES) {
      const keys = keysToInvalidate(t);
      expect(has(keys, K.messages)).toBe(true);
      expect(has(keys, K.unread)).toBe(true);
      expect(has(keys, K.home)).toBe(true);
    }
    for (const t of [0, 1, 43, 99]) expect(sortedJson(keysToInvalidate(t))).toEqual(sortedJson([K.messages, K.unread, K.home]));
  });
  it('invalidates each key once', () => {
    for (const t of MESSAGE_TYPE_CODES) {
      const keys = sortedJson(keysToInvalidate(t));
      expect(new Set(keys).size, `type ${t}`).toBe(keys.length);
    }
  });
  it('maps each type to ticket and panel keys by the table', () => {
    expect(has(keysToInvalidate(MESSAGE_TYPE.QC_APPEAL_DECIDED), K.ticketLists)).toBe(true);
    expect(has(keysToInvalidate(MESSAGE_TYPE.QC_APPEAL_DECIDED), K.panelCounts)).toBe(false);
    expect(has(keysToInvalidate(MESSAGE_TYPE.TICKET_TRANSFERRED), K.ticketLists)).toBe(true);
    expect(has(keysToInvalidate(MESSAGE_TYPE.TICKET_TRANSFERRED), K.panelCounts)).toBe(true);
    expect(keysToInvalidate(MESSAGE_TYPE.DRAFT_URGED).some((k) => k[0] === 'ticket')).toBe(false);
    expect(has(keysToInvalidate(MESSAGE_TYPE.ANNOUNCEMENT), K.announcements)).toBe(true);
  });
  it('ticket messages refresh the team board and the members, nothing else does (issue #7)', () => {
    const ticketTypes = [...Array.from({ length: 27 }, (_, i) => i + 2), 32];
    expect(refreshing('team-board')).toEqual(ticketTypes);
    for (let t = 1; t <= 42; t++) {
      const keys = keysToInvalidate(t);
      expect(has(keys, K.teamBoard), `type ${t}`).toBe(ticketTypes.includes(t));
    }
    expect(has(keysToInvalidate(MESSAGE_TYPE.MANUALLY_ASSIGNED), K.teamDesigners)).toBe(true);
    expect(has(keysToInvalidate(MESSAGE_TYPE.ANNOUNCEMENT), K.teamBoard)).toBe(false);
    expect(has(keysToInvalidate(MESSAGE_TYPE.TEAM_MEMBER_JOINED), K.teamDesigners)).toBe(true);
  });
  it('plan change requests refresh the lead\'s plans, plan decisions the designer\'s own plan', () => {
    for (const t of [MESSAGE_TYPE.WEEKLY_PLAN_CHANGE_REQUESTED, MESSAGE_TYPE.REALTIME_PLAN_CHANGE_REQUESTED]) {
      expect(has(keysToInvalidate(t), K.planLists)).toBe(true);
      expect(has(keysToInvalidate(t), K.planDetails)).toBe(true);
      expect(has(keysToInvalidate(t), K.myPlan)).toBe(false);
    }
    for (const t of [MESSAGE_TYPE.WEEKLY_PLAN_DECIDED, MESSAGE_TYPE.REALTIME_PLAN_DECIDED]) {
      expect(has(keysToInvalidate(t), K.myPlan)).toBe(true);
      expect(has(keysToInvalidate(t), K.planLists)).toBe(false);
    }
    for (const t of [MESSAGE_TYPE.SYSTEM_ASSIGNED, MESSAGE_TYPE.TICKET_TRANSFERRED, MESSAGE_TYPE.ANNOUNCEMENT]) {
      expect(keysToInvalidate(t).some((k) => k[0] === 'order-plan')).toBe(false);
    }
  });
});

describe('saved views’ live counts (issue #18)', () => {
  it('a list’s views refresh whenever its rows do, and only then', () => {
    for (let t = 0; t <= 42; t++) {
      const keys = keysToInvalidate(t);
      for (const [rows, views] of Object.entries(VIEWS_OF) as [KeyName, KeyName[]][]) {
        for (const v of views) expect(has(keys, K[v]), `type ${t}, ${v}`).toBe(has(keys, K[rows]));
      }
    }
  });
  it('a new ticket (system assigned) refreshes the counts of My tickets’ and team orders’ views', () => {
    const keys = keysToInvalidate(MESSAGE_TYPE.SYSTEM_ASSIGNED);
    expect(has(keys, K.viewsMyTickets)).toBe(true);
    expect(has(keys, K.viewsTeamOrders)).toBe(true);
  });
  it('a filed appeal refreshes the review queue’s views; an announcement no view', () => {
    expect(has(keysToInvalidate(MESSAGE_TYPE.FEE_APPEAL_FILED), K.viewsReview)).toBe(true);
    expect(keysToInvalidate(MESSAGE_TYPE.ANNOUNCEMENT).some((k) => k[0] === 'saved-view')).toBe(false);
  });
});

describe('lists the panel counts summarise (formerly page effects of My tickets and the appeals page)', () => {
  // My tickets refreshed ticketKeys.lists() whenever the panel counts changed, the appeals page
  // appealKeys.all() (lists, details, review queue) whenever the appealing count did. The counts
  // change with the panel-refresh types; each of them now refreshes those lists itself.
  it('every type that refreshes the panel counts refreshes the ticket lists', () => {
    for (const t of refreshing('panel-counts')) expect(has(keysToInvalidate(t), K.ticketLists), `type ${t}`).toBe(true);
  });
  it('a system-assigned ticket appears in My tickets without a reload', () => {
    expect(has(keysToInvalidate(MESSAGE_TYPE.SYSTEM_ASSIGNED), K.ticketLists)).toBe(true);
  });
  it('every type that refreshes the panel counts refreshes the appeal lists, details and review queue', () => {
    for (const t of refreshing('panel-counts')) {
      for (const key of [K.appealLists, K.appealDetails, K.appealReview]) {
        expect(has(keysToInvalidate(t), key), `type ${t} ${JSON.stringify(key)}`).toBe(true);
      }
    }
  });
  it('every appeal decision refreshes the appellant\'s appeal list and detail; a filed fee appeal too', () => {
    const decided = [
      MESSAGE_TYPE.FEE_APPEAL_DECIDED,
      MESSAGE_TYPE.REJECT_APPEAL_DECIDED,
      MESSAGE_TYPE.DRAFT_APPEAL_DECIDED,
      MESSAGE_TYPE.QC_APPEAL_DECIDED,
      MESSAGE_TYPE.AFTER_SALES_APPEAL_DECIDED,
      MESSAGE_TYPE.FACTORY_REJECT_APPEAL_DECIDED,
    ];
    for (const t of [...decided, MESSAGE_TYPE.FEE_APPEAL_FILED]) {
      expect(has(keysToInvalidate(t), K.appealLists), `type ${t}`).toBe(true);
      expect(has(keysToInvalidate(t), K.appealDetails), `type ${t}`).toBe(true);
    }
    // A decided fee appeal changes the fees.
    expect(has(keysToInvalidate(MESSAGE_TYPE.FEE_APPEAL_DECIDED), K.settlementLists)).toBe(true);
  });
});

describe('refresh rules of appeals, deductions and settlements (issue #5)', () => {
  const ticketData = TICKET_DATA.map((n) => K[n]);

  it('ticket-refresh types refresh appeal, deduction and settlement lists; no other type does', () => {
    const ticketTypes = refreshing('tickets');
    for (let t = 1; t <= 42; t++) {
      const keys = keysToInvalidate(t);
      for (const key of ticketData) {
        // Comment messages refresh the ticket rows (their unread badges) and details (the timeline), not the rest of the ticket data.
        const expected = ticketTypes.includes(t) || ((key === K.ticketLists || key === K.ticketDetails) && COMMENT_TYPES.includes(t));
        expect(has(keys, key), `type ${t} ${JSON.stringify(key)}`).toBe(expected);
      }
    }
    // Deductions and the QC / after-sales decisions reach the fee screens live.
    const { QC_APPEAL_DECIDED, AFTER_SALES_APPEAL_DECIDED, AFTER_SALES_DEDUCTION, QC_DEDUCTION, REVIEW_DEDUCTION } = MESSAGE_TYPE;
    for (const t of [QC_APPEAL_DECIDED, AFTER_SALES_APPEAL_DECIDED, AFTER_SALES_DEDUCTION, QC_DEDUCTION, REVIEW_DEDUCTION]) {
      expect(has(keysToInvalidate(t), K.settlementLists)).toBe(true);
    }
  });

  it('panel-refresh types and every filed appeal refresh the lead\'s review queue', () => {
    expect(has(keysToInvalidate(MESSAGE_TYPE.FEE_APPEAL_FILED), K.appealReview)).toBe(true);
    expect(has(keysToInvalidate(MESSAGE_TYPE.FEE_APPEAL_FILED), K.panelCounts)).toBe(true);
    // Reject, draft, QC, after-sales and factory-reject appeals too, though they refresh no panel count.
    const filed = [
      MESSAGE_TYPE.REJECT_APPEAL_FILED,
      MESSAGE_TYPE.DRAFT_APPEAL_FILED,
      MESSAGE_TYPE.QC_APPEAL_FILED,
      MESSAGE_TYPE.AFTER_SALES_APPEAL_FILED,
      MESSAGE_TYPE.FACTORY_REJECT_APPEAL_FILED,
    ];
    for (const t of filed) {
      expect(has(keysToInvalidate(t), K.appealReview), `type ${t}`).toBe(true);
      expect(has(keysToInvalidate(t), K.panelCounts), `type ${t}`).toBe(false);
    }
    const reviewTypes = [...new Set([...refreshing('panel-counts'), ...refreshing('appeal-review')])];
    expect(reviewTypes.sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 14, 15, 16, 21, 22, 25, 26, 27]);
    for (let t = 1; t <= 42; t++) expect(has(keysToInvalidate(t), K.appealReview), `type ${t}`).toBe(reviewTypes.includes(t));
  });

  it('the review queue is its own key, outside the designer\'s lists', () => {
    expect(JSON.stringify(appealKeys.review()).startsWith(JSON.stringify(appealKeys.lists()).slice(0, -1))).toBe(false);
    expect(appealKeys.review().slice(0, 1)).toEqual(appealKeys.all());
  });
});

describe('the area map', () => {
  it('maps every area some type refreshes to at least one key', () => {
    for (const t of MESSAGE_TYPE_CODES) {
      for (const area of messageTypeOf(t)?.refreshes ?? []) expect(AREA_KEYS[area].length, area).toBeGreaterThan(0);
    }
  });
});

describe('catching up after (re)subscribing', () => {
  it('refreshes every key some message type would, once each', () => {
    const keys = catchUpKeys().map((k) => JSON.stringify(k));
    expect(new Set(keys).size).toBe(keys.length);
    for (let t = 2; t <= 41; t++) for (const key of keysToInvalidate(t)) expect(keys, `type ${t}`).toContain(JSON.stringify(key));
    // The unread badge and the ticket lists are among them.
    expect(keys).toContain(JSON.stringify(K.unread));
    expect(keys).toContain(JSON.stringify(K.ticketLists));
    // Nothing else: every key in the area map, the message keys, the home and every list's saved views.
    const views = [K.viewsMyTickets, K.viewsTeamOrders, K.viewsAppeals, K.viewsDeductions, K.viewsReview];
    const all = new Set([K.messages, K.unread, K.home, ...Object.values(AREA_KEYS).flat(), ...views].map((k) => JSON.stringify(k)));
    expect([...keys].sort()).toEqual([...all].sort());
  });
});
