import type { WorkGroupKey, WorkItem } from '@/entities/workbench';
import { formatTime } from '@/shared/lib';

/** The work card's groups as a person reads them. */
export const WORK_GROUP_TEXT: Record<WorkGroupKey, { label: string; color: string }> = {
  overdue: { label: '已超时', color: 'red' },
  // Amber with dark text (the badge's autoContrast): white on any orange stays under 4.5:1.
  due_soon: { label: '2小时内到期', color: 'yellow' },
  rejected: { label: '被驳回待返工', color: 'grape' },
  waiting_first_draft: { label: '等待初稿', color: 'blue' },
};

/** When a row is due, against `now` (ms): 「已超时 25 分钟」, 「还剩 1 小时 10 分」, or the due time. */
export function dueText(item: Pick<WorkItem, 'due_at'>, now: number): string {
  if (!item.due_at) return '未开始计时';
  const left = Math.round((Date.parse(item.due_at) - now) / 60_000);
  const span = (m: number) => (m >= 60 ? `${Math.floor(m / 60)} 小时${m % 60 ? ` ${m % 60} 分` : ''}` : `${m} 分钟`);
  if (left < 0) return `已超时 ${span(-left)}`;
  if (left < 24 * 60) return `还剩 ${span(left)}`;
  return `截止 ${formatTime(item.due_at, 'monthDayTime')}`;
}
