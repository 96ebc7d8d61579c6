import { Alert, Button, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { userQueries } from '@/entities/user';
import { guidanceTour } from '@/features/guidance-tour';
import { ApiError } from '@/shared/api';
import { BankInfoCard } from './bank-info-card';
import { BasicInfoCard } from './basic-info-card';
import { ProfileCard } from './profile-card';
import { SecurityCard } from './security-card';
import { WorkStatusCard } from './work-status-card';

/** `/system/account`: the personal centre. */
export function AccountPage() {
  const profile = useQuery(userQueries.profile());

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={2} size="h2">
            个人中心
          </Title>
          <Text size="sm" c="dimmed">
            管理你的资料、接单状态、收款信息和账号安全
          </Text>
        </div>
        <Button variant="light" onClick={() => guidanceTour.start()}>
          重新查看新手引导
        </Button>
      </Group>
      {profile.isPending ? (
        <Grid role="status" aria-busy="true" aria-label="正在加载个人资料">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Skeleton height={320} radius="md" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Skeleton height={420} radius="md" />
          </Grid.Col>
        </Grid>
      ) : profile.isError ? (
        <Alert color="red" title="个人资料加载失败">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{profile.error instanceof ApiError ? profile.error.message : '请检查网络后重试'}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void profile.refetch()}>
              重试
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg">
              <ProfileCard profile={profile.data} />
              <WorkStatusCard profile={profile.data} />
              <SecurityCard profile={profile.data} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <BasicInfoCard profile={profile.data} />
              <BankInfoCard profile={profile.data} />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
