import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DAILY_CAPACITY_MAX, type DesignerSettings, designerSettingsSchema, teamDesignerApi, teamDesignerQueries } from '@/entities/team-designer';
import { teamBoardQueries } from '@/entities/team-board';
import { notify } from '@/shared/ui';

export interface SettingsForm {
  dailyCapacity: string;
  productIds: readonly string[];
}

export type SettingsErrors = Partial<Record<'daily_capacity' | 'product_ids', string>>;

/** The body of PUT /team/designers/:id from the form, or the field errors. */
export function parseSettingsForm(form: SettingsForm): { ok: true; body: DesignerSettings } | { ok: false; errors: SettingsErrors } {
  const text = form.dailyCapacity.trim();
  if (text === '') return { ok: false, errors: { daily_capacity: '请填写每日接单上限' } };
  if (!/^\d+$/.test(text)) return { ok: false, errors: { daily_capacity: `每日接单上限须为0-${DAILY_CAPACITY_MAX}的整数` } };
  const parsed = designerSettingsSchema.safeParse({ daily_capacity: Number(text), product_ids: form.productIds.map(Number) });
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: SettingsErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof SettingsErrors;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** Saves a member's daily capacity and products; the member's views and the board refresh. */
export function useSaveDesignerSettings(designerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['team-designer', 'update', designerId],
    mutationFn: (body: DesignerSettings) => teamDesignerApi.update(designerId, body),
    onSuccess: () => notify('设计师设置已保存', 'success'),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: teamDesignerQueries.all() });
      void queryClient.invalidateQueries({ queryKey: teamBoardQueries.all() });
    },
  });
}
