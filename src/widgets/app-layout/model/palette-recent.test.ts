// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { pushRecent, RECENT_MAX, readRecent } from './palette-recent';

afterEach(() => localStorage.clear());

describe('palette recent items', () => {
  it('keeps the newest first, each once, at most RECENT_MAX, per person', () => {
    for (let i = 0; i < RECENT_MAX + 3; i += 1) pushRecent('D1', { kind: 'ticket', key: String(i), label: `T${i}` });
    pushRecent('D1', { kind: 'ticket', key: '5', label: 'T5' });
    const list = readRecent('D1');
    expect(list).toHaveLength(RECENT_MAX);
    expect(list[0]).toEqual({ kind: 'ticket', key: '5', label: 'T5' });
    expect(list.filter((r) => r.key === '5')).toHaveLength(1);
    expect(readRecent('D2')).toEqual([]);
  });

  it('ignores what it cannot read', () => {
    localStorage.setItem('palette-recent:D1', '{not json');
    expect(readRecent('D1')).toEqual([]);
    localStorage.setItem('palette-recent:D1', JSON.stringify([{ kind: 'page' }, { kind: 'page', key: '/home', label: '首页' }]));
    expect(readRecent('D1')).toEqual([{ kind: 'page', key: '/home', label: '首页' }]);
  });
});
