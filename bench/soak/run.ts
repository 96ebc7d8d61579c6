// Soak (issue #23, "Proof the project keeps"): kill cycles and the faults of §5, on the real server.
//
//   npm run bench:soak                                        100 kill cycles per database, every scenario
//   node --import tsx bench/soak/run.ts --cycles 5 --dialects sqlite
//   node --import tsx bench/soak/run.ts --dialects pg --scenarios crash,db-lost,lock --pg postgres://postgres@127.0.0.1:5432/test
//
// Per database (SQLite in a temp directory; PostgreSQL in a throwaway database when `--pg`,
// BENCH_DATABASE_URL or TEST_DATABASE_URL names a server) the real server entry
// (server/src/server.ts) runs as a child process:
//
// - crash: `--cycles` times, concurrent writes on every path that sends messages (orders through
//   the integration API, lead actions, fee appeals, drafts), `kill -9` mid-load, restart on the
//   same data, resend the orders whose answer was lost. The load, the cycles and the check are
//   the crash test's (server/test/support/crash-load.ts, crash-check.ts).
// - db-lost (PostgreSQL): the server's backends terminated with pg_terminate_backend under load,
//   once and then every 250 ms for 3 s: what the API answers meanwhile, how long it takes to answer
//   again, whether the process lived.
// - lock: another connection holds a write lock (SQLite BEGIN IMMEDIATE, PostgreSQL LOCK TABLE
//   tickets IN EXCLUSIVE MODE) for `--lock-seconds` under load: how the writes are answered and
//   when (503 with Retry-After), and how a read of another table fares meanwhile.
// - at the end, the check over everything acknowledged in all phases: lost, doubled, refused yet
//   present, events without their messages, rows the relay has not published.
//
// Then once, `slow`: bench/slow-clients (300 trickled bodies against a normal client).
//
// A benchmark prints; it asserts nothing and exits 0 (1 only when it could not run at all).
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { checkRun, describeReport, loadSnapshot } from '../../server/test/support/crash-check.js';
import {
  call,
  type CrashDatabase,
  type CrashRun,
  createCrashDatabase,
  Load,
  percentile,
  runCrashCycles,
  waitForRelay,
  withPg,
} from '../../server/test/support/crash-load.js';
import { alive, exited } from '../../server/test/support/server-process.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  const v = i >= 0 ? process.argv[i + 1] : undefined;
  return v && !v.startsWith('--') ? v : undefined;
}

const CYCLES = Number(argValue('--cycles') ?? 100);
const PG_URL = argValue('--pg') || process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
const DIALECTS = (argValue('--dialects') ?? 'sqlite,pg').split(',').filter((d) => d === 'sqlite' || ((d === 'pg' || d === 'postgres') && PG_URL));
const SCENARIOS = new Set((argValue('--scenarios') ?? 'crash,db-lost,lock,slow').split(','));
const LOCK_S = Number(argValue('--lock-seconds') ?? 8);
const SEED = Number(argValue('--seed') ?? 23);

const f0 = (n: number) => (Number.isFinite(n) ? String(Math.round(n)) : '–');
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Answers by status in `after` that were not in `before` (a phase's own). */
function phaseStatuses(before: Map<string, number>, after: Map<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of after) if (v - (before.get(k) ?? 0) > 0) out[k] = v - (before.get(k) ?? 0);
  return out;
}

const fiveXX = (s: Record<string, number>, pred: (code: number) => boolean) =>
  Object.entries(s)
    .filter(([k]) => k !== 'no answer' && pred(Number(k)))
    .reduce((a, [, v]) => a + v, 0);

interface Probe {
  at: number;
  status: number | undefined;
  ms: number;
  retryAfter?: string | null;
}

/** One client reading `url` one request after another, 20 ms apart, until stopped. */
function reader(base: string, url: string, token: string) {
  const probes: Probe[] = [];
  let stopping = false;
  const done = (async () => {
    while (!stopping) {
      const t0 = performance.now();
      const a = await call(base, 'GET', url, { token, timeoutMs: 30_000 });
      probes.push({ at: t0, status: a.status, ms: performance.now() - t0, retryAfter: a.retryAfter });
      await sleep(20);
    }
  })();
  return {
    probes,
    stop: async () => {
      stopping = true;
      await done;
    },
  };
}

interface Row {
  label: string;
  values: Record<string, string>;
}

const summary: Row[] = [];
function put(label: string, dialect: string, value: string) {
  let row = summary.find((r) => r.label === label);
  if (!row) summary.push((row = { label, values: {} }));
  row.values[dialect] = value;
}

async function terminateBackends(database: CrashDatabase): Promise<number> {
  return withPg(database.adminUrl!, async (c) => {
    const { rows } = await c.query<{ killed: boolean }>('select pg_terminate_backend(pid) as killed from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()', [
      database.appName,
    ]);
    return rows.filter((r) => r.killed).length;
  });
}

/** The database's connections killed under load: once, then a storm; what the API answers, and when it answers again. */
async function dbLost(run: CrashRun, dialect: string) {
  const { server, state, ledger, database, world } = run;
  const designer = world.designers[0]!;
  for (const [name, kills, everyMs] of [
    ['one termination', 1, 0],
    ['terminations every 250 ms for 3 s', 12, 250],
  ] as const) {
    const before = new Map(ledger.statuses);
    let writes503 = 0;
    let writes503RetryAfter = 0;
    ledger.listener = (status, _ms, retryAfter) => {
      if (status !== 503) return;
      writes503++;
      if (retryAfter) writes503RetryAfter++;
    };
    const load = new Load(server.base, state);
    const read = reader(server.base, '/api/user/profile', designer.token);
    load.start();
    await sleep(2_000);
    const first = performance.now();
    let killed = 0;
    for (let i = 0; i < kills; i++) {
      killed += await terminateBackends(database);
      if (everyMs) await sleep(everyMs);
    }
    const last = performance.now();
    await sleep(5_000);
    load.stop();
    await Promise.all([load.settled(), read.stop()]);
    ledger.listener = undefined;
    const during = read.probes.filter((p) => p.at >= first);
    const firstOkAfter = during.find((p) => p.at >= last && p.status === 200);
    // Recovered: the first read after the last termination from which every read answered 200.
    const afterLast = during.filter((p) => p.at >= last);
    let recovered: Probe | undefined;
    for (let i = afterLast.length - 1; i >= 0 && afterLast[i]!.status === 200; i--) recovered = afterLast[i];
    const writes = phaseStatuses(before, ledger.statuses);
    const reads = during.reduce<Record<string, number>>((acc, p) => ((acc[String(p.status ?? 'no answer')] = (acc[String(p.status ?? 'no answer')] ?? 0) + 1), acc), {});
    const r503 = during.filter((p) => p.status === 503);
    const lived = alive(server.child.pid!) && server.child.exitCode === null;
    console.log(
      `  db-lost, ${name}: ${killed} backends terminated; process ${lived ? 'alive' : 'DEAD'}\n` +
        `    writes (from 2 s before the first termination): ${JSON.stringify(writes)}; 503s with Retry-After: ${writes503RetryAfter}/${writes503}\n` +
        `    reads (GET /api/user/profile) from the first termination: ${JSON.stringify(reads)}; 503s with Retry-After: ${r503.filter((p) => p.retryAfter).length}/${r503.length}\n` +
        `    first 200 ${firstOkAfter ? f0(firstOkAfter.at + firstOkAfter.ms - last) : '–'} ms after the last termination; 200s only from ${recovered ? f0(recovered.at - last) : '–'} ms on`,
    );
    const tag = name === 'one termination' ? 'once' : 'storm';
    put(`db-lost ${tag}: 503 / other 5xx / no answer (writes + reads)`, dialect, `${fiveXX(writes, (c) => c === 503) + (reads['503'] ?? 0)} / ${fiveXX(writes, (c) => c >= 500 && c !== 503) + fiveXX(reads, (c) => c >= 500 && c !== 503)} / ${(writes['no answer'] ?? 0) + (reads['no answer'] ?? 0)}`);
    put(`db-lost ${tag}: 200s again after (ms), process alive`, dialect, `${recovered ? f0(recovered.at - last) : 'never'}, ${lived ? 'yes' : 'NO'}`);
  }
}

/** Another connection that takes a write lock (SQLite: the database's; PostgreSQL: the tickets table's) and gives it back. */
async function lockHolder(database: CrashDatabase): Promise<{ hold: () => Promise<void>; release: () => Promise<void> }> {
  if (database.dialect === 'sqlite') {
    const other = new SQLite(database.url.slice('sqlite:'.length));
    other.pragma('busy_timeout = 10000');
    return {
      hold: async () => void other.prepare('begin immediate').run(),
      release: async () => {
        other.prepare('rollback').run();
        other.close();
      },
    };
  }
  const u = new URL(database.url);
  u.searchParams.set('application_name', 'dwp-soak-lock');
  const other = new pg.Client({ connectionString: u.toString() });
  await other.connect();
  return {
    hold: async () => {
      await other.query('begin');
      // EXCLUSIVE: other sessions may still read the table, not write it.
      await other.query('lock table tickets in exclusive mode');
    },
    release: async () => {
      await other.query('rollback');
      await other.end();
    },
  };
}

/** Another connection holds a write lock for LOCK_S under load. */
async function lockScenario(run: CrashRun, dialect: string) {
  const { server, state, ledger, database, world } = run;
  const lead = world.leads[0]!;
  const before = new Map(ledger.statuses);
  const lock = await lockHolder(database);
  const load = new Load(server.base, state);
  load.start();
  await sleep(2_000);
  // Write answers during the lock, with their latency: a wrapper over the ledger's record.
  const timed: { status: number | undefined; ms: number; at: number; retryAfter?: string | null }[] = [];
  ledger.listener = (status, ms, retryAfter) => timed.push({ status, ms, at: performance.now(), retryAfter });
  const read = reader(server.base, '/api/messages/messages?page=1', lead.token);
  await lock.hold();
  const locked = performance.now();
  await sleep(LOCK_S * 1000);
  await lock.release();
  const released = performance.now();
  await sleep(3_000);
  load.stop();
  await Promise.all([load.settled(), read.stop()]);
  ledger.listener = undefined;
  // Writes answered after the lock was taken that were sent before it was given back; reads whose
  // request overlapped the lock (sent during it, or answered after it was taken).
  const during = timed.filter((t) => t.at > locked && t.at - t.ms < released);
  const byStatus = during.reduce<Record<string, number>>((acc, t) => ((acc[String(t.status ?? 'no answer')] = (acc[String(t.status ?? 'no answer')] ?? 0) + 1), acc), {});
  const w503 = during.filter((t) => t.status === 503).map((t) => t.ms);
  const withRetryAfter = during.filter((t) => t.status === 503 && t.retryAfter).length;
  const firstAck = timed.find((t) => t.at > released && t.status !== undefined && t.status < 300);
  const reads = read.probes.filter((p) => p.at + p.ms > locked && p.at < released);
  const readMs = reads.map((p) => p.ms);
  const readStatus = reads.reduce<Record<string, number>>((acc, p) => ((acc[String(p.status ?? 'no answer')] = (acc[String(p.status ?? 'no answer')] ?? 0) + 1), acc), {});
  console.log(
    `  lock (${database.dialect === 'sqlite' ? 'BEGIN IMMEDIATE in another connection' : 'LOCK TABLE tickets IN EXCLUSIVE MODE'}, held ${LOCK_S} s):\n` +
      `    writes sent before the release, answered after the lock was taken: ${during.length}, ${JSON.stringify(byStatus)}; 503 after p50 ${f0(percentile(w503, 50))} / p99 ${f0(percentile(w503, 99))} / max ${f0(w503.length ? Math.max(...w503) : Number.NaN)} ms, ${withRetryAfter} with Retry-After\n` +
      `    reads of another table (GET /api/messages/messages) overlapping the lock: ${reads.length}, ${JSON.stringify(readStatus)}; p50 ${f1(percentile(readMs, 50))} / p99 ${f1(percentile(readMs, 99))} / max ${f1(readMs.length ? Math.max(...readMs) : Number.NaN)} ms\n` +
      `    first write acknowledged ${firstAck ? f0(firstAck.at - released) : '–'} ms after the release; answers over the whole phase ${JSON.stringify(phaseStatuses(before, ledger.statuses))}`,
  );
  put('lock: writes → 503, of answered (p50 / p99 ms to the 503)', dialect, `${w503.length}/${during.length} (${f0(percentile(w503, 50))} / ${f0(percentile(w503, 99))})`);
  put('lock: reads of another table, p50 / p99 / max ms (non-200)', dialect, `${f1(percentile(readMs, 50))} / ${f1(percentile(readMs, 99))} / ${f1(readMs.length ? Math.max(...readMs) : Number.NaN)} (${reads.filter((p) => p.status !== 200).length})`);
}

async function soak(dialect: 'sqlite' | 'postgres') {
  console.log(`\n== ${dialect} ==`);
  const database = await createCrashDatabase(dialect, PG_URL);
  let run: CrashRun | undefined;
  const started = performance.now();
  try {
    const crashCycles = SCENARIOS.has('crash') ? CYCLES : 0;
    run = await runCrashCycles(database, {
      cycles: crashCycles,
      acksPerCycle: [20, 100],
      seed: SEED,
      retryFailedStart: true,
      log: (line) => {
        if (line.includes('restart failed') || Number(/^cycle (\d+)/.exec(line)?.[1]) % 10 === 0 || crashCycles <= 10) console.log(`  ${line}`);
      },
    });
    const { ledger, cycles } = run;
    if (crashCycles) {
      const statuses = Object.fromEntries(ledger.statuses);
      const restarts = cycles.map((c) => c.restartMs);
      console.log(
        `  crash: ${cycles.length} kill cycles in ${f0((performance.now() - started) / 1000)} s; answers ${JSON.stringify(statuses)}\n` +
          `    acknowledged per cycle p50 ${f0(percentile(cycles.map((c) => c.acked), 50))}; requests cut by a kill per cycle p50 ${f0(percentile(cycles.map((c) => c.cut), 50))}\n` +
          `    kill → restarted server listening: p50 ${f0(percentile(restarts, 50))} / p99 ${f0(percentile(restarts, 99))} / max ${f0(Math.max(...restarts))} ms\n` +
          `    acknowledged write latency p50 ${f1(percentile(ledger.latencies, 50))} / p99 ${f1(percentile(ledger.latencies, 99))} ms\n` +
          `    message rows left unpublished by the kills: ${run.leftUnpublished.size}`,
      );
      put('kill cycles', dialect, String(cycles.length));
      put('kill → listening again, p50 / p99 ms', dialect, `${f0(percentile(restarts, 50))} / ${f0(percentile(restarts, 99))}`);
      put('acknowledged write latency, p50 / p99 ms', dialect, `${f1(percentile(ledger.latencies, 50))} / ${f1(percentile(ledger.latencies, 99))}`);
      put('crash: 503 / other 5xx / cut by a kill', dialect, `${ledger.status((s) => s === 503)} / ${ledger.status((s) => s >= 500 && s !== 503)} / ${ledger.statuses.get('no answer') ?? 0}`);
      put('message rows left unpublished by the kills', dialect, String(run.leftUnpublished.size));
      put('restarts that failed and were tried again', dialect, String(cycles.reduce((a, c) => a + c.failedStarts, 0)));
    }
    if (SCENARIOS.has('db-lost') && dialect === 'postgres') await dbLost(run, dialect);
    if (SCENARIOS.has('lock')) await lockScenario(run, dialect);

    const relay = await waitForRelay(run.db.db, run.world, 60_000);
    const t0 = performance.now();
    const report = checkRun(await loadSnapshot(run.db.db, run.world), run.ledger.writes);
    const checkMs = performance.now() - t0;
    console.log(`  check over every phase (${f0(checkMs)} ms; relay done ${relay.left.length ? `NOT done, ${relay.left.length} rows waiting` : `${relay.waitedMs} ms after the load`}):`);
    for (const line of describeReport(report)) console.log(`    ${line}`);
    const total = Object.values(report.acked).reduce((a, b) => a + b, 0);
    put('acknowledged writes (all phases)', dialect, String(total));
    put('lost / doubled / refused yet present', dialect, `${report.lost.length} / ${report.doubled.length} / ${report.refusedPresent.length}`);
    put('events without messages / doubled messages', dialect, `${report.eventsWithoutMessages.length} / ${report.doubledMessages.length} (of ${report.expectedMessages})`);
    put('unpublished rows at the end', dialect, String(report.unpublished));

    run.server.child.kill('SIGTERM');
    const { code } = await exited(run.server.child);
    put('SIGTERM at the end → exit code', dialect, String(code));
  } catch (err) {
    console.log(`  ${dialect}: could not finish: ${(err as Error).message}`);
  } finally {
    if (run && run.server.child.exitCode === null && run.server.child.signalCode === null) {
      run.server.child.kill('SIGKILL');
      await exited(run.server.child);
    }
    await run?.db.close();
    await database.drop().catch((err: unknown) => console.log(`  could not drop the ${dialect} database: ${(err as Error).message}`));
  }
}

function slowClients(): Promise<void> {
  console.log('\n== slow clients (bench/slow-clients) ==');
  const args = ['--import', 'tsx', 'bench/slow-clients/run.ts', ...['--slow', '--duration', '--interval'].flatMap((a) => (argValue(a) ? [a, argValue(a)!] : []))];
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function main() {
  console.log(`soak: ${CYCLES} kill cycles per database, databases ${DIALECTS.join(', ') || 'none'}${PG_URL ? '' : ' (PostgreSQL: set --pg or TEST_DATABASE_URL)'}, scenarios ${[...SCENARIOS].join(', ')}, seed ${SEED}`);
  for (const d of DIALECTS) await soak(d === 'sqlite' ? 'sqlite' : 'postgres');
  if (summary.length) {
    const cols = Object.keys(Object.assign({}, ...summary.map((r) => r.values)) as Record<string, string>);
    const rows = [['', ...cols], ...summary.map((r) => [r.label, ...cols.map((c) => r.values[c] ?? '')])];
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
    console.log('\nsummary');
    for (const r of rows) console.log('  ' + r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
  }
  if (SCENARIOS.has('slow')) await slowClients();
  console.log(`\nmachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}`);
}

await main();
