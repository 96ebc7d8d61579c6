import { describe, expect, it } from 'vitest';
import { moveItem } from './use-save-shortcuts';

describe('moveItem', () => {
  it('moves an entry up, down and to a dropped place', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 3)).toEqual(['b', 'c', 'd', 'a']);
  });
  it('stays within the list and leaves the input alone', () => {
    const list = ['a', 'b'];
    expect(moveItem(list, 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(list, 1, 5)).toEqual(['a', 'b']);
    expect(moveItem(list, 4, 0)).toEqual(['a', 'b']);
    expect(list).toEqual(['a', 'b']);
  });
});
