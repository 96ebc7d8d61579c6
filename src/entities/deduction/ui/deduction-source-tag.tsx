import { Badge } from '@mantine/core';
import { DEDUCTION_SOURCE_COLOR, DEDUCTION_SOURCE_TEXT, type DeductionSource } from '../model/deduction.schema';

/** Where a deduction came from: 售后扣款 / 质检扣款 / 审核扣款. */
export function DeductionSourceTag({ source }: { source: DeductionSource }) {
  return (
    <Badge variant="dot" color={DEDUCTION_SOURCE_COLOR[source]} radius="sm" style={{ flexShrink: 0 }} styles={{ label: { overflow: 'visible' } }}>
      {DEDUCTION_SOURCE_TEXT[source]}
    </Badge>
  );
}
