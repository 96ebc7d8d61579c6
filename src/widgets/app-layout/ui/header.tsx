import { memo } from 'react';
import {
  ActionIcon,
  Avatar,
  Burger,
  Button,
  ColorSwatch,
  Group,
  Indicator,
  Kbd,
  Menu,
  Modal,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useLogout } from '@/features/auth';
import { ColorSchemeToggle } from '@/features/color-scheme';
import { NotificationPermissionPrompt } from '@/features/realtime-sync';
import { DESIGNER_TYPE_TEXT, displayName, userQueries } from '@/entities/user';
import { greeting } from '@/shared/lib';
import type { ConnectionStatus } from '@/shared/mqtt';

const REALTIME_TEXT: Record<ConnectionStatus, { label: string; color: string }> = {
  connected: { label: '实时消息已连接', color: 'teal' },
  connecting: { label: '实时消息连接中', color: 'yellow' },
  reconnecting: { label: '实时消息重连中', color: 'yellow' },
  closed: { label: '实时消息未连接', color: 'gray' },
};

interface Props {
  realtime: ConnectionStatus;
  /** Unread messages, or null when the message centre is not in the user's menu. */
  unread: number | null;
  navOpened: boolean;
  onToggleNav: () => void;
  onSignedOut: () => void;
  /** The command palette (also Ctrl/⌘+K). */
  onOpenPalette: () => void;
}

const MOD_KEY = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent) ? '⌘' : 'Ctrl';

/** Top bar: greeting by the hour, the user's name and role, and the user menu. */
function HeaderView({ realtime, unread, navOpened, onToggleNav, onSignedOut, onOpenPalette }: Props) {
  const navigate = useNavigate();
  const { data: profile } = useQuery(userQueries.profile());
  const [confirmOpen, confirm] = useDisclosure(false);
  const logout = useLogout(() => {
    confirm.close();
    onSignedOut();
  });
  const name = profile ? displayName(profile) : '';

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger opened={navOpened} onClick={onToggleNav} hiddenFrom="sm" size="sm" aria-label="切换菜单" />
        <Text fw={700} size="lg">
          设计师工作台
        </Text>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <Text size="sm" visibleFrom="sm" data-testid="greeting">
          {greeting()}，{name}
        </Text>
        <Tooltip label={REALTIME_TEXT[realtime].label}>
          <ColorSwatch
            size={10}
            color={`var(--mantine-color-${REALTIME_TEXT[realtime].color}-6)`}
            role="status"
            aria-label={REALTIME_TEXT[realtime].label}
            data-testid="realtime-status"
            data-status={realtime}
            withShadow={false}
          />
        </Tooltip>
        <Button
          variant="default"
          size="xs"
          visibleFrom="md"
          leftSection={<SearchIcon />}
          rightSection={<Kbd size="xs">{MOD_KEY} K</Kbd>}
          onClick={onOpenPalette}
          aria-label={`搜索与命令（${MOD_KEY}+K）`}
        >
          搜索
        </Button>
        <ActionIcon variant="subtle" size="lg" hiddenFrom="md" onClick={onOpenPalette} aria-label={`搜索与命令（${MOD_KEY}+K）`}>
          <SearchIcon />
        </ActionIcon>
        <ColorSchemeToggle />
        {unread !== null ? (
          <NotificationPermissionPrompt>
            <Indicator label={unread > 99 ? '99+' : unread} size={16} disabled={unread === 0} offset={4} data-testid="unread-badge" data-tour="messages">
              <ActionIcon
                variant="subtle"
                size="lg"
                aria-label={unread ? `消息中心，${unread}条未读` : '消息中心'}
                onClick={() => void navigate({ to: '/message-center/index' })}
              >
                <BellIcon />
              </ActionIcon>
            </Indicator>
          </NotificationPermissionPrompt>
        ) : null}
        <Menu position="bottom-end" width={180} withinPortal>
          <Menu.Target>
            <UnstyledButton data-tour="user-menu">
              <Group gap={6} wrap="nowrap">
                <Avatar src={profile?.avatar || null} radius="xl" size="sm" alt={name}>
                  {name.slice(0, 1)}
                </Avatar>
                <Text size="sm" visibleFrom="xs">
                  {profile ? DESIGNER_TYPE_TEXT[profile.designer_type] : ''}
                </Text>
                <VisuallyHidden>用户菜单</VisuallyHidden>
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{name}</Menu.Label>
            <Menu.Item onClick={() => void navigate({ to: '/system/account' })}>个人中心</Menu.Item>
            <Menu.Divider />
            <Menu.Item color="red" onClick={confirm.open}>
              退出登录
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Modal opened={confirmOpen} onClose={confirm.close} title="退出登录" centered size="sm">
        <Text size="sm">确定要退出登录吗？</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={confirm.close}>
            取消
          </Button>
          <Button color="red" loading={logout.isPending} onClick={() => logout.mutate()}>
            退出登录
          </Button>
        </Group>
      </Modal>
    </Group>
  );
}

function SearchIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}

function BellIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/** Memoised with the layout's stable callbacks: it renders again only when its own props or queries change. */
export const Header = memo(HeaderView);
