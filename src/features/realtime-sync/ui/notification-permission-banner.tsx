import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { markPermissionAsked, shouldAskPermission } from '../lib/browser-notification';

/**
 * Asks once, politely, whether to allow desktop notifications. Inline above the page (never over
 * it); either answer is remembered and the banner does not come back.
 */
export function NotificationPermissionBanner() {
  const [visible, setVisible] = useState(shouldAskPermission);
  if (!visible) return null;
  const close = () => {
    markPermissionAsked();
    setVisible(false);
  };
  return (
    <Alert variant="light" color="blue" mb="md" title="开启桌面通知？" withCloseButton closeButtonLabel="关闭提示" onClose={close}>
      <Group gap="sm" justify="space-between">
        <Text size="sm">开启后，切到其他窗口时也能及时收到派单和公告提醒。</Text>
        <Group gap="xs">
          <Button
            size="compact-sm"
            onClick={() => {
              close();
              void Notification.requestPermission();
            }}
          >
            开启
          </Button>
          <Button size="compact-sm" variant="subtle" onClick={close}>
            暂不
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}
