import { Button, Card, Group, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import type { TicketItem } from '@/entities/ticket';
import { copyToClipboard } from '@/shared/lib';
import { notify } from '@/shared/ui';

interface Props {
  chosen: ReadonlyMap<number, TicketItem>;
  onClear: () => void;
}

/** What can be done with the chosen tickets of My tickets: copy their order numbers, one a line. */
export function TicketSelectionBar({ chosen, onClear }: Props): ReactElement | null {
  if (chosen.size === 0) return null;
  const copy = async () => {
    const orderNos = [...chosen.values()].map((t) => t.order_no);
    const ok = await copyToClipboard(orderNos.join('\n'));
    notify(ok ? `已复制 ${orderNos.length} 个订单号` : '复制失败，请手动选择订单号复制', ok ? 'success' : 'error');
  };
  return (
    <Card withBorder radius="md" padding="xs" role="toolbar" aria-label="已选工单">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" aria-live="polite" data-testid="selection-count">
          已选择 {chosen.size} 张工单
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={() => void copy()}>
            复制订单号
          </Button>
          <Button size="xs" variant="subtle" onClick={onClear}>
            清空选择
          </Button>
        </Group>
      </Group>
    </Card>
  );
}
