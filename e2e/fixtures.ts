import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  test as base,
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type Page,
} from '@playwright/test';

/** The seeded demo accounts (server/src/db/seed.ts) and the password new accounts get here. */
export const DEMO = {
  password: 'Demo@2026',
  newUserPassword: 'Test@2026',
  lead: { phone: '13800000000', label: '团队负责人' },
  designer: { phone: '13800000001', label: '设计师' },
  partTime: { phone: '13800000002', label: '兼职设计师（类型2）' },
  partTime3: { phone: '13800000003', label: '兼职设计师（类型3）' },
  onboarding: { phone: '13800000004', label: '新设计师（引导进行中）' },
} as const;

export type DemoRole = 'lead' | 'designer' | 'partTime' | 'partTime3';

export const DEMO_ROLES: readonly DemoRole[] = ['lead', 'designer', 'partTime', 'partTime3'];

/**
 * The upstream order system's API key: a demo deployment without INTEGRATION_API_KEY accepts the
 * demo key (printed in its start banner); a deployment with its own key passes it here.
 */
export const INTEGRATION_API_KEY = process.env.E2E_INTEGRATION_API_KEY ?? 'demo-integration-key';

/**
 * Where the `auth` setup project (e2e/setup/auth.setup.ts) keeps each demo role's session for the
 * run: a Playwright storageState per role, plus the tokens for API calls. Every test reads these
 * instead of signing in, so a run signs each demo account in once (the server allows 10 sign-ins
 * per phone in 15 minutes, and QA runs the suite against one deployment several times a day).
 */
export const AUTH_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '.auth');
export const storageStatePath = (role: DemoRole) => path.join(AUTH_DIR, `${role}.json`);
const sessionsPath = path.join(AUTH_DIR, 'sessions.json');

export function saveSetupSessions(sessions: Record<DemoRole, Session>): void {
  fs.mkdirSync(AUTH_DIR, { recursive: true });
  fs.writeFileSync(sessionsPath, JSON.stringify(sessions, null, 2));
}

function setupSessions(): Partial<Record<DemoRole, Session>> {
  try {
    return JSON.parse(fs.readFileSync(sessionsPath, 'utf8')) as Partial<Record<DemoRole, Session>>;
  } catch {
    return {};
  }
}

/**
 * The storageState of a page signed in with `session` at `baseURL` (the SPA keeps it in
 * localStorage). The desktop-notification question (a card under the bell at the first live
 * message, over whatever the page has at its top right) counts as answered, as in the browser of
 * someone who has used the app before; e2e/messages asks for it (`desktopNotificationQuestion`).
 */
export function storageStateFor(baseURL: string, session: Session, opts: { desktopNotificationQuestion?: boolean } = {}) {
  return {
    cookies: [],
    origins: [
      {
        origin: new URL(baseURL).origin,
        localStorage: [
          { name: STORAGE_KEYS.token, value: session.token },
          { name: STORAGE_KEYS.sessionId, value: session.session_id },
          ...(opts.desktopNotificationQuestion ? [] : [{ name: STORAGE_KEYS.notificationAsked, value: '1' }]),
        ],
      },
    ],
  };
}

/** What the SPA keeps in localStorage after signing in. */
export const STORAGE_KEYS = { token: 'token', sessionId: 'session_id', notificationAsked: 'notify.permission-asked' } as const;

export interface Session {
  token: string;
  session_id: string;
}

export interface NewUser extends Session {
  phone: string;
  password: string;
}

/** Every response is `{code, success, message, data}`. */
export interface Envelope<T> {
  code: number;
  success: boolean;
  message: string;
  data: T;
}

/** Asserts a 2xx envelope with success: true and returns its data. */
export async function okData<T>(response: APIResponse): Promise<T> {
  const body = (await response.json()) as Envelope<T>;
  expect(response.ok(), `${response.url()} → ${response.status()} ${body.message}`).toBe(true);
  expect(body.success, body.message).toBe(true);
  return body.data;
}

export const authHeaders = (token: string) => ({ authorization: `Bearer ${token}` });

/** Signs in through the API (counts towards the server's per-phone and per-IP login limits). */
export async function login(api: APIRequestContext, phone: string, password: string = DEMO.password): Promise<Session> {
  return okData<Session>(await api.post('/api/user/login', { data: { phone, password } }));
}

/** A random, unregistered-looking phone number 139xxxxxxxx. */
export function randomPhone(): string {
  return `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/**
 * The newest SMS code sent to a phone, from the demo inbox: it exists only on a deployment in demo
 * mode with SMS_SENDER=log. Elsewhere codes reach real phones only, and the calling test is skipped
 * with that reason.
 */
export async function readSmsCode(api: APIRequestContext, phone: string): Promise<string> {
  const res = await api.get('/api/demo/sms-inbox', { params: { phone } });
  test.skip(res.status() === 404, 'this deployment is not in demo mode (DEMO_MODE with SMS_SENDER=log): SMS codes reach real phones only');
  const data = await okData<{ code: string | null }>(res);
  expect(data.code, `no code in the SMS sent to ${phone}`).toMatch(/^\d{6}$/);
  return data.code!;
}

/**
 * Registers a fresh account: verify code (scene register) → demo inbox → register. The server allows
 * 30 codes per IP per hour, so keep new accounts for the tests that need them.
 */
export async function registerNewUser(
  api: APIRequestContext,
  password: string = DEMO.newUserPassword,
): Promise<NewUser> {
  const phone = randomPhone();
  await okData(await api.post('/api/user/verify-code', { data: { phone, scene: 'register' } }));
  const code = await readSmsCode(api, phone);
  const session = await okData<Session>(await api.post('/api/user/register', { data: { phone, code, password } }));
  return { phone, password, ...session };
}

/** Finishes onboarding through the API, so a fresh account may open the app. */
export async function finishOnboarding(api: APIRequestContext, token: string): Promise<void> {
  const steps = [
    { step: 1, real_name: '周若溪', gender: 2, city: '杭州', email: '', wechat: 'wx_zhou' },
    { step: 2, work_purpose: 'side_income', current_occupation: '平面设计师', available_time: '工作日晚上' },
    { step: 3, specialty_tags: ['包装设计'], software_tags: ['Photoshop'] },
    { step: 4, account_name: '周若溪', bank_name: '招商银行', bank_branch: '', account_no: '6214 8500 1234 5678' },
    { step: 5, answers: { q1: 'a', q2: 'b', q3: 'c' } },
    { step: 6 },
  ];
  for (const data of steps) {
    await okData(await api.put('/api/onboarding/registration-step', { data, headers: authHeaders(token) }));
  }
}

/** A new browser context (with the project's `use` options) whose localStorage holds the session. */
export async function signedInPage(browser: Browser, baseURL: string, session: Session, opts: { desktopNotificationQuestion?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ storageState: storageStateFor(baseURL, session, opts) });
  return context.newPage();
}

interface WorkerFixtures {
  /**
   * A demo role's session: the one the `auth` setup project signed in for the run. A token a test
   * has ended (signing out everywhere) is replaced by signing in again, once per worker.
   */
  demoSession: (role: DemoRole) => Promise<Session>;
  /**
   * An account of this worker's own, registered for the run with onboarding finished: for the
   * tests that sign in through the form, type wrong passwords or sign out, so that none of them
   * spends the demo accounts' sign-in allowance or ends the sessions other tests use.
   */
  runAccount: NewUser;
}

interface TestFixtures {
  /** An API client at baseURL (no session; pass `authHeaders(token)` where needed). */
  api: APIRequestContext;
  leadPage: Page;
  designerPage: Page;
  partTimePage: Page;
  /** A freshly registered account (onboarding not started) … */
  newUser: NewUser;
  /** … and a page signed in as it. */
  newUserPage: Page;
}

function requireBaseURL(baseURL: string | undefined): string {
  if (!baseURL) throw new Error('baseURL is not set (playwright.config.ts)');
  return baseURL;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  demoSession: [
    // Playwright reads the fixtures a function uses from its first parameter: it must be a pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const baseURL = requireBaseURL(workerInfo.project.use.baseURL);
      const api = await playwrightRequest.newContext({ baseURL });
      const cache = new Map<DemoRole, Session>(Object.entries(setupSessions()) as [DemoRole, Session][]);
      await use(async (role) => {
        const cached = cache.get(role);
        if (cached) {
          const check = await api.get('/api/user/profile', { headers: authHeaders(cached.token) });
          if (check.ok()) return cached;
        }
        const session = await login(api, DEMO[role].phone);
        cache.set(role, session);
        return session;
      });
      await api.dispose();
    },
    { scope: 'worker' },
  ],

  runAccount: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const api = await playwrightRequest.newContext({ baseURL: requireBaseURL(workerInfo.project.use.baseURL) });
      const account = await registerNewUser(api);
      await finishOnboarding(api, account.token);
      await use(account);
      await api.dispose();
    },
    { scope: 'worker' },
  ],

  api: async ({ baseURL }, use) => {
    const api = await playwrightRequest.newContext({ baseURL: requireBaseURL(baseURL) });
    await use(api);
    await api.dispose();
  },

  leadPage: async ({ browser, baseURL, demoSession }, use) => {
    const page = await signedInPage(browser, requireBaseURL(baseURL), await demoSession('lead'));
    await use(page);
    await page.context().close();
  },

  designerPage: async ({ browser, baseURL, demoSession }, use) => {
    const page = await signedInPage(browser, requireBaseURL(baseURL), await demoSession('designer'));
    await use(page);
    await page.context().close();
  },

  partTimePage: async ({ browser, baseURL, demoSession }, use) => {
    const page = await signedInPage(browser, requireBaseURL(baseURL), await demoSession('partTime'));
    await use(page);
    await page.context().close();
  },

  newUser: async ({ api }, use) => {
    await use(await registerNewUser(api));
  },

  newUserPage: async ({ browser, baseURL, newUser }, use) => {
    const page = await signedInPage(browser, requireBaseURL(baseURL), newUser);
    await use(page);
    await page.context().close();
  },
});

export { expect };
