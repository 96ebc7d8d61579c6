import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { teamApi, teamQueries } from '@/entities/team';
import { userQueries } from '@/entities/user';
import { ApiError, tokenStore } from '@/shared/api';
import { formatTime } from '@/shared/lib';
import { AuthCard } from '@/shared/ui';

const messageOf = (error: unknown) => (error instanceof ApiError && error.message ? error.message : '操作失败，请稍后重试');

/**
 * `/team-invite?code=…`: the team behind an invite link and whether it still works; a signed-in
 * designer joins after confirming. (Without a token the router sends the visitor to the login page
 * and back; the login page's register link carries the invite.)
 */
export function TeamInvitePage() {
  const search = useSearch({ strict: false }) as { code?: unknown };
  const code = typeof search.code === 'string' ? search.code.trim() : '';
  const queryClient = useQueryClient();
  const info = useQuery({ ...teamQueries.inviteInfo(code), enabled: !!code });
  const [confirming, setConfirming] = useState(false);
  const join = useMutation({
    mutationFn: () => teamApi.join(code),
    onSuccess: () => {
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: userQueries.profile().queryKey });
    },
    onError: () => setConfirming(false),
  });
  const signedIn = !!tokenStore.get();

  let body: React.ReactNode;
  if (!code) {
    body = <Alert color="red" title="邀请链接不完整">链接中缺少邀请码，请向团队负责人重新索取。</Alert>;
  } else if (info.isPending) {
    body = (
      <Group justify="center">
        <Loader role="status" aria-label="加载中" />
      </Group>
    );
  } else if (info.isError) {
    body = <Alert color="red" title="无法打开邀请">{messageOf(info.error)}</Alert>;
  } else if (join.isSuccess) {
    body = (
      <Stack>
        <Alert color="teal" title="加入成功">
          你已加入团队「{join.data.team_name}」。
        </Alert>
        <Button component={Link} to="/home">
          返回首页
        </Button>
      </Stack>
    );
  } else {
    const d = info.data;
    body = (
      <Stack>
        <Text>
          团队：<b>{d.team_name}</b>
        </Text>
        <Text>负责人：{d.lead_name || '—'}</Text>
        {d.state === 'valid' ? (
          <Text size="sm" c="dimmed">
            有效期至 {formatTime(d.expires_at)}
          </Text>
        ) : (
          <Alert color="orange" title="邀请不可用">
            {d.state_text}，请向团队负责人索取新的邀请链接。
          </Alert>
        )}
        {join.isError ? <Alert color="red">{messageOf(join.error)}</Alert> : null}
        {signedIn && d.viewer_membership === 'member' ? (
          <Stack>
            <Alert color="teal" title="你已是该团队成员">
              无需再次加入，团队「{d.team_name}」的工单会照常分配给你。
            </Alert>
            <Button component={Link} to="/home">
              返回首页
            </Button>
          </Stack>
        ) : null}
        {signedIn && d.viewer_membership === 'other_team' ? (
          <Alert color="orange" title="暂时无法加入">
            你已加入其他团队，请先联系原团队负责人退出后再加入。
          </Alert>
        ) : null}
        {d.state === 'valid' && signedIn && d.viewer_membership !== 'member' && d.viewer_membership !== 'other_team' ? (
          <Button onClick={() => setConfirming(true)}>加入团队</Button>
        ) : null}
        {d.state === 'valid' && !signedIn ? (
          <Group grow>
            <Button component="a" href={`#/login?redirect=${encodeURIComponent(`/team-invite?code=${code}`)}`}>
              登录
            </Button>
            <Button component="a" href={`#/register?invite=${encodeURIComponent(code)}`} variant="light">
              注册
            </Button>
          </Group>
        ) : null}
        <Modal opened={confirming} onClose={() => setConfirming(false)} title="加入团队" centered size="sm">
          <Stack>
            <Text size="sm">确定加入团队「{d.team_name}」吗？加入后由该团队负责人管理你的工单。</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)}>
                取消
              </Button>
              <Button loading={join.isPending} onClick={() => join.mutate()}>
                确定加入
              </Button>
            </Group>
          </Stack>
        </Modal>
      </Stack>
    );
  }

  return (
    <AuthCard title="团队邀请" subtitle="通过负责人分享的链接加入团队">
      {body}
    </AuthCard>
  );
}
