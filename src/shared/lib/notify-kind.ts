import { TOAST_MAX_CHARS } from '@/shared/config/constants';

/** Spec §5: 15 characters or fewer → a short toast; longer → a notification. */
export function notifyKind(message: string): 'toast' | 'notification' {
  return [...message].length <= TOAST_MAX_CHARS ? 'toast' : 'notification';
}
