import { describe, expect, it } from 'vitest';
import { myPlanSchema, planChangeRequestSchema, planDetailSchema } from './order-plan.schema';

const request = {
  request_id: 3,
  plan_id: 1,
  week_start: '2026-11-23',
  designer_id: 'D000002',
  designer_name: '李设计',
  kind: 'realtime',
  changes: [{ day: '2026-11-26', capacity: 4 }],
  reason: '下午请假',
  status: 'pending',
  reviewer_name: null,
  review_note: '',
  created_at: '2026-11-26T02:00:00.000Z',
  reviewed_at: null,
};

describe('order plan schemas', () => {
  it('reads a plan detail and a designer plan', () => {
    const days = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];
    const plan = planDetailSchema.parse({
      plan_id: 1,
      week_start: days[0],
      week_end: days[6],
      days,
      rows: [{ designer_id: 'D000002', designer_name: '李设计', cells: days.map((day) => ({ day, capacity: 8 })) }],
      requests: [request],
    });
    expect(plan.requests[0]?.kind).toBe('realtime');
    expect(myPlanSchema.parse({ week_start: days[0], plan_id: null, cells: [], requests: [] }).plan_id).toBeNull();
    expect(planDetailSchema.safeParse({ ...plan, requests: [{ ...request, status: 'done' }] }).success).toBe(false);
  });
  it('a change request: 1..7 days of 0..200 and a reason', () => {
    const body = { kind: 'weekly', week_start: '2026-11-30', changes: [{ day: '2026-11-30', capacity: 0 }], reason: ' 出差 ' };
    expect(planChangeRequestSchema.parse(body).reason).toBe('出差');
    expect(planChangeRequestSchema.safeParse({ ...body, changes: [] }).error?.issues[0]?.message).toBe('请至少修改一天的接单量');
    expect(planChangeRequestSchema.safeParse({ ...body, changes: [{ day: '2026-11-30', capacity: 201 }] }).success).toBe(false);
    expect(planChangeRequestSchema.safeParse({ ...body, reason: '' }).error?.issues[0]?.message).toBe('请填写变更原因');
  });
});
