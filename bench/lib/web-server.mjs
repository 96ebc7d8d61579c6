// The real server for the browser benchmarks (bench/bundle, bench/lighthouse): a fresh data
// directory seeded with the demo accounts, the built SPA from dist/ (scripts/e2e-server.mjs), on a
// free port. Started with node directly, so that SIGTERM reaches it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The seeded demo designer (server/src/db/seed.ts). */
export const DEMO_DESIGNER = { phone: '13800000001', password: 'Demo@2026' };

/** The localStorage key the SPA keeps its token under (src/shared/config/constants.ts TOKEN_KEY). */
export const TOKEN_KEY = 'token';

/** The Chromium flags of the project's Playwright config (docs: stack notes). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * `--dist <dir>`'s build, or a fresh build of the SPA with source maps in a temporary directory
 * (null when that build failed). `cleanup()` removes only a directory made here.
 */
export function sourceMappedBuild(given, prefix) {
  if (given) return { dist: path.resolve(given), cleanup: () => {} };
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  console.log(`Building the SPA with source maps into ${dist}`);
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--sourcemap', '--outDir', dist, '--emptyOutDir'], { cwd: root, stdio: 'ignore' });
  const cleanup = () => fs.rmSync(dist, { recursive: true, force: true });
  if (build.status !== 0) {
    cleanup();
    return null;
  }
  return { dist, cleanup };
}

/** Starts the server; resolves once /api/system/config answers. `stop()` ends it and removes its data. */
export async function startWebServer({ dist = path.join(root, 'dist') } = {}) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
  const child = spawn(process.execPath, [path.join(root, 'scripts/e2e-server.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), E2E_DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST: dist },
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${origin}/api/system/config`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('server did not answer within 120 s');
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return { origin, stop };
}

/** Signs the demo designer in over the API; the token the SPA would keep. */
export async function signIn(origin, who = DEMO_DESIGNER) {
  const res = await fetch(`${origin}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  const body = await res.json();
  if (!res.ok || !body?.data?.token) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  return body.data.token;
}
