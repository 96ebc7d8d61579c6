import { describe, expect, it } from 'vitest';
import { moved } from './use-view-mutations';
import { viewNameError } from './view-name';

describe('reordering views', () => {
  it('moves one item to a new place, the others keep their order', () => {
    expect(moved([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4]);
    expect(moved([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3]);
    expect(moved([1, 2, 3], 1, 1)).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], 0, 9)).toEqual([2, 3, 1]);
  });
});

describe('a view’s name', () => {
  it('is required and at most 30 characters', () => {
    expect(viewNameError('  ')).toBe('请输入视图名称');
    expect(viewNameError('待'.repeat(31))).toBe('视图名称不能超过30个字符');
    expect(viewNameError(' 待初稿 ')).toBeUndefined();
  });
});
