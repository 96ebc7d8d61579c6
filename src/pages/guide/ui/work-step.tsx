import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { dictQueries, useDictOptions } from '@/entities/dict';
import { workProfileFormSchema, workProfileValues } from '@/entities/user';
import { useSaveOnboardingStep } from '@/features/save-onboarding-step';
import { useZodForm } from '@/shared/lib';
import { LoadFailed, StepActions, type StepProps } from './step-shared';

/** Step 2: why you take tickets, what you do now, when you are available. */
export function WorkStep({ profile, onSaved, onBack, onSaveError }: StepProps) {
  const form = useZodForm(workProfileFormSchema, workProfileValues(profile));
  const save = useSaveOnboardingStep();
  const dicts = useQuery(dictQueries.list());
  const purposes = useDictOptions('work_purpose');

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = form.validate();
    if (!parsed) return;
    save.mutate(
      { step: 2, ...parsed },
      {
        onSuccess: onSaved,
        onError: (error) => {
          form.applyServerError(error);
          onSaveError(error);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="工作情况">
      {dicts.isError ? <LoadFailed message="工作目的选项加载失败" onRetry={() => void dicts.refetch()} /> : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md" mt={dicts.isError ? 'md' : 0}>
        <Select
          label="工作目的"
          placeholder={dicts.isPending ? '正在加载选项…' : '请选择'}
          data={purposes.map((o) => ({ value: o.value, label: o.label }))}
          disabled={purposes.length === 0}
          value={form.values.work_purpose || null}
          onChange={(v) => form.setField('work_purpose', v ?? '')}
          error={form.errors.work_purpose}
          allowDeselect={false}
          required
        />
        <TextInput
          label="当前职业"
          placeholder="例如：平面设计师、自由职业、在校学生"
          maxLength={30}
          value={form.values.current_occupation}
          onChange={(e) => form.setField('current_occupation', e.currentTarget.value)}
          error={form.errors.current_occupation}
          required
        />
        <TextInput
          label="可接单时间"
          description="团队会参考它为你排班派单，之后可在个人中心修改"
          placeholder="例如：工作日 19:00-23:00，周末全天"
          maxLength={60}
          value={form.values.available_time}
          onChange={(e) => form.setField('available_time', e.currentTarget.value)}
          error={form.errors.available_time}
          required
          style={{ gridColumn: '1 / -1' }}
        />
      </SimpleGrid>
      <StepActions onBack={onBack} loading={save.isPending} />
    </form>
  );
}
