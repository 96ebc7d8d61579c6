// API auth benchmark: login throughput and profile reads through real HTTP.
//
//   npm run bench:auth                                 5 s per scenario
//   node --import tsx bench/api-auth/run.ts --duration 10
//
// Starts the real app (buildApp) on a fresh SQLite file in a temp directory, seeds the demo data,
// listens on a random port on 127.0.0.1 and drives it with fetch (undici, keep-alive) from the
// same process:
//   (a) POST /api/user/login  at concurrency 8  (scrypt N=2^15 dominates: CPU and the libuv pool)
//   (b) GET  /api/user/profile at concurrency 50 (token lookup + profile query)
// Rate limits are raised so the per-phone and per-IP login limits do not interfere. Prints a table
// and the machine it ran on. A benchmark prints; it asserts nothing and always exits 0.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config/env.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoIfEmpty } from '../../server/src/modules/demo/demo-data.js';

interface Result {
  name: string;
  concurrency: number;
  requests: number;
  errors: number;
  seconds: number;
  latencies: number[];
  statuses: Map<number, number>;
}

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const DURATION_S = Number(argValue('--duration') ?? 5) || 5;
const WARMUP_S = 1;

/** Runs `fn` from `concurrency` loops for `seconds`; each call's latency is recorded. */
async function load(
  name: string,
  concurrency: number,
  seconds: number,
  fn: (worker: number, i: number) => Promise<number>,
): Promise<Result> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = 0; performance.now() < deadline; i++) {
        const t0 = performance.now();
        const status = await fn(worker, i).catch(() => 0); // 0: network error
        latencies.push(performance.now() - t0);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status !== 200) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { name, concurrency, requests: latencies.length, errors, seconds: elapsed, latencies, statuses };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx]!;
}

function printTable(results: Result[]) {
  const rows = [
    ['scenario', 'conc', 'requests', 'non-200', 'req/s', 'p50 ms', 'p99 ms', 'max ms'],
    ...results.map((r) => {
      const sorted = [...r.latencies].sort((a, b) => a - b);
      return [
        r.name,
        String(r.concurrency),
        String(r.requests),
        String(r.errors),
        (r.requests / r.seconds).toFixed(1),
        percentile(sorted, 50).toFixed(1),
        percentile(sorted, 99).toFixed(1),
        (sorted[sorted.length - 1] ?? Number.NaN).toFixed(1),
      ];
    }),
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  const line = (row: string[]) => row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
  console.log(line(rows[0]!));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows.slice(1)) console.log(line(row));
  for (const r of results) {
    if (r.errors > 0) {
      const detail = [...r.statuses].map(([s, n]) => `${s === 0 ? 'network error' : s}: ${n}`).join(', ');
      console.log(`  ${r.name}: ${detail}`);
    }
  }
}

function machineInfo() {
  const cpus = os.cpus();
  console.log('Machine');
  console.log(`  cpus      ${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown'}`);
  console.log(`  memory    ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`);
  console.log(`  os        ${os.type()} ${os.release()} (${os.arch()})`);
  console.log(`  node      ${process.version}`);
  console.log(`  libuv pool ${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'} threads (scrypt runs there)`);
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dwp-bench-auth-'));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'bench',
    DATA_DIR: dataDir,
    DATABASE_URL: `sqlite:${path.join(dataDir, 'app.db')}`,
    LOG_LEVEL: 'silent',
    DEMO_MODE: 'true',
    SIMULATOR_RATE_PER_MIN: '0',
    SMS_SENDER: 'log',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
  });
  const huge = { limit: 1_000_000_000, windowSeconds: 60 };
  config.rateLimits = {
    loginPerPhone: huge,
    loginPerIp: huge,
    codePerPhone: huge,
    codePerIp: huge,
    wrongCodesPerPhone: huge,
    passwordChangePerAccount: huge,
    accountPerIp: huge,
    publicPerIp: huge,
    brokerHookPerClient: huge,
  };

  const app = await buildApp({ config, logger: false });
  try {
    await seedDemoIfEmpty(app.db, app.config.oss);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const base = `http://127.0.0.1:${port}`;

    const phones = DEMO_ACCOUNTS.map((a) => a.phone);
    const login = async (phone: string) => {
      const res = await fetch(`${base}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone, password: DEMO_PASSWORD }),
      });
      const body = (await res.json()) as { data?: { token?: string } };
      return { status: res.status, token: body.data?.token };
    };

    const tokens: string[] = [];
    for (const phone of phones) {
      const { status, token } = await login(phone);
      if (status !== 200 || !token) throw new Error(`login of ${phone} failed with ${status}`);
      tokens.push(token);
    }
    const profile = async (token: string) => {
      const res = await fetch(`${base}/api/user/profile`, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      return res.status;
    };

    console.log(`API auth benchmark: ${base} (SQLite ${config.databaseUrl.slice('sqlite:'.length)})`);
    console.log(`${DURATION_S} s per scenario after a ${WARMUP_S} s warm-up; client and server share this process.\n`);

    const loginCall = async (w: number, i: number) => (await login(phones[(w + i) % phones.length]!)).status;
    const profileCall = (w: number, i: number) => profile(tokens[(w + i) % tokens.length]!);

    await load('warm-up login', 8, WARMUP_S, loginCall);
    const a = await load('POST /api/user/login', 8, DURATION_S, loginCall);
    await load('warm-up profile', 50, WARMUP_S, profileCall);
    const b = await load('GET /api/user/profile', 50, DURATION_S, profileCall);

    printTable([a, b]);
    console.log('');
    machineInfo();
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error('benchmark failed:', err);
});
