import { SESSION_ID_KEY, TOKEN_KEY } from '@/shared/config/constants';

/** The login token and session id, kept in localStorage under the spec's keys. */
export const tokenStore = {
  get(): string | null {
    return localStorage.getItem(TOKEN_KEY);
  },
  getSessionId(): string | null {
    return localStorage.getItem(SESSION_ID_KEY);
  },
  set(token: string, sessionId: string): void {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(SESSION_ID_KEY, sessionId);
  },
  clear(): void {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(SESSION_ID_KEY);
  },
};
