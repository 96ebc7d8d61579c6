import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { teamBoardQueries } from '@/entities/team-board';
import { teamDesignerQueries } from '@/entities/team-designer';
import { DESIGNER_CODE, ticketKeys } from '@/entities/ticket';
import { http } from '@/shared/api';
import { type BulkResult, bulkResultSchema } from './bulk-result.schema';

export const BULK_MAX = 50;
export const BULK_REASON_MAX = 500;
export const BULK_MODES = ['assign', 'transfer'] as const;
export type BulkMode = (typeof BULK_MODES)[number];
export const BULK_MODE_TEXT: Record<BulkMode, string> = { assign: '批量指派', transfer: '批量转派' };

export type { BulkResult } from './bulk-result.schema';

/** The body of a bulk assign, checked as the server checks it. */
export const bulkAssignSchema = z.object({
  ticket_ids: z
    .array(z.number().check(z.int(), z.positive()))
    .check(
      z.minLength(1, '请至少选择一张工单'),
      z.maxLength(BULK_MAX, `一次最多处理${BULK_MAX}张工单`),
      z.refine((ids) => new Set(ids).size === ids.length, '工单不能重复'),
    ),
  designer_id: z.string().check(z.regex(DESIGNER_CODE, '请选择设计师')),
});

/** A bulk transfer also needs a reason (the server requires one). */
export const bulkTransferSchema = z.extend(bulkAssignSchema, {
  reason: z.string().check(z.trim(), z.minLength(1, '请填写转派原因'), z.maxLength(BULK_REASON_MAX, `转派原因不能超过${BULK_REASON_MAX}个字符`)),
});

/** `confirm`: the risks of the target the lead accepted (safe assignment). */
export type BulkBody = z.output<typeof bulkAssignSchema> & { reason?: string; confirm?: string[] };

export function bulkSchemaOf(mode: BulkMode) {
  return mode === 'assign' ? bulkAssignSchema : bulkTransferSchema;
}

export interface BulkSummary {
  ok: number;
  failed: number;
}

export function summarize(results: readonly BulkResult[]): BulkSummary {
  const ok = results.filter((r) => r.ok).length;
  return { ok, failed: results.length - ok };
}

/** '已指派 3 张' / '已转派 2 张，1 张未成功' */
export function summaryText(mode: BulkMode, s: BulkSummary): string {
  const verb = mode === 'assign' ? '已指派' : '已转派';
  return s.failed ? `${verb} ${s.ok} 张，${s.failed} 张未成功` : `${verb} ${s.ok} 张`;
}

/**
 * Bulk assign (unassigned tickets, message 25 each) or transfer (assigned tickets, message 21
 * each). The answer lists every ticket's outcome; lists, details, counts and the board refresh.
 */
export function useBulkAssign(mode: BulkMode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['ticket', 'bulk', mode],
    mutationFn: (body: BulkBody) =>
      http.post(mode === 'assign' ? 'team/tickets/bulk-assign' : 'team/tickets/bulk-transfer', bulkResultSchema, {
        json:
          mode === 'assign'
            ? { ticket_ids: body.ticket_ids, designer_id: body.designer_id, confirm: body.confirm ?? [] }
            : { ...body, confirm: body.confirm ?? [] },
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ticketKeys.details() });
      void queryClient.invalidateQueries({ queryKey: ticketKeys.panelCounts() });
      void queryClient.invalidateQueries({ queryKey: teamBoardQueries.all() });
      void queryClient.invalidateQueries({ queryKey: teamDesignerQueries.all() });
      void queryClient.invalidateQueries({ queryKey: ['ticket', 'assign-candidates'] });
    },
  });
}
