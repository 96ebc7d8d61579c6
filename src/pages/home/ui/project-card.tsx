import { Badge, Group, Progress, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { memo } from 'react';
import type { ProjectCard as ProjectData } from '@/entities/workbench';
import { AnchorLink } from '@/shared/ui/router-links';
import { HOME_CARD_HEIGHT, HomeCard } from './home-card';

interface Props {
  project: ProjectData | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
}

function Figure({ label, value, color }: { label: string; value: string | number; color?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" c={color}>
        {value}
      </Text>
    </Stack>
  );
}

/** project (leads): the team today, and each member's planned capacity against today's assignments. */
function ProjectCardView({ project, loading, error, onRetry }: Props) {
  return (
    <HomeCard
      title="团队今日"
      testId="home-project"
      height={HOME_CARD_HEIGHT}
      skeletonRows={5}
      loading={loading}
      error={error}
      onRetry={onRetry}
      extra={
        project?.plan_id ? (
          <AnchorLink size="sm" to="/order-plan/detail/$id" params={{ id: String(project.plan_id) }}>
            本周接单计划
          </AnchorLink>
        ) : (
          <AnchorLink size="sm" to="/order-plan/index">
            接单计划
          </AnchorLink>
        )
      }
    >
      {project ? (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs" role="list" aria-label="团队今日数据">
            {[
              { label: '今日进单', value: project.tickets_in },
              { label: '今日分配', value: project.assigned },
              { label: '今日完成', value: project.done },
              { label: '超时', value: project.overdue, color: project.overdue ? 'var(--app-color-danger)' : undefined },
              { label: '在线/计划', value: `${project.designers_online}/${project.designers_planned}` },
            ].map((f) => (
              <div role="listitem" key={f.label}>
                <Figure {...f} />
              </div>
            ))}
          </SimpleGrid>
          {project.designers.length === 0 ? (
            <Text size="sm" c="dimmed">
              团队还没有设计师
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={320} mah={220}>
              <Table striped verticalSpacing={4} fz="sm">
                <Table.Caption>今日计划产能与已分配</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>设计师</Table.Th>
                    <Table.Th>状态</Table.Th>
                    <Table.Th>已分配/产能</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {project.designers.map((d) => {
                    const ratio = d.capacity_today > 0 ? Math.min(100, (d.assigned_today / d.capacity_today) * 100) : 0;
                    return (
                      <Table.Tr key={d.designer_id}>
                        <Table.Td>{d.name}</Table.Td>
                        <Table.Td>
                          <Badge size="xs" variant="dot" color={d.online ? 'teal' : 'gray'}>
                            {d.online ? '接单中' : '暂停'}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <Group gap="xs" wrap="nowrap">
                            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                              {d.assigned_today}/{d.capacity_today}
                            </Text>
                            <Progress
                              value={ratio}
                              w={80}
                              color={d.assigned_today > d.capacity_today ? 'red' : 'blue'}
                              aria-label={`${d.name} 今日已分配${d.assigned_today}，产能${d.capacity_today}`}
                            />
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      ) : null}
    </HomeCard>
  );
}

/** Memoised: each home answer is a new object (its `generated_at`), while this card's part is often the same one. */
export const ProjectCard = memo(ProjectCardView);
