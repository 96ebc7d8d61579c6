// Slow clients benchmark: does a crowd of trickled request bodies starve a normal client?
//
//   npm run bench:slow-clients                          300 slow bodies, 15 s of measuring
//   node --import tsx bench/slow-clients/run.ts --slow 300 --duration 15 --interval 5
//
// Starts the real server entry (server/src/server.ts, one process, demo data on a fresh SQLite
// file in a temp directory) as a child process, so the clients below do not share its event loop.
// A normal client signs in as the demo designer and reads GET /api/user/profile one request after
// another (keep-alive, 20 ms apart) for `--duration` seconds:
//   (a) alone;
//   (b) while `--slow` raw sockets each send the head of a POST /api/user/login with a 1000-byte
//       Content-Length and then one byte of body every `--interval` seconds.
// Prints p50/p99/max of the normal client in both, then waits for the slow sockets and prints how
// many got their 408 (the envelope) and when. Target (issue #23 §4): p99 < 100 ms in (b), every
// slow body cut with a 408 within 30 s. A benchmark prints; it asserts nothing and always exits 0.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const SLOW = Number(argValue('--slow') ?? 300) || 300;
const DURATION_S = Number(argValue('--duration') ?? 15) || 15;
const INTERVAL_S = Number(argValue('--interval') ?? 5) || 5;
const PAUSE_MS = 20;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

async function startServer(dataDir: string): Promise<{ port: number; stop: () => Promise<void> }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    DEMO_MODE: 'true',
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    SIMULATOR_RATE_PER_MIN: '0',
  };
  for (const key of ['DATABASE_URL', 'MQTT_URL', 'API_WORKERS', 'API_WORKER_INDEX']) delete env[key];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    child.stdout.on('data', () => {
      const m = /running\n {2}http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', () => reject(new Error(`server exited:\n${out}`)));
  });
  return {
    port,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

interface Measured {
  latencies: number[];
  failures: number;
}

/** The normal client: one request after another, PAUSE_MS apart, for `seconds`. */
async function normalClient(base: string, token: string, seconds: number): Promise<Measured> {
  const latencies: number[] = [];
  let failures = 0;
  const deadline = performance.now() + seconds * 1000;
  while (performance.now() < deadline) {
    const t0 = performance.now();
    try {
      const res = await fetch(`${base}/api/user/profile`, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      if (res.status !== 200) failures++;
    } catch {
      failures++;
    }
    latencies.push(performance.now() - t0);
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
  return { latencies, failures };
}

interface SlowOutcome {
  status: number | undefined;
  ms: number;
  /** Still open when the benchmark gave up waiting (no body timeout at all). */
  abandoned: boolean;
}

const GIVE_UP_S = 45;

/** One slow client: the head of a POST, then a byte of body every INTERVAL_S. */
function slowClient(port: number): { opened: Promise<void>; outcome: Promise<SlowOutcome>; giveUp: () => void } {
  const started = performance.now();
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  let timer: NodeJS.Timeout | undefined;
  let abandoned = false;
  const opened = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const outcome = new Promise<SlowOutcome>((resolve) => {
    socket.on('connect', () => {
      socket.write('POST /api/user/login HTTP/1.1\r\nHost: bench\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n');
      timer = setInterval(() => socket.writable && socket.write('a'), INTERVAL_S * 1000);
    });
    socket.on('data', (c: Buffer) => (received += c.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      const m = /^HTTP\/1\.1 (\d{3})/.exec(received);
      resolve({ status: m ? Number(m[1]) : undefined, ms: performance.now() - started, abandoned });
    });
  });
  const giveUp = () => {
    abandoned = !socket.destroyed;
    socket.destroy();
  };
  return { opened, outcome, giveUp };
}

function row(name: string, m: Measured): string[] {
  const sorted = [...m.latencies].sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1);
  return [name, String(sorted.length), String(m.failures), f(percentile(sorted, 50)), f(percentile(sorted, 99)), f(sorted.at(-1) ?? Number.NaN)];
}

function printTable(rows: string[][]) {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows) console.log(r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dwp-bench-slow-'));
  const server = await startServer(dataDir);
  const base = `http://127.0.0.1:${server.port}`;
  try {
    const login = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '13800000001', password: 'Demo@2026' }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;

    await normalClient(base, token, 1); // warm-up
    const alone = await normalClient(base, token, DURATION_S);

    const slow = Array.from({ length: SLOW }, () => slowClient(server.port));
    await Promise.all(slow.map((s) => s.opened));
    const crowded = await normalClient(base, token, DURATION_S);

    console.log(`\nnormal client: GET /api/user/profile, one at a time, ${PAUSE_MS} ms apart, ${DURATION_S} s each`);
    printTable([['scenario', 'requests', 'failed', 'p50 ms', 'p99 ms', 'max ms'], row('alone', alone), row(`with ${SLOW} slow bodies`, crowded)]);

    const giveUp = setTimeout(() => slow.forEach((s) => s.giveUp()), GIVE_UP_S * 1000 - DURATION_S * 1000);
    const outcomes = await Promise.all(slow.map((s) => s.outcome));
    clearTimeout(giveUp);
    const cut = outcomes.filter((o) => o.status === 408);
    const times = cut.map((o) => o.ms / 1000).sort((a, b) => a - b);
    const open = outcomes.filter((o) => o.abandoned).length;
    const other = outcomes.length - cut.length - open;
    console.log(
      `\nslow bodies (a byte every ${INTERVAL_S} s): ${cut.length}/${outcomes.length} answered 408` +
        (times.length ? `, after ${times[0]!.toFixed(1)}–${times.at(-1)!.toFixed(1)} s` : '') +
        (other ? `; ${other} closed otherwise` : '') +
        (open ? `; ${open} still open after ${GIVE_UP_S} s` : ''),
    );
    console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}\n`);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
