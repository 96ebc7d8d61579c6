import { Avatar, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { DESIGNER_TYPE_TEXT, maskPhone, type Profile } from '@/entities/user';
import { MSG } from '@/shared/config/messages';
import { copyToClipboard } from '@/shared/lib';
import { notify } from '@/shared/ui';
import { AvatarUpload } from './avatar-upload';

/** Who the designer is: names, type, team, masked phone, designer id and invite code. */
export function ProfileCard({ profile }: { profile: Profile }) {
  const name = profile.nickname || profile.real_name || maskPhone(profile.phone);
  return (
    <Card withBorder radius="md" padding="lg">
      <Group gap="md" wrap="nowrap" align="center">
        <Stack gap={6} align="center">
          <Avatar src={profile.avatar || null} size={64} radius="xl" color="blue" alt="">
            {[...name][0]}
          </Avatar>
          <AvatarUpload profile={profile} />
        </Stack>
        <Stack gap={4} miw={0}>
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          <Group gap={6}>
            <Badge variant="light">{DESIGNER_TYPE_TEXT[profile.designer_type] ?? '设计师'}</Badge>
            <Badge color={profile.online_ticket_status === 1 ? 'teal' : 'gray'} variant="dot">
              {profile.online_ticket_status === 1 ? '接单中' : '暂停接单'}
            </Badge>
          </Group>
        </Stack>
      </Group>
      <Stack gap={10} mt="lg" component="dl" style={{ margin: 0 }}>
        <Row term="真实姓名" value={profile.real_name || '未填写'} />
        <Row term="所属团队" value={profile.team_name || '未加入团队'} />
        <Row term="手机号" value={maskPhone(profile.phone)} />
        <Row term="设计师编号" value={profile.designer_id} />
        <Row term="邀请码" value={profile.invite_code || '—'} action={profile.invite_code ? <CopyInvite code={profile.invite_code} /> : null} />
      </Stack>
    </Card>
  );
}

function Row({ term, value, action }: { term: string; value: string; action?: React.ReactNode }) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text component="dt" size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {term}
      </Text>
      <Group component="dd" gap={4} wrap="nowrap" m={0} miw={0}>
        <Text size="sm" fw={500} ta="right" style={{ overflowWrap: 'anywhere' }}>
          {value}
        </Text>
        {action}
      </Group>
    </Group>
  );
}

/**
 * Copies the invite code and says whether it worked (spec §8: 已复制 / 复制失败). Mantine's
 * CopyButton cannot report a refused copy, hence the own handler.
 */
function CopyInvite({ code }: { code: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    const ok = await copyToClipboard(code);
    notify(ok ? MSG.copied : MSG.copyFailed, ok ? 'success' : 'error');
    if (!ok) return;
    setCopied(true);
    window.setTimeout(() => setCopied(false), 2000);
  };
  return (
    <Button size="compact-xs" variant="light" color={copied ? 'teal' : 'blue'} onClick={() => void copy()} aria-label={`复制邀请码 ${code}`}>
      {copied ? '已复制' : '复制'}
    </Button>
  );
}
