import type { StudyResultRow } from '@/entities/study-admin';

/** The status word of a designer’s row and its dot colour (the text stays the body colour: 4.5:1 contrast). */
export function resultStatus(row: StudyResultRow, itemType: 'course' | 'exam'): { text: string; color: string } {
  if (row.done) return itemType === 'exam' ? { text: '已通过', color: 'teal' } : { text: '已完成', color: 'teal' };
  if (row.overdue) return { text: '已逾期', color: 'red' };
  if (itemType === 'exam') {
    if ((row.attempts ?? 0) > 0) return { text: '未通过', color: 'orange' };
    return { text: '未参加', color: 'gray' };
  }
  if ((row.progress_percent ?? 0) > 0) return { text: '学习中', color: 'blue' };
  return { text: '未开始', color: 'gray' };
}
