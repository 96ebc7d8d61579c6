import { Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import type { Settlement } from '@/entities/settlement';
import { formatCents, shanghaiDay } from '@/shared/lib';
import { SETTLE_TEXT, settleStep } from '../model/settle-step';
import { useSettleSettlement } from '../model/use-settle-settlement';

interface Props {
  settlement: Pick<Settlement, 'settlement_id' | 'status' | 'period_start' | 'period_end' | 'designer_name' | 'net_cents'>;
}

/** The next step of a member's settlement for its lead (确认结算 / 标记已支付), asked first; nothing once paid. */
export function SettleSettlementButton({ settlement }: Props) {
  const [asking, setAsking] = useState(false);
  const mutation = useSettleSettlement();
  const step = settleStep(settlement, shanghaiDay());
  if (!step) return null;
  const text = SETTLE_TEXT[step.action];
  const label = `${text.button}：${settlement.designer_name}`;
  if (!step.ready) {
    return (
      <Tooltip label={step.reason}>
        <Button size="xs" variant="default" data-disabled aria-label={label} aria-description={step.reason} onClick={(e) => e.preventDefault()}>
          {text.button}
        </Button>
      </Tooltip>
    );
  }
  return (
    <>
      <Button size="xs" variant={step.action === 'pay' ? 'filled' : 'light'} aria-label={label} onClick={() => setAsking(true)}>
        {text.button}
      </Button>
      <Modal opened={asking} onClose={mutation.isPending ? () => {} : () => setAsking(false)} title={text.title} centered>
        <Stack gap="sm">
          <Text size="sm">
            {settlement.designer_name} 的结算单（{settlement.period_start} 至 {settlement.period_end}），实发 {formatCents(settlement.net_cents)}。
          </Text>
          <Text size="sm" c="dimmed">
            {step.action === 'confirm' ? '确认后本期不再记入新的费用，之后的费用记入下一期。' : '请在实际付款后再标记，标记后不可撤销。'}
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" disabled={mutation.isPending} onClick={() => setAsking(false)}>
              取消
            </Button>
            <Button
              loading={mutation.isPending}
              data-autofocus
              onClick={() => mutation.mutate({ id: settlement.settlement_id, action: step.action }, { onSettled: () => setAsking(false) })}
            >
              {text.button}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
