import { describe, expect, it } from 'vitest';
import { addPicked, markPickedFailed, markPickedUploaded, type PickedFile, removePicked } from './picked-files';

const file = (id: string): PickedFile => ({ id, name: `${id}.png`, size: 10, contentType: 'image/png', status: 'uploading' });

describe('picked files', () => {
  it('uploading → done with its key, or error; a removed one is gone', () => {
    let list = addPicked([], [file('a'), file('b')], 5).list;
    list = markPickedUploaded(list, 'a', 'k/a.png');
    list = markPickedFailed(list, 'b');
    expect(list.map((f) => [f.id, f.status, f.key])).toEqual([
      ['a', 'done', 'k/a.png'],
      ['b', 'error', undefined],
    ]);
    expect(removePicked(list, 'a').map((f) => f.id)).toEqual(['b']);
  });

  it('takes files up to the limit and says how many were dropped', () => {
    const { list, dropped } = addPicked([file('x')], Array.from({ length: 12 }, (_, i) => file(String(i))), 10);
    expect(list).toHaveLength(10);
    expect(dropped).toBe(3);
  });

  it('the same key twice is kept once', () => {
    let list = addPicked([], [file('a'), file('b')], 5).list;
    list = markPickedUploaded(list, 'a', 'k');
    list = markPickedUploaded(list, 'b', 'k');
    expect(list.map((f) => f.id)).toEqual(['a']);
  });
});
