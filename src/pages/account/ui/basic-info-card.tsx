import { Button, Card, Group, Stack, TextInput, Title } from '@mantine/core';
import { accountInfoFormSchema, accountInfoValues, BasicInfoFields, type Profile } from '@/entities/user';
import { useUpdateBasicInfo } from '@/features/update-profile';
import { useZodForm } from '@/shared/lib';

/** 昵称 + step 1's fields, saved with PUT /user/basic-info. */
export function BasicInfoCard({ profile }: { profile: Profile }) {
  const form = useZodForm(accountInfoFormSchema, accountInfoValues(profile));
  const update = useUpdateBasicInfo();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = form.validate();
    if (!parsed) return;
    // An empty nickname keeps the current one (the server ignores it).
    update.mutate(parsed, { onError: form.applyServerError });
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="md">
        基本信息
      </Title>
      <form onSubmit={submit} noValidate aria-label="基本信息">
        <Stack gap="md">
          <TextInput
            label="昵称"
            description="显示在工作台和团队中，不填则保持原昵称"
            maxLength={20}
            value={form.values.nickname}
            onChange={(e) => form.setField('nickname', e.currentTarget.value)}
            error={form.errors.nickname}
          />
          <BasicInfoFields values={form.values} errors={form.errors} setField={form.setField} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => form.setValues(accountInfoValues(profile))} disabled={update.isPending}>
              还原
            </Button>
            <Button type="submit" loading={update.isPending}>
              保存基本信息
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
