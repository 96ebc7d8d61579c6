import { describe, expect, it } from 'vitest';
import {
  draftSyncText,
  panelCountsSchema,
  TICKET_STAGES,
  TICKET_STATUS,
  TICKET_STATUSES,
  ticketDetailSchema,
  ticketPageSchema,
  ticketStageSchema,
  ticketStatusSchema,
} from './ticket.schema';

describe('ticket vocabularies', () => {
  it('statuses are the strings "0" to "7" (spec §3)', () => {
    expect(TICKET_STATUSES).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
    expect(Object.values(TICKET_STATUS)).toEqual([...TICKET_STATUSES]);
    for (const s of TICKET_STATUSES) expect(ticketStatusSchema.safeParse(s).success).toBe(true);
    for (const s of [0, '8', '', 'normal', null]) expect(ticketStatusSchema.safeParse(s).success).toBe(false);
  });

  it('stages', () => {
    for (const s of TICKET_STAGES) expect(ticketStageSchema.safeParse(s).success).toBe(true);
    expect(ticketStageSchema.safeParse('first-draft').success).toBe(false);
  });

  it('draft sync statuses (spec §3)', () => {
    expect([0, 1, 2, 3].map(draftSyncText)).toEqual(['未同步', '已同步', '同步失败', '自动审核失败']);
    expect(draftSyncText(9)).toContain('9');
  });
});

const item = {
  ticket_id: 316,
  order_no: 'DM202611220030',
  shop_id: 3,
  shop_name: '快印工坊',
  product_id: 1,
  product_name: '不干胶标签',
  title: '不干胶标签设计',
  status: '0',
  order_markers: 'URGENT',
  work_markers: 'ABNORMAL',
  stage: 'final_draft',
  allowed_minutes: 720,
  started_at: '2026-11-22T08:45:57.315Z',
  due_at: '2026-11-22T20:45:57.315Z',
  fee_cents: 8000,
  team_id: 1,
  designer_id: 'D000002',
  designer_name: '陈思远',
  allocation_id: 288,
  created_at: '2026-11-22T08:17:57.315Z',
  updated_at: '2026-11-22T10:45:33.362Z',
};

describe('ticket contract (server ticket.schemas.ts)', () => {
  it('reads a list page and an unassigned hall ticket', () => {
    const hall = { ...item, designer_id: null, designer_name: null, allocation_id: null, started_at: null, due_at: null, team_id: null };
    expect(ticketPageSchema.parse({ items: [item, hall], total: 2, page: 1, pageSize: 20 }).items).toHaveLength(2);
  });

  it('reads a detail with drafts, timeline and allocations', () => {
    const detail = ticketDetailSchema.parse({
      ...item,
      requirements: '沿用上次版式',
      customer_notes: '',
      attachments: [
        { name: '参考图.jpg', url: 'attachment/reference/DM1.jpg', read_url: '/oss/attachment/reference/DM1.jpg?OSSAccessKeyId=LOCAL&Expires=1764000900&Signature=s', content_type: 'image/jpeg' },
      ],
      drafts: [
        {
          draft_id: 1,
          ticket_id: 316,
          allocation_id: 288,
          designer_id: 'D000002',
          kind: 'first',
          files: ['draft/D000002/20261122/x/a.pdf'],
          read_urls: ['/oss/draft/D000002/20261122/x/a.pdf?OSSAccessKeyId=LOCAL&Expires=1764000900&Signature=s'],
          note: '',
          sync_status: 1,
          audit_result: '正常',
          audited_at: '2026-11-22T10:45:33.362Z',
          created_at: '2026-11-22T09:37:46.669Z',
        },
      ],
      timeline: [
        { event_id: 1, type: 'created', type_name: '工单创建', actor: { kind: 'upstream', designer_id: null, name: '订单系统' }, detail: { source: 'upstream' }, created_at: item.created_at },
      ],
      allocations: [{ allocation_id: 288, designer_id: 'D000002', designer_name: '陈思远', how: 'system', assigned_at: item.started_at, ended_at: null, end_reason: null }],
    });
    expect(detail.drafts[0]!.kind).toBe('first');
    expect(detail.timeline[0]!.actor.name).toBe('订单系统');
  });

  it('fails loudly on a drifted item', () => {
    expect(ticketPageSchema.safeParse({ items: [{ ...item, stage: 'drafting' }], total: 1, page: 1, pageSize: 20 }).success).toBe(false);
    expect(ticketPageSchema.safeParse({ items: [{ ...item, ticket_id: '316' }], total: 1, page: 1, pageSize: 20 }).success).toBe(false);
  });

  it('panel counts', () => {
    const counts = { waiting: 18, in_progress: 76, first_draft_due: 2, final_draft_due: 5, overdue: 35, rejected: 10, appealing: 0 };
    expect(panelCountsSchema.parse(counts)).toEqual(counts);
    expect(panelCountsSchema.safeParse({ ...counts, overdue: undefined }).success).toBe(false);
  });
});
