import { Notifications } from '@mantine/notifications';

/**
 * The toast and notification host (spec §5: at most five at a time), top right, just below the
 * app's 56 px top bar. Not bottom right: notifications last up to two hours, and there they sat on
 * the confirming buttons of dialogs and of the ticket drawer (a dialog's actions are at its foot;
 * its top right has only the close button, which Esc also does).
 */
export function NotificationsHost() {
  // The offset below the top bar is set in global.css for the top containers only: the host draws a
  // container for each of the six positions, and a `top` given to all of them stretched the empty
  // bottom ones over the page, where they took the clicks meant for what lay under them.
  return <Notifications limit={5} position="top-right" />;
}
