import { Button, Group, Popover, Text } from '@mantine/core';
import { useId, type ReactElement } from 'react';
import { permissionPrompt, usePermissionPrompt } from '../model/permission-prompt';

/**
 * The question whether to allow desktop notifications, as a small card under `children` (the
 * message bell) once the first live message arrived; never a banner over the page.
 */
export function NotificationPermissionPrompt({ children }: { children: ReactElement }) {
  const open = usePermissionPrompt();
  const titleId = useId();
  return (
    <Popover
      opened={open}
      onChange={(next) => {
        if (!next) permissionPrompt.close();
      }}
      onDismiss={() => permissionPrompt.close()}
      position="bottom-end"
      withArrow
      width={260}
      shadow="md"
      returnFocus={false}
      // The bell keeps its own role and name: aria-haspopup/expanded on its wrapper are not allowed
      // there (axe aria-allowed-attr); the card names itself as a dialog.
      withRoles={false}
    >
      <Popover.Target>{children}</Popover.Target>
      <Popover.Dropdown role="dialog" aria-labelledby={titleId}>
        <Text id={titleId} size="sm" fw={600}>
          开启桌面通知？
        </Text>
        <Text size="xs" c="dimmed" mt={4}>
          切到其他窗口时，派单和公告也会及时弹出提醒。
        </Text>
        <Group gap="xs" justify="flex-end" mt="sm">
          <Button size="compact-xs" variant="subtle" onClick={() => permissionPrompt.close()}>
            暂不
          </Button>
          <Button size="compact-xs" onClick={() => permissionPrompt.accept()}>
            开启
          </Button>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
