import { describe, expect, it } from 'vitest';
import { designerSettingsSchema, teamDesignerDetailSchema, teamDesignerPageSchema } from './team-designer.schema';

const row = {
  designer_id: 'D000002',
  designer_name: '李设计',
  phone: '138****0001',
  designer_type: 1,
  online_ticket_status: 1,
  load_today: 3,
  capacity_today: 10,
  daily_capacity: 8,
  products: [{ product_id: 1, name: '不干胶标签' }],
  open_tickets: 4,
  completed_30d: 20,
  on_time_rate_30d: 0.9,
  first_pass_rate_30d: null,
};

describe('team designer schemas', () => {
  it('reads a page of members and a member detail', () => {
    expect(teamDesignerPageSchema.parse({ items: [row], total: 1, page: 1, pageSize: 20 }).items[0]?.products[0]?.name).toBe('不干胶标签');
    const detail = teamDesignerDetailSchema.parse({
      ...row,
      recent_tickets: [],
      settlements: [
        {
          settlement_id: 5,
          designer_id: 'D000002',
          designer_name: '李设计',
          period_start: '2026-11-16',
          period_end: '2026-11-22',
          status: 'open',
          gross_cents: 10000,
          deduction_cents: 500,
          adjustment_cents: 0,
          net_cents: 9500,
          line_count: 3,
          confirmed_at: null,
          paid_at: null,
        },
      ],
      history: [{ ticket_id: 9, order_no: 'DM9', how: 'manual', assigned_at: '2026-11-20T02:00:00.000Z', ended_at: null, end_reason: null }],
      qualifications: [{ product_id: 3, product_name: '礼盒', exam_id: 4, exam_title: '礼盒包装资格考试', attempt_id: 11, qualified_at: '2026-11-21T03:00:00.000Z' }],
    });
    expect(detail.settlements[0]?.net_cents).toBe(9500);
    expect(detail.qualifications[0]?.exam_title).toBe('礼盒包装资格考试');
  });
  it('settings: capacity 0..200 whole, product ids positive', () => {
    expect(designerSettingsSchema.safeParse({ daily_capacity: 0, product_ids: [] }).success).toBe(true);
    expect(designerSettingsSchema.safeParse({ daily_capacity: 200, product_ids: [1, 2] }).success).toBe(true);
    expect(designerSettingsSchema.safeParse({ daily_capacity: 201, product_ids: [] }).error?.issues[0]?.message).toBe('每日接单量不能超过200');
    expect(designerSettingsSchema.safeParse({ daily_capacity: 1.5, product_ids: [] }).success).toBe(false);
    expect(designerSettingsSchema.safeParse({ daily_capacity: 1, product_ids: [0] }).success).toBe(false);
  });
});
