import { Anchor, Badge, Button, Card, Group, Image, SimpleGrid, Skeleton, Stack, Table, Text, Timeline } from '@mantine/core';
import { useState } from 'react';
import {
  ASSIGN_RISKS,
  type AssignRisk,
  RISK_TEXT,
  ALLOCATION_HOW_TEXT,
  availableTicketActions,
  DRAFT_KIND_TEXT,
  draftSyncText,
  durationText,
  fileNameOf,
  MarkerBadges,
  STAGE_TEXT,
  StatusTag,
  type DraftKind,
  type TicketAttachment,
  type TicketDetail,
  type TicketDraftDetail,
  type TicketEvent,
  type TicketViewer,
  TimeoutCell,
  timeoutDisplay,
} from '@/entities/ticket';
import { canFileAppealOn, pendingApplications } from '@/entities/appeal';
import { HasRole } from '@/entities/user';
import { CommentThread } from '@/features/comment-thread';
import { downloadFile, isImageFile } from '@/features/download-file';
import { FileAppealModal } from '@/features/file-appeal';
import { ReviewApplicationButtons } from '@/features/review-appeal';
import { SubmitDraftModal } from '@/features/submit-draft';
import { TicketActions } from '@/features/ticket-actions';
import { uploadFile, UploadTaskList } from '@/features/upload-file';
import { TemplatePickerModal } from '@/features/use-template';
import { CopyText, DetailField, DetailSection } from '@/shared/ui';
import { formatTime } from '@/shared/lib';

const SYNC_COLOR: Record<number, string> = { 0: 'gray', 1: 'teal', 2: 'red', 3: 'orange' };

/** A stored file: its key (or URL), its name and where it is read (`url`: the server signs private files for 15 minutes). */
interface ShownFile {
  keyOrUrl: string;
  name: string;
  url: string | undefined;
}

/** One stored file: images preview (opening in a new tab), other files download. */
function FileItem({ keyOrUrl, name, url }: ShownFile) {
  if (isImageFile(name, keyOrUrl)) {
    return (
      <Card withBorder padding={4} radius="sm" w={120}>
        {url ? (
          <Anchor href={url} target="_blank" rel="noopener noreferrer" aria-label={`预览 ${name}（新标签页打开）`}>
            <Image src={url} alt={name} h={80} fit="cover" radius="sm" fallbackSrc="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='120' height='80'/%3E" />
          </Anchor>
        ) : (
          <Skeleton h={80} radius="sm" />
        )}
        <Text size="xs" truncate="end" title={name} mt={4}>
          {name}
        </Text>
      </Card>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between">
      <Text size="sm" truncate="end" title={name} style={{ minWidth: 0 }}>
        {name}
      </Text>
      <Button size="compact-xs" variant="light" disabled={!url} aria-label={`下载 ${name}`} onClick={() => url && void downloadFile(url, name)}>
        下载
      </Button>
    </Group>
  );
}

function Files({ files }: { files: ShownFile[] }) {
  const images = files.filter((f) => isImageFile(f.name, f.keyOrUrl));
  const others = files.filter((f) => !isImageFile(f.name, f.keyOrUrl));
  return (
    <Stack gap={6}>
      {images.length ? (
        <Group gap="xs">
          {images.map((f) => (
            <FileItem key={f.keyOrUrl} {...f} />
          ))}
        </Group>
      ) : null}
      {others.map((f) => (
        <FileItem key={f.keyOrUrl} {...f} />
      ))}
    </Stack>
  );
}

function Attachments({ attachments }: { attachments: TicketAttachment[] }) {
  if (!attachments.length)
    return (
      <Text size="sm" c="dimmed">
        无附件
      </Text>
    );
  return <Files files={attachments.map((a) => ({ keyOrUrl: a.url, name: a.name || fileNameOf(a.url), url: a.read_url }))} />;
}

function Drafts({ drafts }: { drafts: TicketDraftDetail[] }) {
  if (!drafts.length)
    return (
      <Text size="sm" c="dimmed">
        尚未提交稿件
      </Text>
    );
  return (
    <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="稿件列表">
      {[...drafts].reverse().map((d) => (
        <Card key={d.draft_id} withBorder padding="sm" radius="sm" component="li" data-draft-id={d.draft_id}>
          <Group justify="space-between" mb={6}>
            <Group gap="xs">
              <Badge variant="light">{DRAFT_KIND_TEXT[d.kind]}</Badge>
              <Text size="xs" c="dimmed">
                提交于 {formatTime(d.created_at)}
              </Text>
            </Group>
            <Badge color={SYNC_COLOR[d.sync_status] ?? 'gray'} variant="dot" data-testid="draft-sync-status">
              {draftSyncText(d.sync_status)}
            </Badge>
          </Group>
          {d.audit_result ? (
            <Text size="sm" mb={4}>
              审核结果：{d.audit_result}
              {d.audited_at ? (
                <Text span size="xs" c="dimmed" ml={6}>
                  {formatTime(d.audited_at)}
                </Text>
              ) : null}
            </Text>
          ) : null}
          {d.note ? (
            <Text size="sm" c="dimmed" mb={4}>
              备注：{d.note}
            </Text>
          ) : null}
          <Files files={d.files.map((k, i) => ({ keyOrUrl: k, name: fileNameOf(k), url: d.read_urls[i] }))} />
        </Card>
      ))}
    </Stack>
  );
}

const DETAIL_TEXT: Record<string, string> = { reason: '原因', note: '说明' };

function baseNote(e: TicketEvent): string | null {
  for (const key of ['reason', 'note'] as const) {
    const v = e.detail[key];
    if (typeof v === 'string' && v.trim()) return `${DETAIL_TEXT[key]}：${v}`;
  }
  if (e.type === 'transferred' && typeof e.detail.to_name === 'string') return `转派给 ${e.detail.to_name}`;
  if ((e.type === 'system_assigned' || e.type === 'manual_assigned') && typeof e.detail.designer_name === 'string') return `分配给 ${e.detail.designer_name}`;
  if (e.type === 'commented') {
    const names = Array.isArray(e.detail.mentioned_names) ? e.detail.mentioned_names.filter((n): n is string => typeof n === 'string') : [];
    return names.length ? `提及 ${names.map((n) => `@${n}`).join(' ')}` : '见评论区';
  }
  if (e.type === 'draft_audited' && typeof e.detail.result === 'string' && e.detail.result) return e.detail.result;
  return null;
}

/** The note of an event; an assignment or transfer past a risk also names the risks the lead confirmed. */
function eventNote(e: TicketEvent): string | null {
  const note = baseNote(e);
  const risks = Array.isArray(e.detail.confirmed_risks) ? e.detail.confirmed_risks.filter((r): r is AssignRisk => (ASSIGN_RISKS as readonly unknown[]).includes(r)) : [];
  if (!risks.length) return note;
  const confirmed = `负责人已确认风险：${risks.map((r) => RISK_TEXT[r]).join('、')}`;
  return note ? `${note}；${confirmed}` : confirmed;
}

function TicketTimeline({ events }: { events: TicketEvent[] }) {
  if (!events.length)
    return (
      <Text size="sm" c="dimmed">
        暂无记录
      </Text>
    );
  return (
    <Timeline active={events.length - 1} bulletSize={14} lineWidth={2} aria-label="工单时间线">
      {events.map((e) => {
        const note = eventNote(e);
        return (
          <Timeline.Item
            key={e.event_id}
            title={
              <Text size="sm" fw={500}>
                {e.type_name}
              </Text>
            }
          >
            <Text size="xs" c="dimmed">
              {e.actor.name} · {formatTime(e.created_at, 'dateTimeSeconds')}
            </Text>
            {note ? (
              <Text size="sm" mt={2}>
                {note}
              </Text>
            ) : null}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}

/** The detail of one ticket with the actions the viewer may take. */
export function TicketDetailView({ ticket, viewer }: { ticket: TicketDetail; viewer: TicketViewer }) {
  const [draftKind, setDraftKind] = useState<DraftKind | null>(null);
  const actions = availableTicketActions(ticket, viewer);
  const designerActions = actions.filter((a) => a === 'finalReview' || a === 'factoryReject');
  const leadActions = actions.filter((a) => a === 'assign' || a === 'transfer' || a === 'urge' || a === 'abnormal' || a === 'close' || a === 'deduct');
  const display = timeoutDisplay(ticket);
  // Issue #5: the designer's appeal, a lead's decision on a pending application.
  const [appealOpen, setAppealOpen] = useState(false);
  const canAppeal = canFileAppealOn(ticket, viewer.designerId);
  const pending = pendingApplications(ticket.timeline);
  const decide = viewer.isLead && (pending.finalReview || pending.factoryReject);

  return (
    <Stack gap="lg">
      <Group gap="xs" wrap="wrap">
        <StatusTag status={ticket.status} />
        <Badge variant="outline" color="gray">
          {STAGE_TEXT[ticket.stage]}
        </Badge>
        <MarkerBadges orderMarkers={ticket.order_markers} workMarkers={ticket.work_markers} />
      </Group>

      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="xs">
        <DetailField label="订单号">
          <CopyText value={ticket.order_no} ff="monospace" />
        </DetailField>
        <DetailField label="店铺">{ticket.shop_name}</DetailField>
        <DetailField label="产品">{ticket.product_name}</DetailField>
        <DetailField label="设计师">{ticket.designer_name ? `${ticket.designer_name}（${ticket.designer_id}）` : '未分配'}</DetailField>
        <DetailField label="设计费">¥{(ticket.fee_cents / 100).toFixed(2)}</DetailField>
        <DetailField label="时限">{durationText(ticket.allowed_minutes)}</DetailField>
        <DetailField label="开始时间">{formatTime(ticket.started_at)}</DetailField>
        <DetailField label="截止时间">{formatTime(ticket.due_at)}</DetailField>
        <DetailField label="时效">
          {display === 'timer' ? <TimeoutCell startedAt={ticket.started_at} allowedMinutes={ticket.allowed_minutes} /> : display === 'finished' ? '—' : '未开始'}
        </DetailField>
        <DetailField label="创建时间">{formatTime(ticket.created_at)}</DetailField>
      </SimpleGrid>

      {actions.length ? (
        <DetailSection title="操作">
          <Group gap="xs">
            {actions.includes('submitFirst') ? (
              <Button size="xs" onClick={() => setDraftKind('first')}>
                上传初稿
              </Button>
            ) : null}
            {actions.includes('submitFinal') ? (
              <Button size="xs" variant={actions.includes('submitFirst') ? 'light' : 'filled'} onClick={() => setDraftKind('final')}>
                上传终稿
              </Button>
            ) : null}
            <TicketActions ticket={ticket} actions={designerActions} />
            {leadActions.length ? (
              <HasRole value={['role_admin']}>
                <TicketActions ticket={ticket} actions={leadActions} />
              </HasRole>
            ) : null}
          </Group>
        </DetailSection>
      ) : null}

      {canAppeal || decide ? (
        <DetailSection title="申诉与审核">
          <Group gap="xs">
            {canAppeal ? (
              <Button size="xs" variant="default" onClick={() => setAppealOpen(true)}>
                申诉
              </Button>
            ) : null}
            {viewer.isLead && pending.finalReview ? <ReviewApplicationButtons kind="finalReview" ticket={ticket} /> : null}
            {viewer.isLead && pending.factoryReject ? <ReviewApplicationButtons kind="factoryReject" ticket={ticket} /> : null}
          </Group>
        </DetailSection>
      ) : null}

      <DetailSection title="设计要求">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {ticket.requirements || '—'}
        </Text>
      </DetailSection>
      <DetailSection title="客户备注">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {ticket.customer_notes || '—'}
        </Text>
      </DetailSection>
      <DetailSection title="附件">
        <Attachments attachments={ticket.attachments} />
      </DetailSection>
      <DetailSection title="稿件">
        <Drafts drafts={ticket.drafts} />
      </DetailSection>
      <DetailSection title="时间线">
        <TicketTimeline events={ticket.timeline} />
      </DetailSection>
      <DetailSection title="评论">
        <CommentThread subject="ticket" id={ticket.ticket_id} upload={(file, signal) => uploadFile(file, 'comment', { signal })} />
      </DetailSection>
      {ticket.allocations.length ? (
        <DetailSection title="分配记录">
          <Table fz="sm" verticalSpacing={4} aria-label="分配记录">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>设计师</Table.Th>
                <Table.Th>方式</Table.Th>
                <Table.Th>分配时间</Table.Th>
                <Table.Th>结束</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ticket.allocations.map((a) => (
                <Table.Tr key={a.allocation_id}>
                  <Table.Td>{a.designer_name}</Table.Td>
                  <Table.Td>{ALLOCATION_HOW_TEXT[a.how] ?? a.how}</Table.Td>
                  <Table.Td>{formatTime(a.assigned_at)}</Table.Td>
                  <Table.Td>{a.ended_at ? formatTime(a.ended_at) : '进行中'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </DetailSection>
      ) : null}

      {appealOpen ? (
        <FileAppealModal
          ticket={ticket}
          onClose={() => setAppealOpen(false)}
          upload={(file, signal) => uploadFile(file, 'attachment', { signal })}
          progress={<UploadTaskList />}
        />
      ) : null}
      {draftKind ? (
        <SubmitDraftModal
          key={draftKind}
          ticket={ticket}
          kind={draftKind}
          onClose={() => setDraftKind(null)}
          upload={(file, signal) => uploadFile(file, 'draft', { signal })}
          progress={<UploadTaskList />}
          templatePicker={({ ticketId, onFiles, onClose }) => <TemplatePickerModal ticketId={ticketId} onClose={onClose} onUsed={(used) => onFiles(used.files)} />}
        />
      ) : null}
    </Stack>
  );
}
