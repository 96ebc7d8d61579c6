import { describe, expect, it } from 'vitest';
import { listParamsOf } from '../model/ticket-search';
import { ticketExportUrl } from './ticket.queries';

describe('ticketExportUrl', () => {
  it('carries the list’s query without paging, and the format', () => {
    const params = listParamsOf({ status: '0,5', markers: 'URGENT', keyword: '手提袋 DM', created_from: '2026-11-26', designer_id: 'D000003', overdue: true, page: 3, pageSize: 50 });
    const url = new URL(ticketExportUrl(params, 'xlsx'), 'http://x');
    expect(url.pathname).toBe('/api/tickets/export');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      format: 'xlsx',
      status: '0,5',
      markers: 'URGENT',
      keyword: '手提袋 DM',
      created_from: '2026-11-26',
      designer_id: 'D000003',
      overdue: '1',
      sort_by: 'created_at',
      sort_order: 'desc',
    });
    expect(ticketExportUrl(listParamsOf({ scope: 'pool' }), 'csv')).toBe('/api/tickets/export?format=csv&scope=pool&sort_by=created_at&sort_order=desc');
  });
});
