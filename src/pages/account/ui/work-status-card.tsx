import { Button, Card, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { availableTimeFormSchema, type Profile } from '@/entities/user';
import { useUpdateAvailableTime, useUpdateOnlineStatus } from '@/features/update-profile';
import { useZodForm } from '@/shared/lib';

/** Whether new tickets are assigned (接单中 / 暂停接单) and when the designer is available. */
export function WorkStatusCard({ profile }: { profile: Profile }) {
  const online = useUpdateOnlineStatus();
  const accepting = profile.online_ticket_status === 1;
  const form = useZodForm(availableTimeFormSchema, { available_time: profile.available_time });
  const time = useUpdateAvailableTime();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = form.validate();
    if (parsed) time.mutate(parsed.available_time, { onError: form.applyServerError });
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="md">
        接单设置
      </Title>
      <Stack gap="lg">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text fw={500}>{accepting ? '接单中' : '暂停接单'}</Text>
            <Text size="sm" c="dimmed">
              {accepting ? '系统会按你的技能和产能向你派发新工单。' : '暂停后不会收到系统派发的新工单，已有工单不受影响。'}
            </Text>
          </div>
          <Switch
            size="lg"
            checked={accepting}
            disabled={online.isPending}
            onChange={(e) => online.mutate(e.currentTarget.checked ? 1 : 0)}
            aria-label="接单状态"
          />
        </Group>
        <form onSubmit={submit} noValidate aria-label="可接单时间">
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              label="可接单时间"
              placeholder="例如：工作日 19:00-23:00，周末全天"
              maxLength={60}
              style={{ flex: 1 }}
              value={form.values.available_time}
              onChange={(e) => form.setField('available_time', e.currentTarget.value)}
              error={form.errors.available_time}
              required
            />
            <Button type="submit" loading={time.isPending} mt={25} style={{ flexShrink: 0 }}>
              保存
            </Button>
          </Group>
        </form>
      </Stack>
    </Card>
  );
}
