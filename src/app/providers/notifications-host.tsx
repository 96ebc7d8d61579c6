import { Notifications } from '@mantine/notifications';

/**
 * The toast and notification host (spec §5: at most five at a time), top right, just below the
 * app's 56 px top bar. Not bottom right: notifications last up to two hours, and there they sat on
 * the confirming buttons of dialogs and of the ticket drawer (a dialog's actions are at its foot;
 * its top right has only the close button, which Esc also does).
 */
export function NotificationsHost() {
  return <Notifications limit={5} position="top-right" styles={{ root: { top: 'calc(56px + var(--mantine-spacing-xs))' } }} />;
}
