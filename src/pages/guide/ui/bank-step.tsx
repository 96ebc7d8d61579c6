import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { bankInfoFormSchema, BankInfoFields, bankInfoValues, userQueries, type BankInfo } from '@/entities/user';
import { useSaveOnboardingStep } from '@/features/save-onboarding-step';
import { useZodForm } from '@/shared/lib';
import { keepsSavedBank } from '../model/guide-steps';
import { LoadFailed, StepActions, type StepProps } from './step-shared';

/** Step 4: where fees are paid. Saved details come back masked, so a change needs the full number. */
export function BankStep(props: StepProps) {
  const bank = useQuery(userQueries.bankInfo());
  if (bank.isPending) {
    return (
      <Stack gap="md" role="status" aria-busy="true" aria-label="正在加载收款信息">
        <Skeleton height={60} />
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>
    );
  }
  if (bank.isError) return <LoadFailed message="收款信息加载失败" onRetry={() => void bank.refetch()} />;
  return <BankForm {...props} bank={bank.data} />;
}

function BankForm({ profile, onSaved, onBack, onSaveError, bank }: StepProps & { bank: BankInfo }) {
  const [initial] = useState(() => bankInfoValues(bank, profile.real_name));
  const form = useZodForm(bankInfoFormSchema, initial);
  const save = useSaveOnboardingStep();
  const keep = keepsSavedBank(form.values, initial, bank, profile.current_registration_step);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (keep) return onSaved();
    const parsed = form.validate();
    if (!parsed) return;
    save.mutate(
      { step: 4, ...parsed },
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
    <form onSubmit={submit} noValidate aria-label="收款信息">
      <Stack gap="md">
        {bank.filled ? (
          <Alert color="blue" title="已保存的收款信息">
            <Text size="sm">
              {bank.account_name} · {bank.bank_name}
              {bank.bank_branch ? ` ${bank.bank_branch}` : ''} · 卡号 {bank.account_no_masked}
            </Text>
            <Text size="sm" mt={4}>
              为保护你的资金安全，卡号只以脱敏形式显示。如需修改，请重新填写完整的银行卡号后保存；不修改可直接点击“下一步”。
            </Text>
          </Alert>
        ) : (
          <Text size="sm" c="dimmed">
            设计费用将结算至此银行卡，请填写本人名下的储蓄卡。保存后卡号只以脱敏形式显示。
          </Text>
        )}
        <BankInfoFields values={form.values} errors={form.errors} setField={form.setField} />
      </Stack>
      <StepActions onBack={onBack} loading={save.isPending} submitLabel={keep ? '下一步' : '保存并继续'} />
    </form>
  );
}
