import type { AssignmentState, ExamCard } from '../model/study.schema';

export type ExamStatus = 'not_started' | 'in_progress' | 'passed' | 'failed';

export const EXAM_STATUS_TEXT: Record<ExamStatus, string> = { not_started: '未开始', in_progress: '进行中', passed: '已通过', failed: '未通过' };
export const EXAM_STATUS_COLOR: Record<ExamStatus, string> = { not_started: 'gray', in_progress: 'blue', passed: 'teal', failed: 'red' };

/** Where a designer stands with an exam: an attempt open, passed once, only failed, or none yet. */
export function examStatus(exam: Pick<ExamCard, 'open_attempt_id' | 'passed' | 'attempts'>): ExamStatus {
  if (exam.open_attempt_id !== null) return 'in_progress';
  if (exam.passed) return 'passed';
  if (exam.attempts.some((a) => a.status === 'submitted')) return 'failed';
  return 'not_started';
}

/** 已用次数/允许次数 (允许 0 = 不限). */
export function attemptsText(exam: Pick<ExamCard, 'attempts' | 'attempts_allowed'>): string {
  const used = exam.attempts.length;
  return exam.attempts_allowed === 0 ? `${used}/不限` : `${used}/${exam.attempts_allowed}`;
}

/** Attempts left, null when unlimited. */
export function attemptsLeft(exam: Pick<ExamCard, 'attempts' | 'attempts_allowed'>): number | null {
  return exam.attempts_allowed === 0 ? null : Math.max(0, exam.attempts_allowed - exam.attempts.length);
}

/**
 * Assigned items first, the earliest due date first; the rest keep the server's order (a stable
 * sort, so equal keys stay as they came).
 */
export function assignedFirst<T extends { assignment: AssignmentState }>(items: readonly T[]): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => {
      const da = a.item.assignment?.due_at;
      const db = b.item.assignment?.due_at;
      if (da && db) return Date.parse(da) - Date.parse(db) || a.index - b.index;
      if (da) return -1;
      if (db) return 1;
      return a.index - b.index;
    })
    .map((x) => x.item);
}
