import { describe, expect, it } from 'vitest';
import { bulkAssignSchema as bulkBodySchema, bulkTransferSchema, summarize, summaryText } from './bulk-assign';

const messages = (r: ReturnType<typeof bulkBodySchema.safeParse>) => (r.success ? [] : r.error.issues.map((i) => i.message));

describe('bulk assign body', () => {
  it('takes 1..50 distinct tickets and a designer code', () => {
    expect(bulkBodySchema.safeParse({ ticket_ids: [1, 2, 3], designer_id: 'D000002' }).success).toBe(true);
    expect(messages(bulkBodySchema.safeParse({ ticket_ids: [], designer_id: 'D000002' }))).toContain('请至少选择一张工单');
    expect(messages(bulkBodySchema.safeParse({ ticket_ids: Array.from({ length: 51 }, (_, i) => i + 1), designer_id: 'D000002' }))).toContain(
      '一次最多处理50张工单',
    );
    expect(messages(bulkBodySchema.safeParse({ ticket_ids: [4, 4], designer_id: 'D000002' }))).toContain('工单不能重复');
    expect(messages(bulkBodySchema.safeParse({ ticket_ids: [1], designer_id: '' }))).toContain('请选择设计师');
  });
  it('a transfer needs a reason of at most 500 characters', () => {
    const base = { ticket_ids: [1], designer_id: 'D000002' };
    expect(messages(bulkTransferSchema.safeParse({ ...base, reason: '  ' }))).toContain('请填写转派原因');
    expect(bulkTransferSchema.safeParse({ ...base, reason: 'x'.repeat(500) }).success).toBe(true);
    expect(messages(bulkTransferSchema.safeParse({ ...base, reason: 'x'.repeat(501) }))).toContain('转派原因不能超过500个字符');
    expect(bulkBodySchema.safeParse(base).success).toBe(true);
  });
  it('summarises the per-ticket outcome', () => {
    const s = summarize([
      { ticket_id: 1, ok: true, message: '工单已指派' },
      { ticket_id: 2, ok: false, message: '工单已分配，请使用转派' },
      { ticket_id: 3, ok: true, message: '工单已指派' },
    ]);
    expect(s).toEqual({ ok: 2, failed: 1 });
    expect(summaryText('assign', s)).toBe('已指派 2 张，1 张未成功');
    expect(summaryText('transfer', { ok: 3, failed: 0 })).toBe('已转派 3 张');
  });
});
