import { describe, expect, it } from 'vitest';
import { fileAppealFormSchema, reviewAppealFormSchema } from './appeal-form.schema';
import { appealListParamsOf, parseAppealSearch, withAppeal, withAppealFilters, withAppealPage } from './appeal-search';
import { APPEAL_MESSAGE_TYPES, APPEAL_STATUS_TEXT, APPEAL_TYPE_TEXT, APPEAL_TYPES, appealDetailSchema, appealSchema } from './appeal.schema';

const wire = {
  appeal_id: 7,
  ticket_id: 3,
  order_no: 'E2E123',
  ticket_title: '不干胶标签设计',
  designer_id: 'D000002',
  designer_name: '设计师小王',
  type: 'fee',
  deduction_id: null,
  reason: '加急费未计入',
  attachments: [
    {
      name: '截图.png',
      url: 'attachment/D000002/20261122/abcdefgh/截图.png',
      read_url: '/oss/attachment/D000002/20261122/abcdefgh/%E6%88%AA%E5%9B%BE.png?OSSAccessKeyId=LOCAL&Expires=1764000900&Signature=s',
      size: 1024,
      content_type: 'image/png',
    },
  ],
  requested_cents: 2000,
  approved_cents: 0,
  status: 'pending',
  reviewer_name: null,
  review_note: '',
  reviewed_at: null,
  created_at: '2026-11-22T08:00:00.000Z',
};

describe('appeal wire schema', () => {
  it('reads an appeal and its detail', () => {
    expect(appealSchema.parse(wire)).toMatchObject({ appeal_id: 7, type: 'fee', status: 'pending' });
    const detail = appealDetailSchema.parse({
      ...wire,
      events: [{ event_id: 1, type: 'filed', actor_name: '设计师小王', note: '加急费未计入', created_at: wire.created_at }],
    });
    expect(detail.events).toHaveLength(1);
  });
  it('refuses an unknown type or status and fractional cents', () => {
    expect(appealSchema.safeParse({ ...wire, type: 'other' }).success).toBe(false);
    expect(appealSchema.safeParse({ ...wire, status: 'done' }).success).toBe(false);
    expect(appealSchema.safeParse({ ...wire, requested_cents: 10.5 }).success).toBe(false);
  });
  it('names every type and status in Chinese and maps the message types of spec §4', () => {
    expect(APPEAL_TYPES.map((t) => APPEAL_TYPE_TEXT[t])).toEqual(['费用申诉', '驳回申诉', '稿件申诉', '质检申诉', '售后申诉', '工厂驳回申诉']);
    expect(APPEAL_STATUS_TEXT).toEqual({ pending: '待审核', approved: '已通过', rejected: '已驳回' });
    expect(APPEAL_TYPES.map((t) => APPEAL_MESSAGE_TYPES[t].filed)).toEqual([3, 4, 5, 6, 7, 26]);
    expect(APPEAL_TYPES.map((t) => APPEAL_MESSAGE_TYPES[t].decided)).toEqual([8, 9, 11, 12, 13, 27]);
  });
});

describe('appeal search params', () => {
  it('drops what it cannot read', () => {
    expect(parseAppealSearch({ tab: 'review', type: 'qc', status: 'nope', page: '2', appeal: 'x', keyword: '  E2E ' })).toEqual({
      tab: 'review',
      type: 'qc',
      page: 2,
      keyword: 'E2E',
    });
  });
  it('the review queue is the pending appeals, only for leads', () => {
    expect(appealListParamsOf({ tab: 'review', status: 'approved' }, true)).toEqual({ scope: 'review', status: 'pending', page: 1, pageSize: 20 });
    expect(appealListParamsOf({ tab: 'review', status: 'approved' }, false)).toEqual({ scope: 'mine', status: 'approved', page: 1, pageSize: 20 });
  });
  it('filters go back to page 1; a tab change closes the drawer', () => {
    expect(withAppealFilters({ page: 3, type: 'fee', appeal: 9 }, { status: 'pending' })).toEqual({ type: 'fee', status: 'pending', appeal: 9 });
    expect(withAppealFilters({ appeal: 9 }, { tab: 'review' })).toEqual({ tab: 'review' });
    expect(withAppealPage({ type: 'fee' }, 1, 20)).toEqual({ type: 'fee' });
    expect(withAppealPage({}, 2, 50)).toEqual({ page: 2, pageSize: 50 });
    expect(withAppeal({ type: 'fee' }, 4)).toEqual({ type: 'fee', appeal: 4 });
  });
});

describe('appeal forms', () => {
  it('a fee appeal needs an amount in yuan with at most two decimals', () => {
    expect(fileAppealFormSchema.safeParse({ type: 'fee', reason: '少算了加急费', requested: '20.5' }).success).toBe(true);
    const missing = fileAppealFormSchema.safeParse({ type: 'fee', reason: '少算了', requested: '' });
    expect(missing.error?.issues[0]).toMatchObject({ path: ['requested'], message: '请填写申请金额' });
    expect(fileAppealFormSchema.safeParse({ type: 'fee', reason: 'x', requested: '1.234' }).error?.issues[0]?.message).toBe('金额格式不正确，最多两位小数');
    expect(fileAppealFormSchema.safeParse({ type: 'fee', reason: 'x', requested: '0' }).success).toBe(false);
    // Other types ignore the amount.
    expect(fileAppealFormSchema.safeParse({ type: 'qc', reason: '质检误判', requested: '' }).success).toBe(true);
  });
  it('a reason is required and at most 1000 characters', () => {
    expect(fileAppealFormSchema.safeParse({ type: 'qc', reason: '   ', requested: '' }).error?.issues[0]).toMatchObject({ path: ['reason'], message: '请填写申诉理由' });
    expect(fileAppealFormSchema.safeParse({ type: 'qc', reason: 'x'.repeat(1001), requested: '' }).success).toBe(false);
  });
  it('rejecting needs a note; approving a fee appeal grants 0.01 up to the request', () => {
    expect(reviewAppealFormSchema('reject', null).safeParse({ note: ' ', approved: '' }).error?.issues[0]?.message).toBe('驳回时请填写审核意见');
    expect(reviewAppealFormSchema('approve', null).safeParse({ note: '', approved: '' }).success).toBe(true);
    expect(reviewAppealFormSchema('approve', 2000).safeParse({ note: '', approved: '20' }).success).toBe(true);
    expect(reviewAppealFormSchema('approve', 2000).safeParse({ note: '', approved: '20.01' }).success).toBe(false);
    expect(reviewAppealFormSchema('approve', 2000).safeParse({ note: '', approved: '0' }).success).toBe(false);
  });
});
