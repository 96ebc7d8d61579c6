// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { permissionPrompt } from './permission-prompt';

/** The browser's Notification API, with the permission the test needs. */
function stubNotification(permission: NotificationPermission) {
  const requestPermission = vi.fn(async () => 'granted' as NotificationPermission);
  vi.stubGlobal('Notification', Object.assign(function Notification() {}, { permission, requestPermission }));
  return requestPermission;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  permissionPrompt.close();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the desktop-notification question', () => {
  it('is not asked before a live message arrives, then once', () => {
    stubNotification('default');
    expect(permissionPrompt.isOpen()).toBe(false);
    const seen = vi.fn();
    const stop = permissionPrompt.subscribe(seen);
    permissionPrompt.offer();
    permissionPrompt.offer();
    expect(permissionPrompt.isOpen()).toBe(true);
    expect(seen).toHaveBeenCalledTimes(1);
    stop();
  });

  it('any answer is remembered: closed or 暂不, it never comes back in this browser', () => {
    stubNotification('default');
    permissionPrompt.offer();
    permissionPrompt.close();
    expect(permissionPrompt.isOpen()).toBe(false);
    permissionPrompt.offer();
    expect(permissionPrompt.isOpen()).toBe(false);
  });

  it('开启 asks the browser for permission and closes the question', () => {
    const requestPermission = stubNotification('default');
    permissionPrompt.offer();
    permissionPrompt.accept();
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(permissionPrompt.isOpen()).toBe(false);
  });

  it('is never asked once the browser has decided', () => {
    for (const permission of ['granted', 'denied'] as const) {
      stubNotification(permission);
      permissionPrompt.offer();
      expect(permissionPrompt.isOpen()).toBe(false);
    }
  });
});
