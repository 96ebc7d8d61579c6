import { Badge } from '@mantine/core';
import { SETTLEMENT_STATUS_COLOR, SETTLEMENT_STATUS_TEXT, type SettlementStatus } from '../model/settlement.schema';

/** A settlement status as a tag: 结算中 / 已确认 / 已发放, with how many when `count` is given. */
export function SettlementStatusTag({ status, count }: { status: SettlementStatus; count?: number }) {
  return (
    <Badge variant="dot" color={SETTLEMENT_STATUS_COLOR[status]} radius="sm" style={{ flexShrink: 0 }} styles={{ label: { overflow: 'visible' } }} data-settlement-status={status}>
      {SETTLEMENT_STATUS_TEXT[status]}
      {count === undefined ? null : ` ${count}`}
    </Badge>
  );
}
