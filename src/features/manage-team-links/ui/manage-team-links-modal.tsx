import { Badge, Button, Group, Modal, NumberInput, Stack, Table, Tabs, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { INVITE_STATE_TEXT, inviteLink, panelLink, teamApi, teamQueries } from '@/entities/team';
import { ApiError } from '@/shared/api';
import { formatTime } from '@/shared/lib';
import { ConfirmButton, CopyText, notify } from '@/shared/ui';

function failed(error: unknown) {
  notify(error instanceof ApiError && error.message ? error.message : '操作失败，请稍后重试', 'error');
}

/** Asks before revoking; a revoked link or key stops working at once. */
function ConfirmRevoke({ what, onConfirm, loading }: { what: string; onConfirm: () => void; loading: boolean }) {
  return (
    <ConfirmButton
      label="撤销"
      title={`撤销${what}`}
      message={`撤销后该${what}立即失效，且无法恢复。确定撤销吗？`}
      confirmLabel="确定撤销"
      loading={loading}
      onConfirm={onConfirm}
    />
  );
}

function InvitesPanel() {
  const queryClient = useQueryClient();
  const invites = useQuery(teamQueries.invites());
  const [hours, setHours] = useState<number | string>(72);
  const [uses, setUses] = useState<number | string>(10);
  const [created, setCreated] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: teamQueries.invites().queryKey });
  const create = useMutation({
    mutationFn: () => teamApi.createInvite({ expires_in_hours: Number(hours), max_uses: Number(uses) }),
    onSuccess: (inv) => {
      setCreated(inviteLink(inv.code));
      notify('邀请链接已生成', 'success');
      void refresh();
    },
    onError: failed,
  });
  const revoke = useMutation({
    mutationFn: (id: number) => teamApi.revokeInvite(id),
    onSuccess: () => {
      notify('邀请链接已撤销', 'success');
      void refresh();
    },
    onError: failed,
  });
  const hoursOk = Number.isInteger(Number(hours)) && Number(hours) >= 1 && Number(hours) <= 720;
  const usesOk = Number.isInteger(Number(uses)) && Number(uses) >= 1 && Number(uses) <= 1000;

  return (
    <Stack>
      <Group align="flex-end">
        <NumberInput label="有效时长（小时）" min={1} max={720} allowDecimal={false} value={hours} onChange={setHours} error={hoursOk ? undefined : '有效时长为1-720小时'} w={160} />
        <NumberInput label="可用次数" min={1} max={1000} allowDecimal={false} value={uses} onChange={setUses} error={usesOk ? undefined : '可用次数为1-1000次'} w={140} />
        <Button onClick={() => create.mutate()} loading={create.isPending} disabled={!hoursOk || !usesOk}>
          生成邀请链接
        </Button>
      </Group>
      {created ? (
        <Stack gap={4} data-testid="created-invite">
          <Text size="sm" fw={600}>
            新的邀请链接
          </Text>
          <CopyText value={created} size="sm" style={{ wordBreak: 'break-all' }} />
        </Stack>
      ) : null}
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>链接</Table.Th>
            <Table.Th>状态</Table.Th>
            <Table.Th>使用</Table.Th>
            <Table.Th>到期</Table.Th>
            <Table.Th>已加入</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(invites.data ?? []).map((inv) => (
            <Table.Tr key={inv.id}>
              <Table.Td>
                <CopyText value={inviteLink(inv.code)} size="xs">
                  {inv.code.slice(0, 8)}…
                </CopyText>
              </Table.Td>
              <Table.Td>
                <Badge color={inv.state === 'valid' ? 'teal' : 'gray'} variant="light">
                  {INVITE_STATE_TEXT[inv.state]}
                </Badge>
              </Table.Td>
              <Table.Td>
                {inv.used_count}/{inv.max_uses}
              </Table.Td>
              <Table.Td>{formatTime(inv.expires_at)}</Table.Td>
              <Table.Td>{inv.joins.map((j) => j.name).join('、') || '—'}</Table.Td>
              <Table.Td>{inv.state === 'valid' ? <ConfirmRevoke what="邀请链接" loading={revoke.isPending} onConfirm={() => revoke.mutate(inv.id)} /> : null}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {invites.data?.length === 0 ? (
        <Text size="sm" c="dimmed">
          还没有邀请链接
        </Text>
      ) : null}
    </Stack>
  );
}

function PanelKeysPanel() {
  const queryClient = useQueryClient();
  const keys = useQuery(teamQueries.panelKeys());
  const [created, setCreated] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: teamQueries.panelKeys().queryKey });
  const create = useMutation({
    mutationFn: () => teamApi.createPanelKey(),
    onSuccess: (k) => {
      setCreated(panelLink(k.key));
      void refresh();
    },
    onError: failed,
  });
  const revoke = useMutation({
    mutationFn: (id: number) => teamApi.revokePanelKey(id),
    onSuccess: () => {
      notify('大屏密钥已撤销', 'success');
      void refresh();
    },
    onError: failed,
  });
  return (
    <Stack>
      <Group>
        <Button onClick={() => create.mutate()} loading={create.isPending}>
          生成大屏链接
        </Button>
        <Text size="xs" c="dimmed">
          链接中的密钥只显示一次，请立即复制；任何拿到链接的人都能查看本团队当日数据。
        </Text>
      </Group>
      {created ? (
        <Stack gap={4} data-testid="created-panel-link">
          <Text size="sm" fw={600}>
            新的大屏链接
          </Text>
          <CopyText value={created} size="sm" style={{ wordBreak: 'break-all' }} />
        </Stack>
      ) : null}
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>密钥</Table.Th>
            <Table.Th>创建时间</Table.Th>
            <Table.Th>状态</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(keys.data ?? []).map((k) => (
            <Table.Tr key={k.id}>
              <Table.Td>{k.key_hint}</Table.Td>
              <Table.Td>{formatTime(k.created_at)}</Table.Td>
              <Table.Td>
                <Badge color={k.revoked_at ? 'gray' : 'teal'} variant="light">
                  {k.revoked_at ? '已撤销' : '有效'}
                </Badge>
              </Table.Td>
              <Table.Td>{k.revoked_at ? null : <ConfirmRevoke what="大屏密钥" loading={revoke.isPending} onConfirm={() => revoke.mutate(k.id)} />}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** Team leads: invite links (expiry, uses, who joined, revoke) and daily-panel keys. */
export function ManageTeamLinksButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="light" onClick={() => setOpen(true)}>
        团队邀请与大屏
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="团队邀请与大屏" size="xl" centered>
        {open ? (
          <Tabs defaultValue="invites">
            <Tabs.List>
              <Tabs.Tab value="invites">邀请链接</Tabs.Tab>
              <Tabs.Tab value="panel">数据大屏</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="invites" pt="md">
              <InvitesPanel />
            </Tabs.Panel>
            <Tabs.Panel value="panel" pt="md">
              <PanelKeysPanel />
            </Tabs.Panel>
          </Tabs>
        ) : null}
      </Modal>
    </>
  );
}
