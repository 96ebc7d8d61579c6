import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { flattenMenu, menuQueries } from '@/entities/menu';
import { DESIGNER_TYPE_TEXT, displayName, HasRole, userQueries } from '@/entities/user';
import { ManageTeamLinksButton } from '@/features/manage-team-links';
import { greeting } from '@/shared/lib';

interface Shortcut {
  path: string;
  title: string;
  hint: string;
}

/** `/home`: greeting, who you are, and shortcuts to every screen your menu grants. */
export function HomePage() {
  const navigate = useNavigate();
  const profile = useQuery(userQueries.profile());
  const menu = useQuery(menuQueries.tree());

  const shortcuts: Shortcut[] = [
    ...flattenMenu(menu.data ?? [])
      .filter((m) => !m.hidden)
      .map((m) => ({ path: m.path, title: m.title, hint: '打开' })),
    { path: '/system/account', title: '个人中心', hint: '资料、接单状态与收款信息' },
  ];

  return (
    <Stack gap="lg">
      <Card padding="xl" radius="md" bg="var(--mantine-color-blue-light)">
        {profile.data ? (
          <Stack gap={6}>
            <Title order={2}>
              {greeting()}，{displayName(profile.data)}
            </Title>
            <Group gap="xs">
              <Badge variant="light">{DESIGNER_TYPE_TEXT[profile.data.designer_type] ?? '设计师'}</Badge>
              {profile.data.team_name ? <Badge variant="white">{profile.data.team_name}</Badge> : null}
              <Badge color={profile.data.online_ticket_status === 1 ? 'teal' : 'gray'} variant="dot">
                {profile.data.online_ticket_status === 1 ? '接单中' : '暂停接单'}
              </Badge>
            </Group>
            <Text size="sm" c="gray">
              设计师编号 {profile.data.designer_id}
            </Text>
          </Stack>
        ) : (
          <Stack gap="xs">
            <Skeleton h={28} w={220} />
            <Skeleton h={18} w={160} />
          </Stack>
        )}
      </Card>

      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            快捷入口
          </Title>
          <HasRole value={['role_admin']}>
            <ManageTeamLinksButton />
          </HasRole>
        </Group>
        {menu.isPending ? (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} h={76} radius="md" />
            ))}
          </SimpleGrid>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} role="list" aria-label="快捷入口">
            {shortcuts.map((s) => (
              <div key={s.path} role="listitem">
                <UnstyledButton onClick={() => void navigate({ to: s.path })} w="100%" h="100%">
                  <Card withBorder padding="md" radius="md" h="100%">
                    <Group gap="sm" wrap="nowrap">
                      <ThemeIcon variant="light" size="lg" aria-hidden>
                        {s.title.slice(0, 1)}
                      </ThemeIcon>
                      <Stack gap={0}>
                        <Text fw={600}>{s.title}</Text>
                        <Text size="xs" c="dimmed">
                          {s.hint}
                        </Text>
                      </Stack>
                    </Group>
                  </Card>
                </UnstyledButton>
              </div>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Stack>
  );
}
