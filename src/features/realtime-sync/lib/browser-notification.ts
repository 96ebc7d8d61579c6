const ASKED_KEY = 'notify.permission-asked';

export function browserNotificationsSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

/** True when the user has not decided yet and we have not asked before. */
export function shouldAskPermission(): boolean {
  return browserNotificationsSupported() && Notification.permission === 'default' && !localStorage.getItem(ASKED_KEY);
}

export function markPermissionAsked(): void {
  localStorage.setItem(ASKED_KEY, '1');
}

/** A system notification, only with permission and only while the tab is in the background. */
export function showBrowserNotification(title: string, body: string, onClick: () => void): void {
  if (!browserNotificationsSupported() || Notification.permission !== 'granted') return;
  if (document.visibilityState === 'visible') return;
  const n = new Notification(title, { body, tag: `${title}:${body}` });
  n.onclick = () => {
    window.focus();
    onClick();
    n.close();
  };
}
