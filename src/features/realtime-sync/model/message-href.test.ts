import { describe, expect, it } from 'vitest';
import { APPEAL_MESSAGE_TYPES, MESSAGE_TYPE, MESSAGE_TYPE_CODES, messageTypeOf } from '@/shared/contract';
import { notificationHref } from './message-href';

/** What a message (its notification, its row in the message centre) opens, by what its type is about. */
describe('notificationHref: a message opens its target', () => {
  it('a ticket message opens My tickets with that ticket\'s drawer', () => {
    expect(notificationHref(MESSAGE_TYPE.MANUALLY_ASSIGNED, { ticket_id: 5, allocation_id: 9 } as never)).toBe('/order-management/index?ticket=5');
    expect(notificationHref(MESSAGE_TYPE.ORDER_CLOSED, { ticket_id: 12 })).toBe('/order-management/index?ticket=12');
    // A deduction is read on its ticket.
    expect(notificationHref(MESSAGE_TYPE.QC_DEDUCTION, { ticket_id: 3 })).toBe('/order-management/index?ticket=3');
    expect(notificationHref(MESSAGE_TYPE.SYSTEM_ASSIGNED, {})).toBe('/order-management/index');
    expect(notificationHref(MESSAGE_TYPE.SYSTEM_ASSIGNED, { ticket_id: 0 })).toBe('/order-management/index');
  });

  it('every ticket type opens the ticket drawer', () => {
    const ticketTypes = MESSAGE_TYPE_CODES.filter((t) => messageTypeOf(t)?.opens === 'ticket');
    expect(ticketTypes.length).toBeGreaterThan(15);
    for (const t of ticketTypes) expect(notificationHref(t, { ticket_id: 42 }), `type ${t}`).toBe('/order-management/index?ticket=42');
  });

  it('an appeal message opens that appeal: a decision in my appeals, a filing in the lead\'s review queue', () => {
    for (const { filed, decided } of Object.values(APPEAL_MESSAGE_TYPES)) {
      expect(notificationHref(decided, { ticket_id: 5, appeal_id: 7 })).toBe('/order-management/appeal?appeal=7');
      expect(notificationHref(filed, { ticket_id: 5, appeal_id: 7 })).toBe('/order-management/appeal?tab=review&appeal=7');
    }
    // Without the appeal's id (a demo message emitted by type): its ticket.
    expect(notificationHref(MESSAGE_TYPE.FEE_APPEAL_DECIDED, { ticket_id: 5 })).toBe('/order-management/index?ticket=5');
    expect(notificationHref(MESSAGE_TYPE.FEE_APPEAL_DECIDED, { ticket_id: 5, appeal_id: 'x' })).toBe('/order-management/index?ticket=5');
  });

  it('a plan change request opens the plan; a decided one the designer\'s own plan (我的计划 on My tickets)', () => {
    expect(notificationHref(MESSAGE_TYPE.REALTIME_PLAN_CHANGE_REQUESTED, { plan_id: 4 })).toBe('/order-plan/detail/4');
    expect(notificationHref(MESSAGE_TYPE.WEEKLY_PLAN_CHANGE_REQUESTED, {})).toBe('/order-plan/index');
    expect(notificationHref(MESSAGE_TYPE.WEEKLY_PLAN_CHANGE_REQUESTED, { plan_id: 'x' })).toBe('/order-plan/index');
    expect(notificationHref(MESSAGE_TYPE.REALTIME_PLAN_DECIDED, { plan_id: 4 })).toBe('/order-management/index?plan=mine');
    expect(notificationHref(MESSAGE_TYPE.WEEKLY_PLAN_DECIDED, {})).toBe('/order-management/index?plan=mine');
  });

  it('an announcement opens /message-center/announcement?id=; a member who joined the message centre', () => {
    expect(notificationHref(MESSAGE_TYPE.ANNOUNCEMENT, { announcement_id: 7 })).toBe('/message-center/announcement?id=7');
    expect(notificationHref(MESSAGE_TYPE.ANNOUNCEMENT, {})).toBe('/message-center/index');
    expect(notificationHref(MESSAGE_TYPE.TEAM_MEMBER_JOINED, { ticket_id: 5 })).toBe('/message-center/index');
  });

  it('an assigned course (40) opens the course, an assigned exam (41) the exam; without an id 学习考试', () => {
    expect(notificationHref(MESSAGE_TYPE.COURSE_ASSIGNED, { course_id: 3 })).toBe('/study-exam/course-detail?id=3');
    expect(notificationHref(MESSAGE_TYPE.EXAM_ASSIGNED, { exam_id: 8 })).toBe('/online-exam?id=8');
    expect(notificationHref(MESSAGE_TYPE.COURSE_ASSIGNED, { course_id: 'x' })).toBe('/study-exam/index');
    expect(notificationHref(MESSAGE_TYPE.EXAM_ASSIGNED, {})).toBe('/study-exam/index');
    expect(notificationHref(MESSAGE_TYPE.EXAM_SUBMITTED, { exam_id: 4, attempt_id: 9 })).toBe('/study-exam/index?tab=manage');
  });

  it('every type of the contract says what it opens', () => {
    for (const t of MESSAGE_TYPE_CODES) expect(messageTypeOf(t)?.opens, `type ${t}`).toMatch(/^(ticket|appeal|plan-request|my-plan|announcement|team-member|study|study-result)$/);
  });
});
