import { useMutation, useQueryClient } from '@tanstack/react-query';
import { capacityError, orderPlanApi, orderPlanQueries, type PlanChangeRequestBody, type PlanRequestKind, planChangeRequestSchema } from '@/entities/order-plan';
import { addDays, daysOf, mondayOf } from '@/shared/lib';
import { notify } from '@/shared/ui';

/** Weekly changes are for a coming week: next week or the one after. */
export const WEEKLY_OFFSETS = [1, 2] as const;

/** The Monday `offset` weeks after the week of `today`. */
export function weekStartAfter(today: string, offset: number): string {
  return addDays(mondayOf(today), 7 * offset);
}

/**
 * The weeks a request may be filed for (as offsets from this week): weekly — the coming weeks;
 * real-time — this week, and next week when today + 6 days reaches into it.
 */
export function requestWeekOffsets(kind: PlanRequestKind, today: string): number[] {
  if (kind === 'weekly') return [...WEEKLY_OFFSETS];
  return addDays(today, 6) >= weekStartAfter(today, 1) ? [0, 1] : [0];
}

/**
 * The days of a request's week it may change: weekly — the whole week; real-time — the days of
 * the week from today to 6 days ahead (the server takes one week per request).
 */
export function editableDays(kind: PlanRequestKind, today: string, weekStart: string): string[] {
  const week = daysOf(weekStart, addDays(weekStart, 6));
  if (kind === 'weekly') return week;
  const last = addDays(today, 6);
  return week.filter((d) => d >= today && d <= last);
}

export interface ChangeForm {
  kind: PlanRequestKind;
  weekStart: string;
  days: readonly string[];
  /** Typed capacity per day (days not touched are absent). */
  typed: Readonly<Record<string, string>>;
  /** The capacity now per day. */
  current: Readonly<Record<string, number>>;
  reason: string;
}

export type ChangeFormErrors = { days: Record<string, string>; changes?: string; reason?: string };

/** The request body, or what is wrong: only days typed differently from now are sent. */
export function buildChangeRequest(form: ChangeForm): { ok: true; body: PlanChangeRequestBody } | { ok: false; errors: ChangeFormErrors } {
  const errors: ChangeFormErrors = { days: {} };
  const changes: { day: string; capacity: number }[] = [];
  for (const day of form.days) {
    const text = form.typed[day];
    if (text === undefined) continue;
    const error = capacityError(text);
    if (error) {
      errors.days[day] = error;
      continue;
    }
    const capacity = Number(text.trim());
    if (capacity !== form.current[day]) changes.push({ day, capacity });
  }
  const parsed = planChangeRequestSchema.safeParse({ kind: form.kind, week_start: form.weekStart, changes, reason: form.reason });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (issue.path[0] === 'reason') errors.reason ??= issue.message;
      else if (issue.path[0] === 'changes' && !Object.keys(errors.days).length) errors.changes ??= issue.message;
    }
  }
  if (Object.keys(errors.days).length || errors.reason || errors.changes || !parsed.success) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}

/** Files a change request (message 30 or 31 to the leads); the designer's plan views refresh. */
export function useRequestPlanChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['order-plan', 'request'],
    mutationFn: (body: PlanChangeRequestBody) => orderPlanApi.requestChange(body),
    onSuccess: () => notify('变更申请已提交，等待负责人审核', 'success'),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: orderPlanQueries.mineAll() }),
  });
}
