import { Badge } from '@mantine/core';
import { APPEAL_STATUS_COLOR, APPEAL_STATUS_TEXT, type AppealStatus } from '../model/appeal.schema';

/** An appeal status as a tag: 待审核 / 已通过 / 已驳回. */
export function AppealStatusTag({ status }: { status: AppealStatus }) {
  return (
    <Badge variant="dot" color={APPEAL_STATUS_COLOR[status]} radius="sm" style={{ flexShrink: 0 }} styles={{ label: { overflow: 'visible' } }} data-appeal-status={status}>
      {APPEAL_STATUS_TEXT[status]}
    </Badge>
  );
}
