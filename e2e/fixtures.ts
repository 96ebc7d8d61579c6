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

export type DemoRole = 'lead' | 'designer' | 'partTime';

/** The upstream order system's API key the e2e server runs with (scripts/e2e-server.mjs). */
export const INTEGRATION_API_KEY = 'e2e-integration-key';

/** What the SPA keeps in localStorage after signing in. */
export const STORAGE_KEYS = { token: 'token', sessionId: 'session_id' } as const;

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

/** A new browser context (with the project's `use` options) whose localStorage holds the session. */
export async function signedInPage(browser: Browser, baseURL: string, session: Session): Promise<Page> {
  const context = await browser.newContext({
    storageState: {
      cookies: [],
      origins: [
        {
          origin: new URL(baseURL).origin,
          localStorage: [
            { name: STORAGE_KEYS.token, value: session.token },
            { name: STORAGE_KEYS.sessionId, value: session.session_id },
          ],
        },
      ],
    },
  });
  return context.newPage();
}

interface WorkerFixtures {
  /**
   * A session per demo role, shared by the tests of one worker: the server allows only 10 logins
   * per phone in 15 minutes. A cached token is checked before use and replaced when a test has
   * signed it out.
   */
  demoSession: (role: DemoRole) => Promise<Session>;
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
      const cache = new Map<DemoRole, Session>();
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
