import type { BoardDesigner } from '@/entities/team-board';

/** What the designer ranking is ordered by. */
export const RANK_KEYS = ['completed', 'received', 'on_time_rate', 'first_pass_rate', 'overdue'] as const;
export type RankKey = (typeof RANK_KEYS)[number];
export const RANK_TEXT: Record<RankKey, string> = {
  completed: '完成数',
  received: '接单数',
  on_time_rate: '准时率',
  first_pass_rate: '一次通过率',
  overdue: '超时数（少→多）',
};

/**
 * The ranking: best first by the chosen figure (fewest for overdue); rates without a value go
 * last; ties keep the name order so the list does not jump.
 */
export function rankDesigners(rows: readonly BoardDesigner[], key: RankKey): BoardDesigner[] {
  const value = (r: BoardDesigner) => r[key];
  return [...rows].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va === null && vb === null) return a.designer_name.localeCompare(b.designer_name, 'zh-CN');
    if (va === null) return 1;
    if (vb === null) return -1;
    const diff = key === 'overdue' ? va - vb : vb - va;
    return diff !== 0 ? diff : a.designer_name.localeCompare(b.designer_name, 'zh-CN');
  });
}
