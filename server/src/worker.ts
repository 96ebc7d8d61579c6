/**
 * One API worker process (API_WORKERS > 1): started by the primary (cluster.ts), never directly.
 * Builds the whole app and listens on the configured host and port, which the cluster shares
 * between the workers; tells the primary once it listens, and closes gracefully when the primary
 * asks (or on SIGINT/SIGTERM: Ctrl-C in a terminal reaches every process of the group).
 */
import cluster from 'node:cluster';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { WORKER_READY, WORKER_SHUTDOWN, type WorkerReadyMessage } from './cluster.js';
import { loadConfig } from './config/env.js';

if (!cluster.isWorker) {
  process.stderr.write('worker.ts 由主进程启动，请运行 server.ts / worker.ts is started by the primary: run server.ts (API_WORKERS > 1)\n');
  process.exit(1);
}

let app: FastifyInstance | undefined;
let closing = false;

async function shutdown(reason: string) {
  if (closing) return;
  closing = true;
  if (!app) process.exit(0); // still starting: nothing to finish
  app.log.info(`${reason}: finishing in-flight requests and closing`);
  const timer = setTimeout(() => {
    app?.log.error('shutdown took longer than 10 s, exiting');
    process.exit(1);
  }, 10_000);
  timer.unref();
  await app.close();
  process.exit(0);
}

process.on('message', (msg: unknown) => {
  if (typeof msg === 'object' && msg !== null && (msg as { type?: unknown }).type === WORKER_SHUTDOWN) void shutdown('asked to close by the primary');
});
process.on('SIGINT', () => void shutdown('SIGINT received'));
process.on('SIGTERM', () => void shutdown('SIGTERM received'));

async function main() {
  const config = loadConfig();
  const index = config.workerIndex ?? 0;
  app = await buildApp({ config, logger: { level: config.logLevel, base: { pid: process.pid, hostname: os.hostname(), worker: index } } });
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  process.send!({ type: WORKER_READY, port } satisfies WorkerReadyMessage);
}

main().catch(async (err: unknown) => {
  if (closing) return; // closed while starting: shutdown() exits
  if (app) app.log.fatal({ err }, 'worker could not start');
  else process.stderr.write(`工作进程启动失败 / Worker could not start: ${(err as Error).stack ?? String(err)}\n`);
  await app?.close().catch(() => undefined);
  process.exit(1);
});
