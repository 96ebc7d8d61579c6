import { Badge, Card, Group, Loader, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState } from 'react';
import { DESIGNER_TYPE_TEXT, displayName, HasRole, userQueries } from '@/entities/user';
import { useHomeSummary } from '@/entities/workbench';
import { ManageTeamLinksButton } from '@/features/manage-team-links';
import { greeting } from '@/shared/lib';
import { AdvertCard } from './advert-card';
import { FastCard } from './fast-card';
import { MessageCard } from './message-card';
import { ProductCard } from './product-card';
import { ProjectCard } from './project-card';
import { WorkCard } from './work-card';

// Neither is needed on a first paint: the drawer when a row is opened, the welcome page once.
const HomeTicketDrawer = lazy(() => import('./home-ticket-drawer').then((m) => ({ default: m.HomeTicketDrawer })));
const WelcomeView = lazy(() => import('./welcome-view').then((m) => ({ default: m.WelcomeView })));

/**
 * `/home`: a designer's day at a glance. Every card comes from one request (`GET /workbench/home`);
 * the cards' skeletons have their final size, so nothing moves when it arrives; MQTT messages
 * refresh it (the refresh rules). A designer who has just finished onboarding sees the welcome page
 * first.
 */
export function HomePage() {
  const profile = useQuery(userQueries.profile());
  const home = useHomeSummary();
  const [openTicket, setOpenTicket] = useState<number | undefined>();
  const data = home.data;
  const loading = home.isPending;
  const error = home.isError && !data;
  // The cards are memoised: their callbacks keep their identity across the home's answers.
  const { refetch } = home;
  const retry = useCallback(() => void refetch(), [refetch]);
  const openRow = useCallback((item: { ticket_id: number }) => setOpenTicket(item.ticket_id), []);
  const isLead = profile.data?.designer_type === 0;

  if (data?.welcome_pending) {
    return (
      <Suspense fallback={<Loader role="status" aria-label="加载中" />}>
        <WelcomeView home={data} />
      </Suspense>
    );
  }

  return (
    <Stack gap="md">
      <Card padding="md" radius="md" bg="var(--mantine-color-blue-light)">
        {profile.data ? (
          <Group justify="space-between" wrap="wrap">
            <Stack gap={4}>
              <Title order={1} size="h3">
                {greeting()}，{displayName(profile.data)}
              </Title>
              <Group gap="xs">
                <Badge variant="light">{DESIGNER_TYPE_TEXT[profile.data.designer_type] ?? '设计师'}</Badge>
                {profile.data.team_name ? <Badge variant="white">{profile.data.team_name}</Badge> : null}
                <Badge color={profile.data.online_ticket_status === 1 ? 'teal' : 'gray'} variant="dot">
                  {profile.data.online_ticket_status === 1 ? '接单中' : '暂停接单'}
                </Badge>
              </Group>
            </Stack>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                设计师编号 {profile.data.designer_id}
              </Text>
              <HasRole value={['role_admin']}>
                <ManageTeamLinksButton />
              </HasRole>
            </Group>
          </Group>
        ) : (
          <Stack gap="xs" h={62}>
            <Skeleton h={28} w={220} />
            <Skeleton h={18} w={160} />
          </Stack>
        )}
      </Card>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <WorkCard work={data?.work} teamScope={isLead && profile.data?.team_id != null} loading={loading} error={error} onRetry={retry} onOpen={openRow} />
        {isLead && (loading || data?.project) ? (
          <ProjectCard project={data?.project ?? undefined} loading={loading} error={error} onRetry={retry} />
        ) : (
          <MessageCard message={data?.message} loading={loading} error={error} onRetry={retry} />
        )}
        {isLead && (loading || data?.project) ? <MessageCard message={data?.message} loading={loading} error={error} onRetry={retry} /> : null}
        <AdvertCard advert={data?.advert} loading={loading} error={error} onRetry={retry} />
        <ProductCard product={data?.product} loading={loading} error={error} onRetry={retry} />
        <FastCard fast={data?.fast} loading={loading} error={error} onRetry={retry} />
      </SimpleGrid>

      {openTicket !== undefined ? (
        <Suspense fallback={null}>
          <HomeTicketDrawer ticketId={openTicket} onClose={() => setOpenTicket(undefined)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
