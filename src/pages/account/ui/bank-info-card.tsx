import { Alert, Button, Card, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { bankInfoFormSchema, BankInfoFields, bankInfoValues, type BankInfo, type Profile, userQueries } from '@/entities/user';
import { VerifyCodeField } from '@/features/auth';
import { useUpdateBankInfo } from '@/features/update-profile';
import { codeField, useZodForm } from '@/shared/lib';

/** Payout details, shown masked, with an edit dialog that asks for the full number again. */
export function BankInfoCard({ profile }: { profile: Profile }) {
  const bank = useQuery(userQueries.bankInfo());
  const [editing, edit] = useDisclosure(false);

  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4">
          收款信息
        </Title>
        {bank.data ? (
          <Button variant="light" size="xs" onClick={edit.open}>
            {bank.data.filled ? '修改' : '填写'}
          </Button>
        ) : null}
      </Group>
      {bank.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="正在加载收款信息">
          <Skeleton height={14} width="60%" />
          <Skeleton height={14} width="80%" />
          <Skeleton height={14} width="50%" />
        </Stack>
      ) : bank.isError ? (
        <Alert color="red" title="收款信息加载失败">
          <Button size="xs" variant="light" color="red" onClick={() => void bank.refetch()}>
            重试
          </Button>
        </Alert>
      ) : bank.data.filled ? (
        <Stack gap={8} component="dl" style={{ margin: 0 }}>
          <BankRow term="开户人" value={bank.data.account_name} />
          <BankRow term="开户银行" value={bank.data.bank_name} />
          <BankRow term="开户支行" value={bank.data.bank_branch || '—'} />
          <BankRow term="银行卡号" value={bank.data.account_no_masked} />
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          尚未填写收款信息，填写后才能按期结算设计费用。
        </Text>
      )}
      <Modal opened={editing} onClose={edit.close} title={bank.data?.filled ? '修改收款信息' : '填写收款信息'} size="lg" centered>
        {bank.data ? (
          bank.data.filled ? (
            <BankChangeForm bank={bank.data} realName={profile.real_name} phone={profile.phone} onDone={edit.close} />
          ) : (
            <BankForm bank={bank.data} realName={profile.real_name} onDone={edit.close} />
          )
        ) : null}
      </Modal>
    </Card>
  );
}

function BankRow({ term, value }: { term: string; value: string }) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text component="dt" size="sm" c="dimmed">
        {term}
      </Text>
      <Text component="dd" size="sm" fw={500} m={0} ta="right">
        {value}
      </Text>
    </Group>
  );
}

function BankForm({ bank, realName, onDone }: { bank: BankInfo; realName: string; onDone: () => void }) {
  const form = useZodForm(bankInfoFormSchema, bankInfoValues(bank, realName));
  const update = useUpdateBankInfo();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = form.validate();
    if (parsed) update.mutate(parsed, { onSuccess: onDone, onError: form.applyServerError });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="收款信息">
      <Stack gap="md">
        {bank.filled ? (
          <Text size="sm" c="dimmed">
            为保护资金安全，已保存的卡号（{bank.account_no_masked}）不会完整显示，修改时请重新填写完整的银行卡号。
          </Text>
        ) : null}
        <BankInfoFields values={form.values} errors={form.errors} setField={form.setField} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            取消
          </Button>
          <Button type="submit" loading={update.isPending}>
            保存
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Changing details already on file: re-verified with a code sent to the own phone (scene bank_info). */
const bankChangeSchema = z.extend(bankInfoFormSchema, { code: codeField });

function BankChangeForm({ bank, realName, phone, onDone }: { bank: BankInfo; realName: string; phone: string; onDone: () => void }) {
  const form = useZodForm(bankChangeSchema, { ...bankInfoValues(bank, realName), code: '' });
  const update = useUpdateBankInfo();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = form.validate();
    if (parsed) update.mutate(parsed, { onSuccess: onDone, onError: form.applyServerError });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="收款信息">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          为保护资金安全，已保存的卡号（{bank.account_no_masked}）不会完整显示，修改时请重新填写完整的银行卡号，并输入发送到本人手机的验证码。
        </Text>
        <BankInfoFields values={form.values} errors={form.errors} setField={form.setField} />
        <VerifyCodeField
          phone={phone}
          scene="bank_info"
          label="短信验证码"
          value={form.values.code}
          onChange={(v) => form.setField('code', v)}
          error={form.errors.code}
          onPhoneError={(message) => form.setErrors((prev) => ({ ...prev, code: message }))}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            取消
          </Button>
          <Button type="submit" loading={update.isPending}>
            保存
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
