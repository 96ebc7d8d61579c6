import { describe, expect, it } from 'vitest';
import { assignedFirst, attemptsLeft, attemptsText, examStatus } from './exam-status';

const attempt = (status: 'in_progress' | 'submitted', passed: boolean | null) => ({
  attempt_id: 1,
  started_at: '2026-11-27T01:00:00Z',
  deadline: '2026-11-27T02:00:00Z',
  submitted_at: status === 'submitted' ? '2026-11-27T01:30:00Z' : null,
  status,
  score: passed === null ? null : passed ? 80 : 20,
  passed,
});

describe('examStatus', () => {
  it('an open attempt is 进行中, a pass 已通过, only fails 未通过, nothing 未开始', () => {
    expect(examStatus({ open_attempt_id: null, passed: false, attempts: [] })).toBe('not_started');
    expect(examStatus({ open_attempt_id: 4, passed: false, attempts: [attempt('in_progress', null)] })).toBe('in_progress');
    expect(examStatus({ open_attempt_id: null, passed: true, attempts: [attempt('submitted', false), attempt('submitted', true)] })).toBe('passed');
    expect(examStatus({ open_attempt_id: null, passed: false, attempts: [attempt('submitted', false)] })).toBe('failed');
    // A second try in progress after a pass is still shown as in progress.
    expect(examStatus({ open_attempt_id: 9, passed: true, attempts: [attempt('submitted', true)] })).toBe('in_progress');
  });
});

describe('attempts used and left', () => {
  it('counts against the allowance; 0 allowed means unlimited', () => {
    const two = [attempt('submitted', false), attempt('submitted', false)];
    expect(attemptsText({ attempts: two, attempts_allowed: 3 })).toBe('2/3');
    expect(attemptsLeft({ attempts: two, attempts_allowed: 3 })).toBe(1);
    expect(attemptsLeft({ attempts: two, attempts_allowed: 2 })).toBe(0);
    expect(attemptsText({ attempts: two, attempts_allowed: 0 })).toBe('2/不限');
    expect(attemptsLeft({ attempts: two, attempts_allowed: 0 })).toBeNull();
  });
});

describe('assignedFirst', () => {
  it('puts assigned items first by due date and keeps the rest in order', () => {
    const items = [
      { id: 1, assignment: null },
      { id: 2, assignment: { due_at: '2026-12-05T00:00:00Z', overdue: false } },
      { id: 3, assignment: null },
      { id: 4, assignment: { due_at: '2026-11-20T00:00:00Z', overdue: true } },
    ];
    expect(assignedFirst(items).map((i) => i.id)).toEqual([4, 2, 1, 3]);
  });
});
