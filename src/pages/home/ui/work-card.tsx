import { Badge, Group, NavLink, Stack, Text, ThemeIcon } from '@mantine/core';
import { memo } from 'react';
import type { HomeSummary, WorkItem } from '@/entities/workbench';
import { useNow } from '@/shared/lib';
import { AnchorLink } from '@/shared/ui/router-links';
import { dueText, WORK_GROUP_TEXT } from '../model/work-groups';
import { HOME_CARD_HEIGHT, HomeCard } from './home-card';

interface Props {
  work: HomeSummary['work'] | undefined;
  /** A lead's card is the team's (known from the profile before the home arrives, so the title does not change). */
  teamScope: boolean;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  onOpen: (item: WorkItem) => void;
}

/** work: my tickets needing action now (a lead: the team's), grouped; a row opens the ticket drawer. */
function WorkCardView({ work, teamScope, loading, error, onRetry, onOpen }: Props) {
  const now = useNow();
  const team = work ? work.scope === 'team' : teamScope;
  const title = team ? '团队待处理工单' : '我的待处理工单';
  const groups = work?.groups.filter((g) => g.count > 0) ?? [];
  return (
    <HomeCard
      title={title}
      testId="home-work"
      height={HOME_CARD_HEIGHT}
      skeletonRows={5}
      loading={loading}
      error={error}
      onRetry={onRetry}
      extra={
        <Group gap="xs">
          <Badge variant="light" color={work?.total ? 'red' : 'teal'}>
            共{work?.total ?? 0}张
          </Badge>
          <AnchorLink size="sm" to={team ? '/team-management/orders' : '/order-management/index'}>
            {team ? '团队订单' : '我的工单'}
          </AnchorLink>
        </Group>
      }
    >
      {groups.length === 0 ? (
        <Stack align="center" gap={4} py="lg">
          <ThemeIcon variant="light" color="teal" size="xl" radius="xl" aria-hidden>
            ✓
          </ThemeIcon>
          <Text fw={600}>今天没有待处理的工单</Text>
          <Text size="sm" c="dimmed">
            超时、临近截止、等待初稿和被驳回的工单都会出现在这里
          </Text>
        </Stack>
      ) : (
        <Stack gap="md">
          {groups.map((g) => {
            const text = WORK_GROUP_TEXT[g.key];
            return (
              <Stack key={g.key} gap={4} role="group" aria-label={`${text.label} ${g.count}张`} data-group={g.key}>
                <Group gap="xs">
                  <Badge color={text.color} variant="filled" size="sm" autoContrast>
                    {text.label}
                  </Badge>
                  <Text size="sm" c="dimmed">
                    {g.count}张{g.count > g.items.length ? `，显示最紧急的${g.items.length}张` : ''}
                  </Text>
                </Group>
                <Stack gap={2} role="list">
                  {g.items.map((item) => (
                    <div role="listitem" key={item.ticket_id}>
                      <NavLink
                        component="button"
                        type="button"
                        onClick={() => onOpen(item)}
                        label={item.title}
                        description={`${item.order_no}${team ? ` · ${item.designer_name ?? '未分配'}` : ''}`}
                        rightSection={
                          <Text size="xs" c={g.key === 'overdue' ? 'var(--app-color-danger)' : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
                            {dueText(item, now)}
                          </Text>
                        }
                      />
                    </div>
                  ))}
                </Stack>
              </Stack>
            );
          })}
        </Stack>
      )}
    </HomeCard>
  );
}

/** Memoised: each home answer is a new object (its `generated_at`), while this card's part is often the same one. */
export const WorkCard = memo(WorkCardView);
