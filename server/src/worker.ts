/**
 * One API worker process (API_WORKERS > 1): started by the primary (cluster.ts), never directly.
 * Builds the whole app and serves the connections the primary hands over (the public port is the
 * primary's); tells the primary once it is ready, and closes gracefully when the primary asks (or
 * on SIGINT/SIGTERM: Ctrl-C in a terminal reaches every process of the group).
 *
 * The app also listens on a private loopback port of its own (`exclusive`, not the cluster's shared
 * socket): Node's HTTP server tracks its connections, and so applies its request and header
 * timeouts and closes idle keep-alive connections, only once it listens.
 */
import cluster from 'node:cluster';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { WORKER_CONNECTION, WORKER_READY, WORKER_SHUTDOWN, type WorkerReadyMessage } from './cluster.js';
import { loadConfig } from './config/env.js';

if (!cluster.isWorker) {
  process.stderr.write('worker.ts 由主进程启动，请运行 server.ts / worker.ts is started by the primary: run server.ts (API_WORKERS > 1)\n');
  process.exit(1);
}

let app: FastifyInstance | undefined;
let closing = false;
/** Connections the primary handed over and that are still open. */
const handed = new Set<net.Socket>();
/** Requests received and not yet answered (or abandoned). */
let inFlight = 0;

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
  // Requests in flight finish first: closing the app closes the database and the broker under
  // them. The handed-over connections are not the listening socket's, so the app's close would
  // not wait for them. Requests that arrive meanwhile are served, with `connection: close`.
  while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 50));
  await app.close();
  // Then each connection closes once it is idle.
  while (handed.size > 0) {
    app.server.closeIdleConnections();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  process.exit(0);
}

function messageType(msg: unknown): unknown {
  return typeof msg === 'object' && msg !== null ? (msg as { type?: unknown }).type : undefined;
}

process.on('message', (msg: unknown, handle: unknown) => {
  const type = messageType(msg);
  if (type === WORKER_SHUTDOWN) void shutdown('asked to close by the primary');
  if (type === WORKER_CONNECTION && handle) serve(handle as net.Socket);
});

function serve(socket: net.Socket) {
  // Ready once the app listens (the primary hands over connections only then).
  if (!app?.server.listening || closing) {
    socket.destroy();
    return;
  }
  handed.add(socket);
  socket.once('close', () => handed.delete(socket));
  app.server.emit('connection', socket);
  // The primary accepted it paused (pauseOnConnect): reading starts here.
  socket.resume();
}
process.on('SIGINT', () => void shutdown('SIGINT received'));
process.on('SIGTERM', () => void shutdown('SIGTERM received'));

async function main() {
  const config = loadConfig();
  const index = config.workerIndex ?? 0;
  app = await buildApp({ config, logger: { level: config.logLevel, base: { pid: process.pid, hostname: os.hostname(), worker: index } } });
  app.server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    inFlight++;
    if (closing) res.setHeader('connection', 'close');
    res.once('close', () => inFlight--);
  });
  await app.listen({ host: '127.0.0.1', port: 0, exclusive: true, listenTextResolver: (address) => `worker ${index} ready (its private address ${address})` });
  process.send!({ type: WORKER_READY } satisfies WorkerReadyMessage);
}

main().catch(async (err: unknown) => {
  if (closing) return; // closed while starting: shutdown() exits
  if (app) app.log.fatal({ err }, 'worker could not start');
  else process.stderr.write(`工作进程启动失败 / Worker could not start: ${(err as Error).stack ?? String(err)}\n`);
  await app?.close().catch(() => undefined);
  process.exit(1);
});
