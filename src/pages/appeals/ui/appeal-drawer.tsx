import { Badge, Button, Center, Drawer, Group, SimpleGrid, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { APPEAL_EVENT_TEXT, APPEAL_TYPE_TEXT, appealQueries, AppealStatusTag, type AppealDetail } from '@/entities/appeal';
import { formatTime } from '@/entities/ticket';
import { ReviewAppealButtons } from '@/features/review-appeal';
import { formatCents } from '@/shared/lib';
import { CopyText } from '@/shared/ui';
import { AppealDrafts } from './appeal-drafts';
import { AppealFiles } from './appeal-files';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6} component="section" aria-label={title}>
      <Title order={4} fz="sm" c="dimmed" fw={600}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

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
        <Field label="订单号">
          <CopyText value={appeal.order_no} ff="monospace" />
        </Field>
        <Field label="工单">{appeal.ticket_title}</Field>
        <Field label="设计师">
          {appeal.designer_name}（{appeal.designer_id}）
        </Field>
        {appeal.type === 'fee' ? <Field label="申请金额">{formatCents(appeal.requested_cents)}</Field> : null}
        {appeal.status === 'approved' && appeal.approved_cents > 0 ? <Field label="调整金额">{formatCents(appeal.approved_cents, { signed: true })}</Field> : null}
        <Field label="提交时间">{formatTime(appeal.created_at)}</Field>
        {appeal.reviewed_at ? <Field label="审核时间">{formatTime(appeal.reviewed_at)}</Field> : null}
        {appeal.reviewer_name ? <Field label="审核人">{appeal.reviewer_name}</Field> : null}
      </SimpleGrid>
      {canReview && appeal.status === 'pending' ? (
        <Section title="审核">
          <ReviewAppealButtons appeal={appeal} />
        </Section>
      ) : null}
      <Section title="申诉理由">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {appeal.reason}
        </Text>
      </Section>
      {appeal.review_note ? (
        <Section title="审核意见">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {appeal.review_note}
          </Text>
        </Section>
      ) : null}
      <Section title="附件">
        <AppealFiles attachments={appeal.attachments} />
      </Section>
      <Section title="工单稿件">
        <AppealDrafts ticketId={appeal.ticket_id} />
      </Section>
      <Section title="申诉时间线">
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
                  {e.actor_name || '系统'} · {formatTime(e.created_at, 'YYYY-MM-DD HH:mm:ss')}
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
      </Section>
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
      {detail.isPending ? (
        <Stack gap="sm" aria-label="加载中">
          <Skeleton h={24} w="40%" />
          <Skeleton h={80} />
          <Skeleton h={160} />
        </Stack>
      ) : detail.isError ? (
        <Center py="xl">
          <Stack align="center" gap="xs" role="alert">
            <Text c="red">{detail.error.message}</Text>
            <Button variant="light" size="xs" onClick={() => void detail.refetch()}>
              重试
            </Button>
          </Stack>
        </Center>
      ) : (
        <AppealDetailView appeal={detail.data} canReview={canReview} />
      )}
    </Drawer>
  );
}
