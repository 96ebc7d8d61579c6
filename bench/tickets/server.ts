/**
 * Child process of the ticket bench (run.ts), run twice per database. With `BENCH_PHASE=seed` it
 * builds the real app on the given database, seeds the bulk data, signs the bench's designers in,
 * writes what the parent needs to `seeded.json` in the data directory and exits. Then a fresh
 * process serves: the server under test has not just inserted 1.2 million rows itself (that left
 * ~40 MB of garbage-collected heap and a statement cache of multi-row inserts behind, and a
 * mark-compact every second or two during the reads), as a server in service would not have.
 * The serving process builds the app, listens on 127.0.0.1, and also serves a bare Fastify JSON
 * route for comparison. Talks to the parent over IPC: sends `ready` with ports and tokens, closes
 * on `stop`. On `workers` it also starts the production worker pool (server/src/cluster.ts,
 * API_WORKERS) on the same database and answers `workers-ready` with its port; `workers-stop`
 * closes the pool.
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../../server/src/app.js';
import { forkWorkers, type StartedWorkers } from '../../server/src/cluster.js';
import { loadConfig } from '../../server/src/config/env.js';
import { createSession } from '../../server/src/modules/auth/session.repository.js';
import { seedBench } from './seed.js';

export interface ServerReady {
  type: 'ready';
  port: number;
  barePort: number;
  dialect: 'sqlite' | 'postgres';
  seed: { tickets: number; rows: number; ms: number };
  /** Tokens of the heavy designers, with a sample of their ticket ids each. */
  designers: { token: string; tickets: number[] }[];
  leadTokens: string[];
  apiKey: string;
}

/** What the seeding process leaves for the serving one. */
type Seeded = Pick<ServerReady, 'seed' | 'designers' | 'leadTokens'>;

export const BENCH_API_KEY = 'bench-integration-key';

export type ParentMessage = { type: 'stop' } | { type: 'workers'; count: number; mqttUrl: string } | { type: 'workers-stop' } | { type: 'cpu' };
export type WorkersMessage =
  | { type: 'workers-ready'; port: number }
  | { type: 'workers-failed'; error: string }
  | { type: 'workers-stopped' }
  /** The CPU this process used so far (user + system, µs): the parent divides a scenario's share by its requests. */
  | { type: 'cpu'; micros: number; ingestion: { calls: number; commits: number; largest: number } };

/** The worker processes' environment: the same database and settings as the in-process app. */
function workerEnv(count: number, mqttUrl: string): Record<string, string> {
  const url = process.env.BENCH_DATABASE_URL!;
  const schema = process.env.BENCH_DB_SCHEMA;
  // Workers configure themselves from the environment alone: a PostgreSQL schema rides in the URL.
  const databaseUrl = schema ? `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}` : url;
  return {
    NODE_ENV: 'bench',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: process.env.BENCH_DATA_DIR!,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: process.env.BENCH_LOG ?? 'silent',
    DEMO_MODE: 'false',
    SMS_SENDER: 'log',
    WEB_DIST: `${process.env.BENCH_DATA_DIR}/no-web-build`,
    INTEGRATION_API_KEY: BENCH_API_KEY,
    SIMULATOR_RATE_PER_MIN: '0',
    API_WORKERS: String(count),
    MQTT_URL: mqttUrl,
  };
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL!;
  const schema = process.env.BENCH_DB_SCHEMA || undefined;
  const tickets = Number(process.env.BENCH_TICKETS ?? 200_000);
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'bench',
    DATA_DIR: process.env.BENCH_DATA_DIR!,
    DATABASE_URL: url,
    LOG_LEVEL: 'silent',
    DEMO_MODE: 'false',
    SMS_SENDER: 'log',
    WEB_DIST: `${process.env.BENCH_DATA_DIR}/no-web-build`,
    INTEGRATION_API_KEY: BENCH_API_KEY,
    SIMULATOR_RATE_PER_MIN: '0',
  });
  // BENCH_LOG=error prints the server's errors (a failing scenario's cause) to stderr.
  const app = await buildApp({ config, logger: process.env.BENCH_LOG ? { level: process.env.BENCH_LOG } : false, dbSchema: schema });
  await app.ready();
  const seededFile = path.join(process.env.BENCH_DATA_DIR!, 'seeded.json');
  if (process.env.BENCH_PHASE === 'seed') {
    const seeded = await seedBench(app.db, app.dialect, tickets);
    const designers = [];
    for (const id of seeded.heavy) {
      const s = await createSession(app.db, id, 24, { ip: '127.0.0.1', userAgent: 'bench' });
      designers.push({ token: s.token, tickets: seeded.sampleTickets.get(id) ?? [] });
    }
    const leadTokens = [];
    for (const id of seeded.leads) leadTokens.push((await createSession(app.db, id, 24, { ip: '127.0.0.1', userAgent: 'bench' })).token);
    const result: Seeded = { seed: { tickets: seeded.tickets, rows: seeded.rows, ms: seeded.ms }, designers, leadTokens };
    fs.writeFileSync(seededFile, JSON.stringify(result));
    await app.close();
    process.exit(0);
  }
  const { seed, designers, leadTokens } = JSON.parse(fs.readFileSync(seededFile, 'utf8')) as Seeded;
  await app.listen({ host: '127.0.0.1', port: 0 });

  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ code: 200, success: true, message: '获取成功', data: { hello: 'world', n: 42 } }));
  await bare.listen({ host: '127.0.0.1', port: 0 });

  const portOf = (s: typeof app.server) => {
    const a = s.address();
    return typeof a === 'object' && a ? a.port : 0;
  };
  const ready: ServerReady = {
    type: 'ready',
    port: portOf(app.server),
    barePort: portOf(bare.server),
    dialect: app.dialect,
    seed,
    designers,
    leadTokens,
    apiKey: BENCH_API_KEY,
  };
  process.send!(ready);
  let pool: StartedWorkers | undefined;
  process.on('message', (m: ParentMessage) => {
    const reply = (msg: WorkersMessage) => process.send!(msg);
    if (m.type === 'workers') {
      forkWorkers({ count: m.count, env: workerEnv(m.count, m.mqttUrl) }).then(
        (started) => {
          pool = started;
          reply({ type: 'workers-ready', port: started.port });
        },
        (err: unknown) => reply({ type: 'workers-failed', error: String(err) }),
      );
    } else if (m.type === 'workers-stop') {
      void (pool?.close() ?? Promise.resolve()).then(() => {
        pool = undefined;
        reply({ type: 'workers-stopped' });
      });
    } else if (m.type === 'cpu') {
      const used = process.cpuUsage();
      const { calls, commits, largest } = app.tickets.ingestionStats();
      reply({ type: 'cpu', micros: used.user + used.system, ingestion: { calls, commits, largest } });
    } else if (m.type === 'stop') {
      void Promise.all([app.close(), bare.close(), pool?.close()]).finally(() => process.exit(0));
    }
  });
  process.on('disconnect', () => process.exit(0));
}

main().catch((err: unknown) => {
  console.error('bench server failed:', err);
  process.exit(1);
});
