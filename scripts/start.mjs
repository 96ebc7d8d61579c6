#!/usr/bin/env node
// npm start: build the SPA when dist/ is missing or older than its sources, then run the server.
// The server runs as a child with the terminal's stdio; SIGINT/SIGTERM are passed on to it and this
// process exits with the server's own exit code, so Ctrl-C shuts the server down cleanly.
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildStaleness } from './lib/stale.mjs';
import { checkNodeVersion } from './lib/node-version.mjs';

checkNodeVersion();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const why = buildStaleness(root);
if (why) {
  console.log(`正在构建前端 (vite build)… / Building the web app (vite build): ${why}`);
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
    stdio: 'inherit',
  });
  if (build.signal) process.kill(process.pid, build.signal);
  if (build.status !== 0) {
    console.error(`前端构建失败 / Web app build failed (exit ${build.status ?? 'unknown'})`);
    process.exit(build.status || 1);
  }
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/server.ts')], {
  stdio: 'inherit',
  env: process.env,
});

// Pass signals on. On a terminal Ctrl-C reaches the child directly as well; the server ignores the
// second one while it is already closing.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}

server.on('error', (err) => {
  console.error(`无法启动服务 / Could not start the server: ${err.message}`);
  process.exit(1);
});

server.on('exit', (code, signal) => {
  if (signal) {
    // The server died of a signal without handling it: report it the shell way (128 + n).
    process.exit(128 + (os.constants.signals[signal] ?? 0));
  }
  process.exit(code ?? 0);
});
