// Where one request's CPU goes, without sockets or load: builds the real app over a database the
// ticket bench seeded and kept (`run.ts --data <dir>`), sends `--n` requests of a path in turn
// through Fastify's inject, and prints the process CPU per request and, per SQL text, how many
// times it ran per request and its time in better-sqlite3 (SQLite only). Prints; asserts nothing.
//
//   node --import tsx bench/tickets/profile-inject.ts --data /tmp/bench-tickets --path '/api/tickets?status=0&page=1&pageSize=20'
//   … --who lead      the team leads' tokens (in turn) instead of the heavy designers'
//   … --app <dir>     the app of another checkout (before/after in the same minutes on a busy machine)
//   … --cpu-prof f    writes a CPU profile of the measured requests only to f (.cpuprofile)
//   A `{i}` in the path becomes (31 × request number) mod 997, so that requests differ (e.g.
//   `keyword=客户{i}`) and the kept answers of repeated ones do not stand in for the work.
import fs from 'node:fs';
import path from 'node:path';
import inspector from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import type { buildApp as BuildApp } from '../../server/src/app.js';
import type { loadConfig as LoadConfig } from '../../server/src/config/env.js';

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i < 0 ? undefined : process.argv[i + 1];
}

const dir = argValue('--data');
const urlPath = argValue('--path') ?? '/api/tickets?status=0&sort_by=created_at&sort_order=desc&page=1&pageSize=20';
const N = Number(argValue('--n')) || 3000;
const who = argValue('--who') ?? 'designer';
if (!dir || !fs.existsSync(path.join(dir, 'seeded.json'))) {
  console.error('--data <dir>: a directory seeded by bench/tickets/run.ts --data <dir>');
  process.exit(1);
}

// CPU in better-sqlite3 per SQL text (the process's, so it includes a little of the wrapper's).
const perSql = new Map<string, { n: number; ms: number }>();
let counting = false;
const proto = SQLite.prototype as unknown as { prepare: (this: SQLite.Database, text: string) => SQLite.Statement };
const prepare = proto.prepare;
proto.prepare = function (this: SQLite.Database, text: string) {
  const stmt = prepare.call(this, text);
  for (const m of ['all', 'get', 'run'] as const) {
    const orig = stmt[m].bind(stmt) as (...a: unknown[]) => unknown;
    (stmt as unknown as Record<string, unknown>)[m] = (...a: unknown[]) => {
      if (!counting) return orig(...a);
      const c0 = process.cpuUsage();
      try {
        return orig(...a);
      } finally {
        const c = process.cpuUsage(c0);
        const e = perSql.get(text) ?? { n: 0, ms: 0 };
        e.n++;
        e.ms += (c.user + c.system) / 1000;
        perSql.set(text, e);
      }
    };
  }
  return stmt;
};

const root = path.resolve(argValue('--app') ?? path.join(import.meta.dirname, '../..'));
const { buildApp } = (await import(path.join(root, 'server/src/app.ts'))) as { buildApp: typeof BuildApp };
const { loadConfig } = (await import(path.join(root, 'server/src/config/env.ts'))) as { loadConfig: typeof LoadConfig };
const seeded = JSON.parse(fs.readFileSync(path.join(dir, 'seeded.json'), 'utf8')) as { designers: { token: string }[]; leadTokens: string[] };
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'bench',
  DATA_DIR: dir,
  DATABASE_URL: `sqlite:${path.join(dir, 'app.db')}`,
  LOG_LEVEL: 'silent',
  DEMO_MODE: 'false',
  SMS_SENDER: 'log',
  WEB_DIST: `${dir}/no-web-build`,
  INTEGRATION_API_KEY: 'bench-integration-key',
  SIMULATOR_RATE_PER_MIN: '0',
});
const app = await buildApp({ config, logger: false });
await app.ready();
const tokens = who === 'lead' ? seeded.leadTokens : seeded.designers.map((d) => d.token);
const send = (i: number) =>
  app.inject({ method: 'GET', url: urlPath.replaceAll('{i}', String((i * 31) % 997)), headers: { authorization: `Bearer ${tokens[(i * 7) % tokens.length]}`, 'accept-encoding': 'gzip' } });
const first = await send(0);
console.log(`${urlPath} (${who}): ${first.statusCode}, ${first.rawPayload.length} bytes on the wire`);
for (let i = 0; i < Math.min(500, N); i++) await send(i); // warm-up
const profileTo = argValue('--cpu-prof');
const session = profileTo ? new inspector.Session() : undefined;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
counting = !profileTo;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
for (let i = 0; i < N; i++) await send(i);
const cpu = process.cpuUsage(cpu0);
const wall = performance.now() - t0;
counting = false;
if (session) {
  const { profile } = await session.post('Profiler.stop');
  fs.writeFileSync(profileTo!, JSON.stringify(profile));
  session.disconnect();
}
console.log(`CPU per request ${((cpu.user + cpu.system) / 1000 / N).toFixed(3)} ms, wall ${(wall / N).toFixed(3)} ms (${N} requests, inject: no socket)`);
let sqlMs = 0;
for (const [text, e] of [...perSql].sort((a, b) => b[1].ms - a[1].ms)) {
  sqlMs += e.ms;
  console.log(`  ${(e.n / N).toFixed(2)}×  ${((e.ms / N) * 1000).toFixed(0).padStart(5)} µs  ${text.replace(/\s+/g, ' ').slice(0, Number(process.env.SQL_CHARS ?? 160))}`);
}
console.log(`  SQLite in all: ${((sqlMs / N) * 1000).toFixed(0)} µs per request`);
await app.close();
