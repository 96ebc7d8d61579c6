import { basicInfoFormSchema, basicInfoValues, BasicInfoFields } from '@/entities/user';
import { useSaveOnboardingStep } from '@/features/save-onboarding-step';
import { useZodForm } from '@/shared/lib';
import { StepActions, type StepProps } from './step-shared';

/** Step 1: who you are and how to reach you. */
export function BasicInfoStep({ profile, onSaved, onBack, onSaveError }: StepProps) {
  const form = useZodForm(basicInfoFormSchema, basicInfoValues(profile));
  const save = useSaveOnboardingStep();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = form.validate();
    if (!parsed) return;
    save.mutate(
      { step: 1, ...parsed },
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
    <form onSubmit={submit} noValidate aria-label="基本信息">
      <BasicInfoFields values={form.values} errors={form.errors} setField={form.setField} />
      <StepActions onBack={onBack} loading={save.isPending} />
    </form>
  );
}
