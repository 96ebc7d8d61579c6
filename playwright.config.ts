import { spawnSync } from 'node:child_process';
import { defineConfig, devices } from '@playwright/test';

/**
 * E2E suites live in folders by feature (e2e/auth, e2e/shell, e2e/a11y, …) and run in one Chromium
 * project against the real server. The one place e2e reads its environment:
 *   BASE_URL       test a running deployment; no server is started
 *   E2E_PORT       port of the server started here (default 4310)
 *   CHROMIUM_PATH  browser binary (default Debian's /usr/bin/chromium)
 *   E2E_INSTANCE_URLS  three or more instances of one deployment for e2e/scale-out
 *   E2E_CLUSTER_PORT   HAProxy port of the cluster started here (default E2E_PORT + 30)
 *   CI             retries, 2 workers, 90 s per test, 30 s per expectation, no .only, a trace
 *                  recorded on the retry of a failed test (without CI: kept for every failure)
 */
const isCI = Boolean(process.env.CI);
const port = Number(process.env.E2E_PORT ?? 4310);
const baseURL = (process.env.BASE_URL ?? `http://127.0.0.1:${port}`).replace(/\/+$/, '');

// e2e/scale-out needs three instances of one deployment. Without BASE_URL, and with PostgreSQL,
// Redis and HAProxy here (CI has them), Playwright starts them itself (scripts/e2e-cluster.mjs);
// QA pointing at their own cluster sets E2E_INSTANCE_URLS. Otherwise the suite says it is skipped.
const clusterPort = Number(process.env.E2E_CLUSTER_PORT ?? port + 30);
const startCluster =
  !process.env.BASE_URL &&
  !process.env.E2E_INSTANCE_URLS &&
  Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL) &&
  spawnSync('haproxy', ['-v']).status === 0;
if (startCluster) {
  process.env.E2E_INSTANCE_URLS = [1, 2, 3].map((i) => `http://127.0.0.1:${clusterPort + i}`).join(',');
}

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  workers: isCI ? 2 : undefined,
  // CI: two workers, each with up to three browser contexts, the server and the three-instance
  // cluster share two cores, and CI's machine has run the whole suite 2.5 times slower than the
  // same machine when quiet (29.7 min against 11.8 min, on 27 Nov; 33.7 min on this machine the
  // same evening). So CI gives each test 90 s and each expectation 30 s: in the slow run a page took
  // 12 s to render a detail whose data had arrived in 32 ms (the browser starved of CPU, its trace
  // shows no request in between), past the 15 s an expectation had. A passing expectation returns as
  // soon as it holds, so only a failing one waits longer. A long journey marks itself `test.slow()`
  // (three times the test's figure) rather than naming seconds of its own, so one figure here
  // scales every test.
  timeout: isCI ? 90_000 : 30_000,
  expect: { timeout: isCI ? 30_000 : 5_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL,
    // CI records a trace only when a test is run again after failing (every CI failure is retried
    // once, so its report holds the retry's trace; a test that passes on retry keeps the trace of
    // that flaky run too). Recording every run and dropping it on success cost about a quarter of a
    // test's time: a DOM snapshot at each action and a screencast, for nothing when the test passes
    // (the sweep of the lead's routes: 46–48 s traced, 35–38 s not, same session, 28 Nov). Without
    // CI there are no retries, so a QA run keeps the trace of each failing test as before.
    trace: isCI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  // `setup` arranges what every suite relies on, once, before any of them (e2e/setup/); it shows in
  // the HTML report with its trace like any test.
  projects: [
    // `auth` signs each demo role in once for the run (e2e/.auth); everything after reuses it.
    { name: 'auth', testMatch: /setup\/auth\.setup\.ts$/ },
    { name: 'setup', testMatch: /setup\/.*\.setup\.ts$/, testIgnore: /setup\/auth\.setup\.ts$/, dependencies: ['auth'] },
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, dependencies: ['setup'], testIgnore: /setup\/.*\.setup\.ts$/ },
  ],
  // A fresh server (new data directory, demo accounts seeded, built SPA from dist/) unless BASE_URL
  // points at one, and with the local PostgreSQL and Redis a three-instance cluster for
  // e2e/scale-out. Started with node directly so that SIGTERM reaches them.
  webServer: process.env.BASE_URL
    ? undefined
    : [
        {
          command: 'node scripts/e2e-server.mjs',
          url: `${baseURL}/api/system/config`,
          env: { PORT: String(port), LOG_LEVEL: 'warn' },
          reuseExistingServer: false,
          timeout: 60_000,
          stdout: 'pipe',
          stderr: 'pipe',
          gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
        },
        ...(startCluster
          ? [
              {
                command: 'node scripts/e2e-cluster.mjs',
                url: `http://127.0.0.1:${clusterPort}/api/system/ready`,
                env: { E2E_CLUSTER_PORT: String(clusterPort), LOG_LEVEL: 'warn' },
                reuseExistingServer: false,
                timeout: 120_000,
                stdout: 'pipe' as const,
                stderr: 'pipe' as const,
                gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
              },
            ]
          : []),
      ],
});
