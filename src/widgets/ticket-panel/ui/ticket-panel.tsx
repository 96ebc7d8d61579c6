import { Button, Group, Paper, SimpleGrid, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PANEL_COUNT_KEYS, PANEL_COUNT_TEXT, type PanelCountKey, panelCountFilter, ticketQueries } from '@/entities/ticket';

/** Counts that need attention, in shades that keep the large bold figures above 3:1 contrast on white. */
const ALERT: Partial<Record<PanelCountKey, string>> = { overdue: 'red', rejected: 'orange.9', first_draft_due: 'orange', final_draft_due: 'orange' };

interface Props {
  /** Called with a count whose list filter exists (waiting, overdue, rejected); those cards are buttons. */
  onSelect?: (key: PanelCountKey) => void;
  /** The count whose filter the list shows now. */
  activeKey?: PanelCountKey | null;
}

/**
 * The top panel counts over my tickets (a lead: the team's): waiting, in progress, first/final
 * draft due, overdue, rejected, appealing. Live: real-time messages invalidate ticketKeys.panelCounts().
 */
export function TicketPanel({ onSelect, activeKey }: Props) {
  const counts = useQuery(ticketQueries.panelCounts());

  if (counts.isError && !counts.data)
    return (
      <Paper withBorder p="sm" radius="md" role="alert">
        <Group justify="space-between">
          <Text size="sm" c="red">
            工单统计加载失败：{counts.error.message}
          </Text>
          <Button size="compact-sm" variant="light" onClick={() => void counts.refetch()}>
            重试
          </Button>
        </Group>
      </Paper>
    );

  return (
    <SimpleGrid cols={{ base: 2, xs: 4, md: 7 }} spacing="xs" role="list" aria-label="工单统计">
      {PANEL_COUNT_KEYS.map((key) => {
        const value = counts.data?.[key];
        const clickable = !!onSelect && panelCountFilter(key) !== null;
        const active = activeKey === key;
        const content = (
          <>
            <Text size="xs" c="dimmed" lh={1.2}>
              {PANEL_COUNT_TEXT[key]}
            </Text>
            {value === undefined ? (
              <Skeleton h={24} w={40} mt={4} radius="sm" />
            ) : (
              <Text fz={22} fw={700} lh={1.3} c={value > 0 ? ALERT[key] : undefined} data-testid={`panel-count-${key}`}>
                {value}
              </Text>
            )}
          </>
        );
        return (
          <Paper
            key={key}
            role="listitem"
            withBorder
            radius="md"
            px="sm"
            py={8}
            style={active ? { borderColor: 'var(--mantine-primary-color-filled)', background: 'var(--mantine-primary-color-light)' } : undefined}
          >
            {clickable ? (
              <UnstyledButton
                w="100%"
                onClick={() => onSelect(key)}
                aria-pressed={active}
                aria-label={`${PANEL_COUNT_TEXT[key]} ${value ?? ''}，${active ? '已筛选' : '点击筛选'}`}
              >
                {content}
              </UnstyledButton>
            ) : (
              content
            )}
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
