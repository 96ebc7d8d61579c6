import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { dictQueries, useDictOptions } from '@/entities/dict';
import { skillsFormSchema, skillsValues } from '@/entities/user';
import { useSaveOnboardingStep } from '@/features/save-onboarding-step';
import { useZodForm } from '@/shared/lib';
import { LoadFailed, StepActions, type StepProps } from './step-shared';
import { TagChips } from './tag-chips';

/** Step 3: specialties and software; tickets are matched against them. */
export function SkillsStep({ profile, onSaved, onBack, onSaveError }: StepProps) {
  const form = useZodForm(skillsFormSchema, skillsValues(profile));
  const save = useSaveOnboardingStep();
  const dicts = useQuery(dictQueries.list());
  const specialties = useDictOptions('specialty_tags');
  const software = useDictOptions('software_tags');

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = form.validate();
    if (!parsed) return;
    save.mutate(
      { step: 3, ...parsed },
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
    <form onSubmit={submit} noValidate aria-label="技能标签">
      <Stack gap="lg">
        {dicts.isError ? <LoadFailed message="标签选项加载失败" onRetry={() => void dicts.refetch()} /> : null}
        <TagChips
          label="擅长领域"
          options={specialties}
          loading={dicts.isPending}
          value={form.values.specialty_tags}
          onChange={(v) => form.setField('specialty_tags', v)}
          error={form.errors.specialty_tags}
        />
        <TagChips
          label="常用软件"
          options={software}
          loading={dicts.isPending}
          value={form.values.software_tags}
          onChange={(v) => form.setField('software_tags', v)}
          error={form.errors.software_tags}
        />
      </Stack>
      <StepActions onBack={onBack} loading={save.isPending} />
    </form>
  );
}
