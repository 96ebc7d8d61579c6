import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { parseMarkers } from '../lib/markers';

/** The order's and the platform's markers as one-character badges; the full name shows on hover and to screen readers. */
export function MarkerBadges({ orderMarkers, workMarkers }: { orderMarkers?: string | null; workMarkers?: string | null }) {
  const markers = parseMarkers(orderMarkers, workMarkers);
  if (markers.length === 0)
    return (
      <Text size="sm" c="dimmed" span>
        —
      </Text>
    );
  return (
    <Group gap={4} wrap="wrap" role="list" aria-label="标记">
      {markers.map((m) => (
        <Tooltip key={m.code} label={m.name} withArrow openDelay={150}>
          <Badge
            role="listitem"
            size="sm"
            radius="sm"
            variant={m.code === 'ABNORMAL' || m.code === 'URGENT' || m.code === 'UGT' ? 'filled' : 'light'}
            color={m.code === 'ABNORMAL' || m.code === 'FACTORY_REJECT' ? 'red' : m.code === 'URGENT' || m.code === 'UGT' ? 'orange' : 'blue'}
            px={6}
            aria-label={m.name}
            data-marker={m.code}
          >
            {m.label}
          </Badge>
        </Tooltip>
      ))}
    </Group>
  );
}
