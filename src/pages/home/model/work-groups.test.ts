import { describe, expect, it } from 'vitest';
import { dueText } from './work-groups';

describe('dueText', () => {
  const now = Date.parse('2026-11-27T06:00:00Z');
  it('says how late an overdue ticket is', () => {
    expect(dueText({ due_at: '2026-11-27T05:35:00Z' }, now)).toBe('已超时 25 分钟');
    expect(dueText({ due_at: '2026-11-27T04:00:00Z' }, now)).toBe('已超时 2 小时');
  });
  it('says the time left within a day', () => {
    expect(dueText({ due_at: '2026-11-27T07:10:00Z' }, now)).toBe('还剩 1 小时 10 分');
  });
  it('gives the Shanghai due time beyond a day, and says when there is none', () => {
    expect(dueText({ due_at: '2026-11-29T06:00:00Z' }, now)).toBe('截止 11-29 14:00');
    expect(dueText({ due_at: null }, now)).toBe('未开始计时');
  });
});
