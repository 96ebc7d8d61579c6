import { describe, expect, it } from 'vitest';
import type { SavedView } from '@/entities/saved-view';
import { hasTicketFilters, ticketSearchOfView, ticketViewState } from './ticket-view-state';

const view = (over: Partial<SavedView>): SavedView => ({
  view_id: 7,
  list: 'team-orders',
  name: '两位设计师',
  filters: {},
  sort: null,
  columns: [],
  shared: true,
  pinned: true,
  position: 0,
  owner: { designer_id: 'D000001', name: '王组长' },
  mine: true,
  can_edit: true,
  can_delete: true,
  is_default: false,
  count: 0,
  updated_at: '2026-11-27T06:00:00.000Z',
  ...over,
});

describe('a ticket list as a saved view', () => {
  it('holds the list query’s filters (as the URL carries them), the sort and the chosen columns; not the page or the drawer', () => {
    const state = ticketViewState({
      status: '0,7',
      designer_id: 'D000002,D000003',
      product_id: '1,4',
      overdue: true,
      page: 3,
      pageSize: 50,
      ticket: 9,
      sort_by: 'updated_at',
      cols: 'order_no,title',
    });
    expect(state).toEqual({
      filters: { status: '0,7', designer_id: 'D000002,D000003', product_id: '1,4', overdue: '1' },
      sort: { by: 'updated_at', order: 'desc' },
      columns: ['order_no', 'title'],
    });
  });

  it('a view comes back as the same search (page size and open drawer kept, default sort left out)', () => {
    const v = view({ filters: { status: '5', shop_id: '2,3', overdue: '1' }, sort: { by: 'created_at', order: 'asc' }, columns: ['title'] });
    const search = ticketSearchOfView(v, { pageSize: 50, ticket: 4, keyword: 'old', page: 2 });
    expect(search).toEqual({ status: '5', shop_id: '2,3', overdue: true, sort_order: 'asc', cols: 'title', pageSize: 50, ticket: 4 });
    expect(ticketViewState(search)).toEqual({ filters: v.filters, sort: v.sort, columns: v.columns });
  });

  it('「全部」 clears filters, sort and columns; filters are what decide the default view', () => {
    expect(ticketSearchOfView(null, { status: '5', sort_by: 'updated_at', cols: 'title', pageSize: 50 })).toEqual({ pageSize: 50 });
    expect(hasTicketFilters({ ticket: 3, sort_by: 'updated_at', pageSize: 50 })).toBe(false);
    expect(hasTicketFilters({ product_id: '3' })).toBe(true);
  });
});
