import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import type { Appeal } from '@/entities/appeal';
import { ReviewAppealModal, type ReviewAppealModalProps } from './review-appeal-modal';

/** 通过 / 驳回 for a pending appeal; each opens its confirmation. */
export function ReviewAppealButtons({ appeal, size = 'xs' }: { appeal: ReviewAppealModalProps['appeal'] & Pick<Appeal, 'status'>; size?: 'xs' | 'compact-xs' | 'sm' }) {
  const [decision, setDecision] = useState<'approve' | 'reject' | null>(null);
  if (appeal.status !== 'pending') return null;
  return (
    <>
      <Group gap={6} wrap="nowrap">
        <Button size={size} color="teal.9" variant="filled" onClick={() => setDecision('approve')} aria-label={`通过申诉 ${appeal.order_no}`}>
          通过
        </Button>
        <Button size={size} color="red" variant="outline" onClick={() => setDecision('reject')} aria-label={`驳回申诉 ${appeal.order_no}`}>
          驳回
        </Button>
      </Group>
      {decision ? <ReviewAppealModal key={decision} appeal={appeal} decision={decision} onClose={() => setDecision(null)} /> : null}
    </>
  );
}
