import * as z from 'zod/mini';
import { yuanToCents } from '@/shared/lib';
import { APPEAL_LIMITS, appealTypeSchema } from './appeal.schema';

/**
 * The filing form (values as typed): type, reason, the requested amount in yuan for a fee appeal.
 * Attachments are checked by the form itself (uploads finished, at most ten).
 */
export const fileAppealFormSchema = z
  .object({
    type: appealTypeSchema,
    reason: z.string().check(
      z.trim(),
      z.minLength(1, '请填写申诉理由'),
      z.maxLength(APPEAL_LIMITS.reasonMax, `申诉理由不能超过${APPEAL_LIMITS.reasonMax}个字`),
    ),
    requested: z.string(),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.type !== 'fee') return;
      const cents = yuanToCents(v.requested);
      if (v.requested.trim() === '') ctx.addIssue({ code: 'custom', path: ['requested'], message: '请填写申请金额' });
      else if (cents === undefined) ctx.addIssue({ code: 'custom', path: ['requested'], message: '金额格式不正确，最多两位小数' });
      else if (cents < 1 || cents > APPEAL_LIMITS.amountMaxCents)
        ctx.addIssue({ code: 'custom', path: ['requested'], message: '申请金额须在 ¥0.01 至 ¥1,000,000.00 之间' });
    }),
  );
export type FileAppealForm = z.input<typeof fileAppealFormSchema>;

/** The review form: the note (required to reject) and, for a fee appeal, the granted amount in yuan. */
export function reviewAppealFormSchema(decision: 'approve' | 'reject', maxCents: number | null) {
  return z
    .object({
      note: z.string().check(z.trim(), z.maxLength(APPEAL_LIMITS.noteMax, `审核意见不能超过${APPEAL_LIMITS.noteMax}个字`)),
      approved: z.string(),
    })
    .check(
      z.superRefine((v, ctx) => {
        if (decision === 'reject' && v.note.trim() === '') ctx.addIssue({ code: 'custom', path: ['note'], message: '驳回时请填写审核意见' });
        if (decision !== 'approve' || maxCents === null) return;
        const cents = yuanToCents(v.approved);
        if (cents === undefined) ctx.addIssue({ code: 'custom', path: ['approved'], message: '金额格式不正确，最多两位小数' });
        else if (cents < 1 || cents > maxCents)
          ctx.addIssue({ code: 'custom', path: ['approved'], message: '通过金额须大于0且不超过申请金额' });
      }),
    );
}
export type ReviewAppealForm = { note: string; approved: string };
