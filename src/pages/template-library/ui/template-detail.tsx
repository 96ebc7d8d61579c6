import { Badge, Button, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { TemplateCard, TEMPLATE_STATUS_TEXT, type TemplateDetail } from '@/entities/template';
import { downloadFile } from '@/features/download-file';
import { FavouriteButton } from '@/features/favourite-template';
import { CurationPanel, ShareLinksPanel, useDeleteTemplate } from '@/features/manage-template';
import { SubmitDraftModal } from '@/features/submit-draft';
import { TemplateFormModal } from '@/features/upload-template';
import { uploadFile, UploadTaskList } from '@/features/upload-file';
import { PickTicketModal, type UsedForTicket } from '@/features/use-template';
import { formatBytes, formatTime } from '@/shared/lib';
import { ConfirmButton, DetailField, DetailSection, notify } from '@/shared/ui';
import { PreviewViewer } from './preview-viewer';

interface Props {
  template: TemplateDetail;
  /** Opens another template (a related one) in the same drawer. */
  onOpen: (id: number) => void;
  /** The template is gone (deleted): close the drawer. */
  onGone: () => void;
}

/**
 * One template: large previews, its files to download, who made it, products, use count, related
 * templates; 用于工单 (then the ticket's draft dialog with the copied files), the star, the owner's
 * edit and delete, a lead's curation, share links for the owner or the lead.
 */
export function TemplateDetailView({ template: t, onOpen, onGone }: Props) {
  const [picking, setPicking] = useState(false);
  const [draft, setDraft] = useState<UsedForTicket | null>(null);
  const [editing, setEditing] = useState(false);
  const remove = useDeleteTemplate();

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Title order={3} size="h4">
            {t.title}
          </Title>
          <Group gap={6}>
            <Badge variant="light">{t.category}</Badge>
            {t.featured ? (
              <Badge color="yellow" variant="filled" c="dark.9">
                推荐
              </Badge>
            ) : null}
            <Badge color={t.status === 'published' ? 'teal' : 'gray'} variant="outline" c={t.status === 'published' ? 'var(--app-color-positive)' : 'gray'}>
              {TEMPLATE_STATUS_TEXT[t.status]}
            </Badge>
            {t.tags.map((tag) => (
              <Badge key={tag} color="gray" variant="light" c="gray">
                #{tag}
              </Badge>
            ))}
          </Group>
        </Stack>
        <Group gap="xs">
          <FavouriteButton template={t} variant="button" />
          <Button size="xs" onClick={() => setPicking(true)}>
            用于工单
          </Button>
        </Group>
      </Group>

      <PreviewViewer key={t.template_id} title={t.title} previews={t.previews} />

      {t.description ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {t.description}
        </Text>
      ) : null}

      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="xs">
        <DetailField label="作者">{t.owner.name}</DetailField>
        <DetailField label="使用次数">{t.use_count} 次</DetailField>
        <DetailField label="上传时间">{formatTime(t.created_at)}</DetailField>
        <DetailField label="发布时间">{t.published_at ? formatTime(t.published_at) : '未发布'}</DetailField>
        <DetailField label="适用产品">{t.products.length ? t.products.map((p) => p.name).join('、') : '不限'}</DetailField>
      </SimpleGrid>

      <DetailSection title="源文件">
        {t.sources.length ? (
          <Table fz="sm" verticalSpacing={4} aria-label="源文件">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>文件名</Table.Th>
                <Table.Th>类型</Table.Th>
                <Table.Th>大小</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {t.sources.map((f) => (
                <Table.Tr key={f.file_id}>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{f.name}</Table.Td>
                  <Table.Td>{f.file_type.toUpperCase()}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatBytes(f.size)}</Table.Td>
                  <Table.Td>
                    <Button size="compact-xs" variant="light" aria-label={`下载 ${f.name}`} onClick={() => void downloadFile(f.url, f.name)}>
                      下载
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm" c="dimmed">
            无源文件
          </Text>
        )}
      </DetailSection>

      {t.can_edit ? (
        <DetailSection title="我的模板">
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => setEditing(true)}>
              编辑
            </Button>
            <ConfirmButton
              label="删除"
              title="删除模板"
              message={`删除「${t.title}」后，它的收藏和分享链接一并失效，且无法恢复。确定删除吗？`}
              confirmLabel="确定删除"
              loading={remove.isPending}
              onConfirm={() =>
                remove.mutate(t.template_id, {
                  onSuccess: () => {
                    notify('模板已删除', 'success');
                    onGone();
                  },
                })
              }
            />
          </Group>
        </DetailSection>
      ) : null}

      {t.can_curate ? (
        <DetailSection title="整理（团队负责人）">
          <CurationPanel key={`${t.template_id}-${t.updated_at}`} template={t} />
        </DetailSection>
      ) : null}

      {t.can_share ? (
        <DetailSection title="分享链接">
          <ShareLinksPanel templateId={t.template_id} />
        </DetailSection>
      ) : null}

      <DetailSection title="相关模板">
        {t.related.length ? (
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            {t.related.map((r) => (
              <TemplateCard key={r.template_id} template={r} onOpen={() => onOpen(r.template_id)} />
            ))}
          </SimpleGrid>
        ) : (
          <Text size="sm" c="dimmed">
            暂无相关模板
          </Text>
        )}
      </DetailSection>

      {picking ? (
        <PickTicketModal
          template={t}
          onClose={() => setPicking(false)}
          onUsed={(used) => {
            setPicking(false);
            setDraft(used);
          }}
        />
      ) : null}
      {draft ? (
        <SubmitDraftModal
          ticket={draft.ticket}
          kind={draft.kind}
          initialFiles={draft.used.files}
          onClose={() => setDraft(null)}
          upload={(file, signal) => uploadFile(file, 'draft', { signal })}
          progress={<UploadTaskList />}
        />
      ) : null}
      {editing ? (
        <TemplateFormModal
          template={t}
          onClose={() => setEditing(false)}
          upload={(file, signal) => uploadFile(file, 'template', { signal })}
          progress={<UploadTaskList />}
        />
      ) : null}
    </Stack>
  );
}
