import { useSyncExternalStore } from 'react';
import { markPermissionAsked, shouldAskPermission } from '../lib/browser-notification';

/**
 * Whether to ask for desktop notifications now. The question comes once, at the moment it makes
 * sense: when the first live message of the session arrives (the user has just seen what a
 * notification is for). Any answer, or closing the question, is remembered in this browser.
 */
let open = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export const permissionPrompt = {
  /** A live message arrived: ask, if this browser has never been asked and has not decided. */
  offer(): void {
    if (open || !shouldAskPermission()) return;
    open = true;
    emit();
  },
  /** The user answered (or closed the question): never ask again here. */
  close(): void {
    markPermissionAsked();
    if (!open) return;
    open = false;
    emit();
  },
  /** 开启: the browser's own permission dialog, then the question is done. */
  accept(): void {
    permissionPrompt.close();
    void Notification.requestPermission();
  },
  isOpen: (): boolean => open,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function usePermissionPrompt(): boolean {
  return useSyncExternalStore(permissionPrompt.subscribe, permissionPrompt.isOpen);
}
