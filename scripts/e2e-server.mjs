#!/usr/bin/env node
// The server that Playwright's webServer starts for e2e runs: a fresh data directory every time
// (SQLite file, seeded with the demo accounts), quiet logs, the built SPA from dist/.
// Usage: node scripts/e2e-server.mjs   (PORT / E2E_DATA_DIR may be set by the caller)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.resolve(
  root,
  process.env.E2E_DATA_DIR ?? path.join('data', `e2e-${new Date().toISOString().replace(/[:.]/g, '-')}`),
);

fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

if (!fs.existsSync(path.join(root, 'dist', 'index.html'))) {
  console.warn('[e2e-server] dist/index.html is missing: only the API is served (run `vite build` first).');
}

// A fresh SQLite database in dataDir, whatever DATABASE_URL the shell has.
const { DATABASE_URL: _ignored, ...inherited } = process.env;

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...inherited,
    PORT: process.env.PORT ?? '4310',
    HOST: process.env.HOST ?? '127.0.0.1',
    DATA_DIR: dataDir,
    // What `npm start` runs with: demo mode and its defaults (production rate limits, the demo
    // integration key), as on any demo deployment QA points BASE_URL at, except the demo's order
    // simulator: CI's run stays the same from one run to the next. The suites also pass with it on
    // (README: against a running `npm start`).
    DEMO_MODE: 'true',
    SIMULATOR_RATE_PER_MIN: '0',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    NODE_ENV: 'development',
  },
});

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}
server.on('exit', (code, signal) => {
  // The data directory is this run's alone; keep it only when E2E_DATA_DIR named it.
  if (!process.env.E2E_DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(signal ? 1 : (code ?? 0));
});
