import { Notifications } from '@mantine/notifications';

/** The toast and notification host (spec §5: at most five at a time). */
export function NotificationsHost() {
  return <Notifications limit={5} />;
}
