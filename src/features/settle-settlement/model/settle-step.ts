import type { Settlement } from '@/entities/settlement';

/** What a lead can do next with a member's settlement. */
export type SettleStep =
  | { action: 'confirm'; ready: true }
  | { action: 'confirm'; ready: false; reason: string }
  | { action: 'pay'; ready: true }
  | null;

export const SETTLE_TEXT = {
  confirm: { button: '确认结算', title: '确认结算单', done: '结算单已确认' },
  pay: { button: '标记已发放', title: '标记为已发放', done: '结算单已标记为已发放' },
} as const;

/**
 * open → confirm, once the period has ended (`today` after `period_end`, Asia/Shanghai days, as the
 * server checks); confirmed → pay; paid → nothing.
 */
export function settleStep(s: Pick<Settlement, 'status' | 'period_end'>, today: string): SettleStep {
  if (s.status === 'open') return today > s.period_end ? { action: 'confirm', ready: true } : { action: 'confirm', ready: false, reason: '结算周期尚未结束' };
  if (s.status === 'confirmed') return { action: 'pay', ready: true };
  return null;
}
