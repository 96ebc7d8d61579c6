import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

function unitProject(name: string, include: string[], environment: 'node' | 'jsdom') {
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
      // file still gets a fresh jsdom. A module a file mocks (vi.mock, ten files) could meet a copy
      // an earlier file cached; the suite passed in shuffled file orders (three seeds) as in its
      // own, so none does today. A file that needs a module of its own says so with
      // `vi.resetModules()` in a `beforeAll`.
      isolate: false,
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
      unitProject('unit', ['src/**/*.test.ts', 'server/src/**/*.test.ts'], 'node'),
      unitProject('unit-dom', ['src/**/*.test.tsx'], 'jsdom'),
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
