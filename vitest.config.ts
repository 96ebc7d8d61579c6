import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

/** The unit test files (under src/ and server/src/) that mock a module with `vi.mock`, relative to the root. */
function filesThatMock(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (/\.test\.tsx?$/.test(entry.name) && fs.readFileSync(path.join(root, rel), 'utf8').includes('vi.mock(')) found.push(rel);
    }
  };
  walk('src');
  walk('server/src');
  return found;
}

/**
 * A unit file that mocks a module runs in a module graph of its own: in a shared one, a module
 * that imports the mocked one may already be cached, real, by an earlier file (CI's first run of
 * bc0a9ad: the send-code button kept the real user API, and its test failed).
 */
const mocking = filesThatMock();
const mockingTs = mocking.filter((f) => f.endsWith('.ts'));
const mockingTsx = mocking.filter((f) => f.endsWith('.tsx'));

function unitProject(name: string, include: string[], environment: 'node' | 'jsdom', shared: boolean) {
  return {
    resolve: { alias },
    test: {
      name,
      // Not Shanghai, and with daylight saving: the UI shows Asia/Shanghai time whatever the
      // browser's zone (src/shared/lib/shanghai-time.ts), and every unit test proves it here.
      env: { TZ: 'America/New_York' },
      include,
      environment,
      setupFiles: ['src/shared/lib/test/setup.ts'],
      // Component tests type into forms with user-event; on a busy 2-core CI machine a whole
      // form took over the 5 s default (the register page, 6.4 s).
      testTimeout: 20_000,
      // Two files at a time: Vitest's default on this 2-core machine is one (cores − 1), and a
      // unit file spends much of its time setting up jsdom and importing, not on the one CPU.
      maxWorkers: 2,
      // The files of a worker share one module graph: importing React, Mantine and the app anew for
      // every file was most of the step (import 50 s of a 60 s run, 29 Nov; 18.8 s shared). Each
      // file still gets a fresh jsdom. The files that mock a module run isolated, in projects of
      // their own (`unit-mocks`, `unit-dom-mocks`).
      isolate: !shared,
      ...(shared ? { exclude: [...configDefaults.exclude, ...mocking] } : {}),
    },
  };
}

export default defineConfig({
  test: {
    projects: [
      // Unit tests in two projects (`npm run test:unit` runs both): plain Node for logic, jsdom for
      // components. Setting up jsdom for every file was nearly all of the unit step's time (111 of
      // 112 s on this machine, 28 Nov, for 13 s of tests; 68 s split like this). A .ts test that needs a DOM says so in its first line
      // (`// @vitest-environment jsdom`).
      unitProject('unit', ['src/**/*.test.ts', 'server/src/**/*.test.ts'], 'node', true),
      unitProject('unit-dom', ['src/**/*.test.tsx'], 'jsdom', true),
      unitProject('unit-mocks', mockingTs, 'node', false),
      unitProject('unit-dom-mocks', mockingTsx, 'jsdom', false),
      {
        // The alias lets the contract test (server/test/contract) import the SPA's schemas.
        resolve: { alias },
        test: {
          name: 'server',
          include: ['server/test/**/*.test.ts'],
          // Three files at a time on the 2-core machine (Vitest's default is one: cores − 1): much
          // of a server test's time is spent waiting on the database, the broker, a child server or
          // a timer (a crash test's restarts, a trickled body's timeout), and each file has a
          // database of its own. One → two files: 640 s → 420 s for the suite; two → three (with
          // the demo's pictures rendered once per process), 28 Nov, same session: 554 s → 389 s.
          maxWorkers: 3,
          // The files of a worker share one module graph: each file imported the whole server anew
          // (67 s of the suite's 460 on 2 cores). Safe here: the server keeps no module state a test
          // changes except the clock, which the harness resets after every test, and no test mocks
          // a module or sets process.env.
          isolate: false,
          environment: 'node',
          globalSetup: ['server/test/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
