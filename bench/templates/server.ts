/**
 * Child process of the template bench (run.ts), run twice per database. With `BENCH_PHASE=seed` it
 * builds the real app on the given database, seeds the library (seed.ts), signs team 1's lead and
 * members in, writes what the parent needs to `seeded.json` in the data directory and exits. Then a
 * fresh process serves (the server under test has not just inserted a million rows itself): it
 * builds the app, listens on 127.0.0.1, also serves a bare Fastify JSON route for comparison, sends
 * `ready` over IPC and closes on `stop`.
 *
 * `BENCH_SERVER_ROOT` (run.ts `--server-root <checkout>`) serves another checkout's app (e.g. main's,
 * for before/after figures in one session); the seed always uses this checkout's search-text.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import { loadConfig } from '../../server/src/config/env.js';
import { createSession } from '../../server/src/modules/auth/session.repository.js';
import { seedTemplates } from './seed.js';

export interface Seeded {
  seed: { templates: number; rows: number; ms: number };
  leadToken: string;
  memberTokens: string[];
  samples: { title: string; tags: string[] }[];
}

export interface ServerReady extends Seeded {
  type: 'ready';
  port: number;
  barePort: number;
  dialect: 'sqlite' | 'postgres';
}

/** Members of team 1 the bench signs in (search-as-you-type comes from several people). */
const SIGNED_IN_MEMBERS = 10;

async function main() {
  const root = process.env.BENCH_SERVER_ROOT;
  const appModule = root ? pathToFileURL(path.join(path.resolve(root), 'server/src/app.ts')).href : '../../server/src/app.js';
  const { buildApp } = (await import(appModule)) as typeof import('../../server/src/app.js');
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'bench',
    DATA_DIR: process.env.BENCH_DATA_DIR!,
    DATABASE_URL: process.env.BENCH_DATABASE_URL!,
    LOG_LEVEL: 'silent',
    DEMO_MODE: 'false',
    SMS_SENDER: 'log',
    WEB_DIST: `${process.env.BENCH_DATA_DIR}/no-web-build`,
    SIMULATOR_RATE_PER_MIN: '0',
  });
  // BENCH_LOG=error prints the server's errors (a failing scenario's cause) to stderr.
  const app = await buildApp({ config, logger: process.env.BENCH_LOG ? { level: process.env.BENCH_LOG } : false, dbSchema: process.env.BENCH_DB_SCHEMA || undefined });
  await app.ready();
  const seededFile = path.join(process.env.BENCH_DATA_DIR!, 'seeded.json');
  if (process.env.BENCH_PHASE === 'seed') {
    const s = await seedTemplates(app.db, app.dialect, Number(process.env.BENCH_TEMPLATES ?? 20_000));
    const session = async (id: number) => (await createSession(app.db, id, 24, { ip: '127.0.0.1', userAgent: 'bench' })).token;
    const memberTokens = [];
    for (const id of s.members.slice(0, SIGNED_IN_MEMBERS)) memberTokens.push(await session(id));
    const seeded: Seeded = { seed: { templates: s.templates, rows: s.rows, ms: s.ms }, leadToken: await session(s.lead), memberTokens, samples: s.samples };
    fs.writeFileSync(seededFile, JSON.stringify(seeded));
    await app.close();
    process.exit(0);
  }
  const seeded = JSON.parse(fs.readFileSync(seededFile, 'utf8')) as Seeded;
  await app.listen({ host: '127.0.0.1', port: 0 });
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ code: 200, success: true, message: '获取成功', data: { hello: 'world', n: 42 } }));
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const portOf = (s: typeof app.server) => {
    const a = s.address();
    return typeof a === 'object' && a ? a.port : 0;
  };
  const ready: ServerReady = { type: 'ready', port: portOf(app.server), barePort: portOf(bare.server), dialect: app.dialect, ...seeded };
  process.send!(ready);
  process.on('message', (m: { type: string }) => {
    // The CPU this process has used so far (µs): the parent reads it around each scenario.
    if (m.type === 'cpu') {
      const c = process.cpuUsage();
      process.send!({ type: 'cpu', micros: c.user + c.system });
    }
    if (m.type === 'stop') void Promise.all([app.close(), bare.close()]).finally(() => process.exit(0));
  });
  process.on('disconnect', () => process.exit(0));
}

main().catch((err: unknown) => {
  console.error('bench server failed:', err);
  process.exit(1);
});
