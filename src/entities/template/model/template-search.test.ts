import { describe, expect, it } from 'vitest';
import {
  activeTemplateFilterCount,
  clearTemplateFilters,
  parseTemplateSearch,
  templateListParamsOf,
  toggleTagFilter,
  withTemplateFilters,
  withTemplateOpen,
  withTemplatePage,
} from './template-search';

describe('the library’s search params', () => {
  it('keeps what it can read of a hand-edited URL and drops the rest', () => {
    expect(
      parseTemplateSearch({ q: ' 名片 ', category: '名片', product_id: '3', tags: '蓝色, 简约,蓝色,,a,b,c,d', file_type: 'PSD', scope: 'everyone', sort: 'most_used', page: 2, id: 'x' }),
    ).toEqual({ q: '名片', category: '名片', product_id: 3, tags: '蓝色,简约,a,b,c', sort: 'most_used', page: 2 });
    expect(parseTemplateSearch(undefined)).toEqual({});
  });

  it('a filter change goes back to page 1 and keeps the open detail; clearing keeps the sort', () => {
    const s = parseTemplateSearch({ q: '海报', page: 3, id: 7, sort: 'most_used', scope: 'mine' });
    expect(withTemplateFilters(s, { category: '海报' })).toEqual({ q: '海报', id: 7, sort: 'most_used', scope: 'mine', category: '海报' });
    expect(withTemplateFilters(s, { q: undefined })).toEqual({ id: 7, sort: 'most_used', scope: 'mine' });
    expect(clearTemplateFilters(s)).toEqual({ sort: 'most_used', id: 7 });
    expect(activeTemplateFilterCount(s)).toBe(2);
    expect(withTemplatePage(s, 1)).toEqual({ q: '海报', id: 7, sort: 'most_used', scope: 'mine' });
    expect(withTemplateOpen(s, undefined)).toEqual({ q: '海报', page: 3, sort: 'most_used', scope: 'mine' });
  });

  it('a tag toggles in and out of the filter, five at most', () => {
    let s = parseTemplateSearch({ tags: 'a,b,c,d' });
    s = toggleTagFilter(s, 'e');
    expect(s.tags).toBe('a,b,c,d,e');
    expect(toggleTagFilter(s, 'f').tags).toBe('a,b,c,d,e');
    expect(toggleTagFilter(s, 'a').tags).toBe('b,c,d,e');
    expect(toggleTagFilter(parseTemplateSearch({ tags: 'a' }), 'a').tags).toBeUndefined();
  });

  it('asks the server for the filters and the page, never the open detail', () => {
    expect(templateListParamsOf(parseTemplateSearch({ q: '名片', id: 9, page: 2 }))).toEqual({ q: '名片', page: 2, pageSize: 24 });
    expect(templateListParamsOf({})).toEqual({ page: 1, pageSize: 24 });
  });
});
