import { describe, expect, it } from 'vitest';
import { settleStep } from './settle-step';

describe('settleStep', () => {
  it('confirms an open settlement only after its last day', () => {
    expect(settleStep({ status: 'open', period_end: '2026-11-22' }, '2026-11-22')).toEqual({ action: 'confirm', ready: false, reason: '结算周期尚未结束' });
    expect(settleStep({ status: 'open', period_end: '2026-11-22' }, '2026-11-21')).toMatchObject({ action: 'confirm', ready: false });
    expect(settleStep({ status: 'open', period_end: '2026-11-22' }, '2026-11-23')).toEqual({ action: 'confirm', ready: true });
  });

  it('pays a confirmed one, and a paid one has no step left', () => {
    expect(settleStep({ status: 'confirmed', period_end: '2026-11-22' }, '2026-11-23')).toEqual({ action: 'pay', ready: true });
    expect(settleStep({ status: 'paid', period_end: '2026-11-22' }, '2026-11-30')).toBeNull();
  });
});
