import { test as setup } from '@playwright/test';
import fs from 'node:fs';
import { DEMO, DEMO_ROLES, type DemoRole, login, saveSetupSessions, type Session, storageStatePath, storageStateFor } from '../fixtures';

/**
 * The `auth` project, first of all: signs each demo role in once for the whole run and keeps the
 * sessions in e2e/.auth (a Playwright storageState per role, for `--load-storage` too, and the
 * tokens for API calls). Every test reuses them, so one run spends one of the 10 sign-ins a phone
 * has in 15 minutes, and QA can run the suite against one deployment again and again.
 */
setup('each demo role signs in once for the run', async ({ request: api, baseURL }) => {
  const sessions = {} as Record<DemoRole, Session>;
  for (const role of DEMO_ROLES) {
    sessions[role] = await login(api, DEMO[role].phone);
  }
  saveSetupSessions(sessions);
  for (const role of DEMO_ROLES) {
    fs.writeFileSync(storageStatePath(role), JSON.stringify(storageStateFor(baseURL!, sessions[role]), null, 2));
  }
});
