import { describe, expect, it } from 'vitest';
import { reviewFormSchema } from './review-plan-request';

describe('plan request review form', () => {
  it('approving needs no note; rejecting needs a reason', () => {
    expect(reviewFormSchema.safeParse({ decision: 'approve', note: '' }).success).toBe(true);
    const rejected = reviewFormSchema.safeParse({ decision: 'reject', note: '  ' });
    expect(rejected.success).toBe(false);
    expect(rejected.error?.issues[0]?.message).toBe('驳回时请填写原因');
    expect(rejected.error?.issues[0]?.path).toEqual(['note']);
    expect(reviewFormSchema.safeParse({ decision: 'reject', note: '本周订单量大' }).success).toBe(true);
  });
  it('a note is at most 500 characters', () => {
    expect(reviewFormSchema.safeParse({ decision: 'approve', note: 'x'.repeat(501) }).success).toBe(false);
  });
});
