import { describe, expect, it } from 'vitest';
import { defaultView, pinnedViews, type SavedView, savedViewSchema, viewMatches } from './saved-view.schema';

const view = (over: Partial<SavedView> = {}): SavedView => ({
  view_id: 1,
  list: 'my-tickets',
  name: '待初稿',
  filters: { stage: 'waiting' },
  sort: null,
  columns: [],
  shared: false,
  pinned: true,
  position: 0,
  owner: { designer_id: 'D000002', name: '李设计' },
  mine: true,
  can_edit: true,
  can_delete: true,
  is_default: false,
  count: 3,
  updated_at: '2026-11-27T06:00:00.000Z',
  ...over,
});

describe('saved view', () => {
  it('parses the server’s answer and refuses a view without its count', () => {
    expect(savedViewSchema.parse(view())).toEqual(view());
    const { count: _count, ...noCount } = view();
    expect(savedViewSchema.safeParse(noCount).success).toBe(false);
  });

  it('matches the list’s state: same filters in any order, same sort (none = the list’s own), same columns in order', () => {
    const byCreated = { by: 'created_at', order: 'desc' as const };
    const v = view({ filters: { stage: 'waiting', status: '0,7' }, columns: ['order_no', 'title'] });
    expect(viewMatches(v, { filters: { status: '0,7', stage: 'waiting' }, sort: byCreated, columns: ['order_no', 'title'] }, byCreated)).toBe(true);
    expect(viewMatches(v, { filters: { status: '0,7', stage: 'waiting' }, sort: byCreated, columns: ['title', 'order_no'] }, byCreated)).toBe(false);
    expect(viewMatches(v, { filters: { status: '0,7' }, sort: byCreated, columns: ['order_no', 'title'] }, byCreated)).toBe(false);
    expect(viewMatches(v, { filters: { status: '0,7', stage: 'waiting', keyword: 'x' }, sort: byCreated, columns: ['order_no', 'title'] }, byCreated)).toBe(false);
    expect(viewMatches(v, { filters: { status: '0,7', stage: 'waiting' }, sort: { by: 'updated_at', order: 'desc' }, columns: ['order_no', 'title'] }, byCreated)).toBe(false);
    expect(viewMatches(view({ filters: {} }), { filters: {}, sort: null, columns: [] })).toBe(true);
  });

  it('tabs are the pinned views in order; the default is the one marked so', () => {
    const views = [view({ view_id: 1, pinned: false }), view({ view_id: 2 }), view({ view_id: 3, is_default: true })];
    expect(pinnedViews(views).map((v) => v.view_id)).toEqual([2, 3]);
    expect(defaultView(views)?.view_id).toBe(3);
    expect(defaultView([view()])).toBeUndefined();
  });
});
