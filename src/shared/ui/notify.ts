import { notifications } from '@mantine/notifications';
import { notifyKind } from '@/shared/lib/notify-kind';

type Tone = 'success' | 'error' | 'info' | 'warning';
const COLOR: Record<Tone, string> = { success: 'teal', error: 'red', info: 'blue', warning: 'yellow' };
const TITLE: Record<Tone, string> = { success: '成功', error: '出错了', info: '提示', warning: '注意' };

/** The one place user-facing messages are shown: short ones as a toast, long ones as a notification. */
export function notify(message: string, tone: Tone = 'info', id?: string) {
  if (notifyKind(message) === 'toast') {
    notifications.show({ id, message, color: COLOR[tone], autoClose: 3000, withCloseButton: false, position: 'top-center' });
  } else {
    notifications.show({ id, title: TITLE[tone], message, color: COLOR[tone], autoClose: 4500, position: 'top-right' });
  }
}
