import { describe, expect, it } from 'vitest';
import type { TicketItem } from '@/entities/ticket';
import { draftKindFor } from './draft-target';

const ticket = (patch: Partial<TicketItem>): TicketItem => ({
  ticket_id: 1,
  order_no: 'A1',
  shop_id: 1,
  shop_name: '店',
  product_id: 1,
  product_name: '名片',
  title: '名片设计',
  status: '0',
  order_markers: '',
  work_markers: '',
  stage: 'waiting',
  allowed_minutes: 60,
  started_at: null,
  due_at: null,
  fee_cents: 100,
  team_id: 1,
  designer_id: 'D000002',
  designer_name: '设计师',
  allocation_id: 5,
  created_at: '2026-11-27T00:00:00.000Z',
  updated_at: '2026-11-27T00:00:00.000Z',
  ...patch,
});

describe('which draft a ticket takes from a template', () => {
  it('a first draft while none is in, then a final one; nothing on another’s or a closed ticket', () => {
    expect(draftKindFor(ticket({}), 'D000002')).toBe('first');
    expect(draftKindFor(ticket({ stage: 'final_draft' }), 'D000002')).toBe('final');
    expect(draftKindFor(ticket({}), 'D000003')).toBeNull();
    expect(draftKindFor(ticket({ status: '3' }), 'D000002')).toBeNull();
    expect(draftKindFor(ticket({ designer_id: null, allocation_id: null }), 'D000002')).toBeNull();
  });
});
