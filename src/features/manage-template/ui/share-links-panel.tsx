import { Badge, Button, Checkbox, Group, Paper, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  SHARE_EXPIRIES,
  SHARE_EXPIRY_TEXT,
  SHARE_STATE_TEXT,
  type ShareExpiry,
  templateQueries,
  templateShareLink,
} from '@/entities/template';
import { formatTime } from '@/shared/lib';
import { ConfirmButton, CopyText, notify } from '@/shared/ui';
import { useCreateShare, useRevokeShare } from '../model/use-template-changes';

const STATE_COLOR = { active: 'teal', expired: 'gray', revoked: 'red' } as const;

/**
 * Share links of a template (its owner or the team's lead): create one with an expiry and whether
 * it allows downloading the source files, copy it (shown once: only its hash is kept), list and
 * revoke (asks first).
 */
export function ShareLinksPanel({ templateId }: { templateId: number }) {
  const shares = useQuery(templateQueries.shares(templateId));
  const create = useCreateShare();
  const revoke = useRevokeShare();
  const [expiresIn, setExpiresIn] = useState<ShareExpiry>('7d');
  const [allowDownload, setAllowDownload] = useState(false);
  const [created, setCreated] = useState<string | null>(null);

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500} id={`share-expiry-${templateId}`}>
            有效期
          </Text>
          <SegmentedControl
            size="xs"
            aria-labelledby={`share-expiry-${templateId}`}
            value={expiresIn}
            onChange={(v) => setExpiresIn(v as ShareExpiry)}
            data={SHARE_EXPIRIES.map((e) => ({ value: e, label: SHARE_EXPIRY_TEXT[e] }))}
          />
        </Stack>
        <Checkbox label="允许下载源文件" checked={allowDownload} onChange={(e) => setAllowDownload(e.currentTarget.checked)} mb={4} />
        <Button
          size="xs"
          loading={create.isPending}
          onClick={() =>
            create.mutate(
              { id: templateId, expiresIn, allowDownload },
              {
                onSuccess: (share) => {
                  setCreated(templateShareLink(share.token));
                  notify('分享链接已生成', 'success');
                },
              },
            )
          }
        >
          生成分享链接
        </Button>
      </Group>
      {created ? (
        <Paper withBorder p="xs" radius="sm" bg="teal.0">
          <Text size="xs" c="dimmed" mb={4}>
            新链接（只显示这一次，请复制保存）：
          </Text>
          <CopyText value={created} size="sm" style={{ wordBreak: 'break-all' }} data-testid="created-share-link" />
        </Paper>
      ) : null}
      {shares.isPending ? (
        <Text size="sm" c="dimmed">
          加载中…
        </Text>
      ) : shares.isError ? (
        <Group gap="xs" role="alert">
          <Text size="sm" c="red">
            {shares.error.message || '加载失败'}
          </Text>
          <Button size="compact-xs" variant="light" onClick={() => void shares.refetch()}>
            重试
          </Button>
        </Group>
      ) : shares.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          还没有分享链接
        </Text>
      ) : (
        <Table fz="sm" verticalSpacing={4} aria-label="分享链接">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>创建</Table.Th>
              <Table.Th>有效期至</Table.Th>
              <Table.Th>下载</Table.Th>
              <Table.Th>状态</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shares.data.map((s) => (
              <Table.Tr key={s.share_id} data-share-id={s.share_id}>
                <Table.Td>
                  {s.created_by.name} · {formatTime(s.created_at)}
                </Table.Td>
                <Table.Td>{s.expires_at ? formatTime(s.expires_at) : '永久有效'}</Table.Td>
                <Table.Td>{s.allow_download ? '允许' : '不允许'}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={STATE_COLOR[s.state]} c={`${STATE_COLOR[s.state]}.9`}>
                    {SHARE_STATE_TEXT[s.state]}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {s.state === 'active' ? (
                    <ConfirmButton
                      label="撤销"
                      title="撤销分享链接"
                      message="撤销后该链接立即失效，且无法恢复。确定撤销吗？"
                      confirmLabel="确定撤销"
                      loading={revoke.isPending && revoke.variables === s.share_id}
                      onConfirm={() => revoke.mutate(s.share_id, { onSuccess: () => notify('分享链接已撤销', 'success') })}
                    />
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
