import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  clearFilters,
  hallSearchSchema,
  isPanelCountActive,
  listParamsOf,
  panelCountFilter,
  parseTicketSearch,
  searchForPanelCount,
  ticketSearchSchema,
  withFilters,
  withPage,
  withMyPlan,
  withTicket,
} from './ticket-search';
import { PANEL_COUNT_KEYS } from './ticket.schema';

describe('ticket search params', () => {
  it('parses a full, well-formed search', () => {
    const s = parseTicketSearch({
      page: 3,
      pageSize: 50,
      status: '0,5',
      markers: 'URGENT,LATE',
      shop_id: 2,
      product_id: '4',
      keyword: ' DM2026 ',
      created_from: '2026-11-01',
      created_to: '2026-11-22',
      stage: 'first_draft',
      overdue: true,
      sort_by: 'updated_at',
      sort_order: 'asc',
      designer_id: 'D000002',
      scope: 'team',
      ticket: 316,
    });
    expect(s).toEqual({
      page: 3,
      pageSize: 50,
      status: '0,5',
      markers: 'URGENT,LATE',
      shop_id: '2',
      product_id: '4',
      keyword: 'DM2026',
      created_from: '2026-11-01',
      created_to: '2026-11-22',
      stage: 'first_draft',
      overdue: true,
      sort_by: 'updated_at',
      sort_order: 'asc',
      designer_id: 'D000002',
      scope: 'team',
      ticket: 316,
    });
  });

  it('accepts what the router hands back as numbers or booleans', () => {
    // The router JSON-parses search values: status=5 arrives as a number, keyword=123 too.
    expect(parseTicketSearch({ status: 5, keyword: 123, overdue: '1' })).toEqual({ status: '5', keyword: '123', overdue: true });
    expect(parseTicketSearch({ overdue: 'true' }).overdue).toBe(true);
    expect(parseTicketSearch({ overdue: false }).overdue).toBeUndefined();
    expect(parseTicketSearch({ overdue: 0 }).overdue).toBeUndefined();
  });

  it('drops what it cannot read instead of failing', () => {
    const s = parseTicketSearch({
      page: 0,
      pageSize: 1000,
      status: '9,x',
      markers: 'NOPE',
      shop_id: -1,
      product_id: 'abc',
      keyword: '   ',
      created_from: '22/11/2026',
      stage: 'draft',
      sort_by: 'title',
      sort_order: 'up',
      designer_id: 'X1',
      scope: 'all',
      ticket: 1.5,
      other: 'kept out',
    });
    expect(s).toEqual({});
    expect(parseTicketSearch(undefined)).toEqual({});
    expect(parseTicketSearch('nonsense')).toEqual({});
  });

  it('normalises lists: trimmed, unknown codes dropped, duplicates removed', () => {
    expect(parseTicketSearch({ status: ' 5, 0,5,8' }).status).toBe('5,0');
    expect(parseTicketSearch({ markers: 'URGENT,,LATE,URGENT,bogus' }).markers).toBe('URGENT,LATE');
    // Several shops, products and designers (multi-select), and the columns shown.
    expect(parseTicketSearch({ shop_id: '3,2,3,0,x', product_id: [4, '5'], designer_id: 'D000002,X1,D000009', cols: 'title,nope,order_no' })).toEqual({
      shop_id: '3,2',
      product_id: '4,5',
      designer_id: 'D000002,D000009',
      cols: 'title,order_no',
    });
  });

  it('caps the keyword at 64 characters', () => {
    expect(parseTicketSearch({ keyword: 'a'.repeat(80) }).keyword).toHaveLength(64);
  });

  it('is stable: parsing its own output gives the same search', () => {
    const once = parseTicketSearch({ status: 5, markers: 'LATE,URGENT', overdue: 1, page: '2' });
    expect(ticketSearchSchema.parse(once)).toEqual(once);
  });

  it('hall search: page and page size only', () => {
    expect(hallSearchSchema.parse({ page: '2', pageSize: 50, status: '0' })).toEqual({ page: 2, pageSize: 50 });
    expect(hallSearchSchema.parse({ page: -2 })).toEqual({});
  });
});

describe('list query of a search', () => {
  it('fills in the defaults and leaves out the drawer', () => {
    expect(listParamsOf({ ticket: 5 })).toEqual({ page: 1, pageSize: 20, sort_by: 'created_at', sort_order: 'desc' });
  });

  it('sends every filter as the server takes it', () => {
    expect(
      listParamsOf({ status: '0,5', markers: 'URGENT', shop_id: '2,7', overdue: true, stage: 'waiting', keyword: 'DM', scope: 'pool', page: 2, cols: 'title' }),
    ).toEqual({
      status: '0,5',
      markers: 'URGENT',
      shop_id: '2,7',
      overdue: '1',
      stage: 'waiting',
      keyword: 'DM',
      scope: 'pool',
      page: 2,
      pageSize: 20,
      sort_by: 'created_at',
      sort_order: 'desc',
    });
  });

  it('puts a reversed date range in order', () => {
    const p = listParamsOf({ created_from: '2026-11-20', created_to: '2026-11-01' });
    expect([p.created_from, p.created_to]).toEqual(['2026-11-01', '2026-11-20']);
  });
});

describe('changing the search', () => {
  it('a filter change goes back to page 1 and drops cleared values', () => {
    expect(withFilters({ page: 4, status: '0', keyword: 'x', ticket: 9 }, { status: '5', keyword: undefined })).toEqual({ status: '5', ticket: 9 });
    expect(withFilters({ overdue: true }, { overdue: false as never })).toEqual({});
  });

  it('clearing filters keeps page size, sorting and the open drawer', () => {
    expect(clearFilters({ page: 2, pageSize: 50, sort_by: 'updated_at', status: '0', overdue: true, ticket: 3 })).toEqual({
      pageSize: 50,
      sort_by: 'updated_at',
      ticket: 3,
    });
  });

  it('counts the filters that are set', () => {
    expect(activeFilterCount({ page: 3, status: '0', overdue: true, ticket: 1, sort_by: 'updated_at' })).toBe(2);
    expect(activeFilterCount({})).toBe(0);
  });

  it('paging leaves defaults out of the URL', () => {
    expect(withPage({ status: '0' }, 1)).toEqual({ status: '0' });
    expect(withPage({ status: '0' }, 3)).toEqual({ status: '0', page: 3 });
    expect(withPage({ page: 3, pageSize: 50 }, 1, 20)).toEqual({});
  });

  it('opens and closes the drawer without touching the filters', () => {
    expect(withTicket({ status: '5', page: 2 }, 42)).toEqual({ status: '5', page: 2, ticket: 42 });
    expect(withTicket({ status: '5', ticket: 42 }, undefined)).toEqual({ status: '5' });
  });

  it('keeps the designer\'s own plan drawer open in the URL (a plan decision opens it)', () => {
    expect(parseTicketSearch({ plan: 'mine', status: '0' })).toEqual({ plan: 'mine', status: '0' });
    expect(parseTicketSearch({ plan: 'theirs' })).toEqual({});
    expect(withMyPlan({ status: '5' }, true)).toEqual({ status: '5', plan: 'mine' });
    expect(withMyPlan({ status: '5', plan: 'mine' }, false)).toEqual({ status: '5' });
  });
});

describe('panel count → list filter', () => {
  it('maps the counts the list can express exactly', () => {
    expect(panelCountFilter('waiting')).toEqual({ stage: 'waiting', status: '0,5,7' });
    expect(panelCountFilter('overdue')).toEqual({ overdue: true });
    expect(panelCountFilter('rejected')).toEqual({ status: '5' });
    for (const key of ['in_progress', 'first_draft_due', 'final_draft_due', 'appealing'] as const) expect(panelCountFilter(key)).toBeNull();
  });

  it('clicking a count replaces the filters with its own, on page 1', () => {
    expect(searchForPanelCount({ page: 3, keyword: 'x', status: '0', pageSize: 50 }, 'overdue')).toEqual({ pageSize: 50, overdue: true });
    // A lead's scope stays.
    expect(searchForPanelCount({ scope: 'pool', stage: 'done' }, 'rejected')).toEqual({ scope: 'pool', status: '5' });
    expect(searchForPanelCount({}, 'appealing')).toBeNull();
  });

  it('knows when the list shows exactly a count', () => {
    expect(isPanelCountActive({ overdue: true, page: 2 }, 'overdue')).toBe(true);
    expect(isPanelCountActive({ overdue: true, keyword: 'x' }, 'overdue')).toBe(false);
    expect(isPanelCountActive({ stage: 'waiting', status: '0,5,7' }, 'waiting')).toBe(true);
    expect(isPanelCountActive({ stage: 'waiting' }, 'waiting')).toBe(false);
    expect(isPanelCountActive({}, 'in_progress')).toBe(false);
    for (const key of PANEL_COUNT_KEYS) {
      const s = searchForPanelCount({}, key);
      if (s) expect(isPanelCountActive(parseTicketSearch(s), key)).toBe(true);
    }
  });
});
