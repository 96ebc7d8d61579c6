import { Badge, Drawer, Group, SimpleGrid, Stack, Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { APPEAL_EVENT_TEXT, APPEAL_TYPE_TEXT, appealQueries, AppealStatusTag, type AppealDetail } from '@/entities/appeal';
import { CommentThread } from '@/features/comment-thread';
import { ReviewAppealButtons } from '@/features/review-appeal';
import { uploadFile } from '@/features/upload-file';
import { formatCents, formatTime } from '@/shared/lib';
import { CopyText, DetailField, DetailSection, DetailStates } from '@/shared/ui';
import { AppealDrafts } from './appeal-drafts';
import { AppealFiles } from './appeal-files';

const EVENT_COLOR = { filed: 'blue', approved: 'teal', rejected: 'red' } as const;

function AppealDetailView({ appeal, canReview }: { appeal: AppealDetail; canReview: boolean }) {
  return (
    <Stack gap="lg">
      <Group gap="xs">
        <Badge variant="outline" color="gray">
          {APPEAL_TYPE_TEXT[appeal.type]}
        </Badge>
        <AppealStatusTag status={appeal.status} />
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="xs">
        <DetailField label="订单号">
          <CopyText value={appeal.order_no} ff="monospace" />
        </DetailField>
        <DetailField label="工单">{appeal.ticket_title}</DetailField>
        <DetailField label="设计师">
          {appeal.designer_name}（{appeal.designer_id}）
        </DetailField>
        {appeal.type === 'fee' ? <DetailField label="申请金额">{formatCents(appeal.requested_cents)}</DetailField> : null}
        {appeal.status === 'approved' && appeal.approved_cents > 0 ? <DetailField label="调整金额">{formatCents(appeal.approved_cents, { signed: true })}</DetailField> : null}
        <DetailField label="提交时间">{formatTime(appeal.created_at)}</DetailField>
        {appeal.reviewed_at ? <DetailField label="审核时间">{formatTime(appeal.reviewed_at)}</DetailField> : null}
        {appeal.reviewer_name ? <DetailField label="审核人">{appeal.reviewer_name}</DetailField> : null}
      </SimpleGrid>
      {canReview && appeal.status === 'pending' ? (
        <DetailSection title="审核">
          <ReviewAppealButtons appeal={appeal} />
        </DetailSection>
      ) : null}
      <DetailSection title="申诉理由">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {appeal.reason}
        </Text>
      </DetailSection>
      {appeal.review_note ? (
        <DetailSection title="审核意见">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {appeal.review_note}
          </Text>
        </DetailSection>
      ) : null}
      <DetailSection title="附件">
        <AppealFiles attachments={appeal.attachments} />
      </DetailSection>
      <DetailSection title="工单稿件">
        <AppealDrafts ticketId={appeal.ticket_id} />
      </DetailSection>
      <DetailSection title="申诉时间线">
        {appeal.events.length ? (
          <Timeline active={appeal.events.length - 1} bulletSize={14} lineWidth={2} aria-label="申诉时间线">
            {appeal.events.map((e) => (
              <Timeline.Item
                key={e.event_id}
                color={EVENT_COLOR[e.type]}
                title={
                  <Text size="sm" fw={500}>
                    {APPEAL_EVENT_TEXT[e.type]}
                  </Text>
                }
              >
                <Text size="xs" c="dimmed">
                  {e.actor_name || '系统'} · {formatTime(e.created_at, 'dateTimeSeconds')}
                </Text>
                {e.note ? (
                  <Text size="sm" mt={2} style={{ whiteSpace: 'pre-wrap' }}>
                    {e.note}
                  </Text>
                ) : null}
              </Timeline.Item>
            ))}
          </Timeline>
        ) : (
          <Text size="sm" c="dimmed">
            暂无记录
          </Text>
        )}
      </DetailSection>
      <DetailSection title="评论">
        <CommentThread subject="appeal" id={appeal.appeal_id} upload={(file, signal) => uploadFile(file, 'comment', { signal })} />
      </DetailSection>
    </Stack>
  );
}

interface Props {
  /** The appeal shown; undefined: closed. */
  appealId: number | undefined;
  /** A lead may decide pending appeals of the team. */
  canReview: boolean;
  onClose: () => void;
}

/** The timeline drawer of an appeal (`?appeal=<id>`, so a reload keeps it open). */
export function AppealDrawer({ appealId, canReview, onClose }: Props) {
  const detail = useQuery({ ...appealQueries.detail(appealId ?? 0), enabled: appealId !== undefined });
  return (
    <Drawer opened={appealId !== undefined} onClose={onClose} position="right" size="lg" title={detail.data ? `申诉 ${detail.data.order_no}` : '申诉详情'} padding="lg">
      <DetailStates query={detail} skeleton={[80, 160]}>
        {(data) => <AppealDetailView appeal={data} canReview={canReview} />}
      </DetailStates>
    </Drawer>
  );
}
