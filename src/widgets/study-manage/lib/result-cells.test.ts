import { describe, expect, it } from 'vitest';
import type { StudyResultRow } from '@/entities/study-admin';
import { resultStatus } from './result-cells';

const row = (patch: Partial<StudyResultRow>): StudyResultRow => ({
  designer_id: 'D000002',
  name: '陈思远',
  assigned: true,
  due_at: '2026-12-01T10:00:00.000Z',
  overdue: false,
  progress_percent: null,
  done: false,
  attempts: 0,
  best_score: null,
  passed: null,
  ...patch,
});

describe('resultStatus', () => {
  it('puts passed before overdue, overdue before the rest', () => {
    expect(resultStatus(row({ done: true, passed: true, overdue: false }), 'exam').text).toBe('已通过');
    expect(resultStatus(row({ overdue: true, attempts: 2 }), 'exam').text).toBe('已逾期');
    expect(resultStatus(row({ attempts: 1, passed: false }), 'exam').text).toBe('未通过');
    expect(resultStatus(row({ attempts: 0 }), 'exam').text).toBe('未参加');
  });

  it('reads a course’s progress', () => {
    expect(resultStatus(row({ attempts: null, progress_percent: 100, done: true }), 'course').text).toBe('已完成');
    expect(resultStatus(row({ attempts: null, progress_percent: 40 }), 'course').text).toBe('学习中');
    expect(resultStatus(row({ attempts: null, progress_percent: 0 }), 'course').text).toBe('未开始');
  });
});
