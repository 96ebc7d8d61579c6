// MQTT fan-out benchmark: real-time messages to many connected designers (product.md §7, §9).
//
//   npm run bench:mqtt
//   node --import tsx bench/mqtt-fanout/run.ts --clients 1000 --messages 2000 --rate 200
//
// For each broker mode it starts the real app (buildApp) on a fresh SQLite file in a temp dir
// (logger off, demo data seeded), inserts N designers straight into the database (one shared
// scrypt hash) with a session each (the server's createSession), and connects N mqtt.js clients
// from a worker thread (their parsing stays off the server's event loop), in batches, each
// subscribed to its own topic and `announcements`. Then:
//   (a) --announcements (10) announcements (after one not counted), one after another: POST /api/messages/announcements
//       (scope 4) through inject, which commits the announcement and answers; its type-29 message per designer
//       is written right after and then it is broadcast once (modules/messages/announcement-delivery.ts);
//       the call's time (p50/max) and time until all N clients have it, and p50/p99 of request start ->
//       receipt; and, once all have it, whether every recipient the answer counted has its type-29 row;
//   (b) 1:1 ticket messages: --messages sends through app.messages.send to random designers, paced
//       at --rate per second; p50/p99 of send start (persist + publish) -> receipt.
// Modes: "embedded" (Aedes in the API process, clients over websocket at /mqtt on the API port)
// and "mosquitto" (the API publishes to MQTT_URL, default mqtt://127.0.0.1:1883, and the clients
// connect to that broker directly over plain TCP, as it has no websocket listener; skipped when
// it does not answer). Prints a table; asserts nothing; exits 0.
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import mqtt from 'mqtt';
import { buildApp } from '../../server/src/app.js';
import { type AppConfig, loadConfig } from '../../server/src/config/env.js';
import { seedDemoIfEmpty } from '../../server/src/modules/demo/demo-data.js';
import { hashPassword } from '../../server/src/lib/crypto.js';
import { createSession } from '../../server/src/modules/auth/session.repository.js';
import { insertDesigner } from '../../server/src/modules/user/designer.repository.js';
import { MQTT_TOPICS } from '../../server/src/modules/messages/message-types.js';
import type { ClientSpec, FromWorker, ToWorker } from './clients.js';
import { designerCode } from '../../server/src/domain/designers.js';

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const CLIENTS = Math.max(1, Number(argValue('--clients') ?? 1000) || 1000);
const MESSAGES = Math.max(1, Number(argValue('--messages') ?? 2000) || 2000);
const RATE = Math.max(1, Number(argValue('--rate') ?? 200) || 200);
const WARMUP = Math.min(100, MESSAGES);
const ANNOUNCEMENTS = Math.max(1, Number(argValue('--announcements') ?? 10) || 10);
const BATCH = Math.max(1, Number(argValue('--batch') ?? 50) || 50);
const EXTERNAL_URL = argValue('--mqtt-url') ?? process.env.BENCH_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const TARGET_P99_MS = 100;
const TARGET_CALL_MS = 20;
const TARGET_FANOUT_MS = 300;

const nowAbs = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx]!;
}

// ------------------------------------------------------------------------------------------------
// The client worker

class Clients {
  // The worker is TypeScript too. Node 20 does not apply `--import tsx` to a worker's entry file,
  // so a small eval'd bootstrap registers tsx in the worker and then imports it.
  private worker = new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(new URL('./clients.ts', import.meta.url).href)}); })`,
    { eval: true },
  );
  private waiting: { type: FromWorker['type']; resolve: (m: FromWorker) => void; reject: (err: Error) => void }[] = [];
  private failure: Error | undefined;

  constructor() {
    this.worker.on('message', (m: FromWorker) => {
      const i = this.waiting.findIndex((w) => w.type === m.type);
      if (i >= 0) this.waiting.splice(i, 1)[0]!.resolve(m);
    });
    const fail = (err: Error) => {
      this.failure ??= err;
      for (const w of this.waiting.splice(0)) w.reject(err);
    };
    this.worker.on('error', (err) => fail(new Error(`client worker failed: ${err.message}`)));
    this.worker.on('exit', (code) => fail(new Error(`client worker exited (${code})`)));
  }

  /** Sends a command and resolves with the first reply of type `reply` (registered before sending). */
  request<T extends FromWorker['type']>(cmd: ToWorker, reply: T, ms: number): Promise<Extract<FromWorker, { type: T }>> {
    const p = this.next(reply, ms);
    this.worker.postMessage(cmd);
    return p;
  }

  next<T extends FromWorker['type']>(type: T, ms: number): Promise<Extract<FromWorker, { type: T }>> {
    if (this.failure) return Promise.reject(this.failure);
    return withTimeout(
      new Promise((resolve, reject) => this.waiting.push({ type, resolve: resolve as (m: FromWorker) => void, reject })),
      ms,
      `worker reply ${type}`,
    );
  }

  async close() {
    await this.request({ cmd: 'close' }, 'closed', 15_000).catch(() => undefined);
    await this.worker.terminate();
  }
}

// ------------------------------------------------------------------------------------------------
// One mode

interface ModeResult {
  mode: string;
  transport: string;
  clients: number;
  connectFailed: number;
  connectS: number;
  /** Per announcement, sorted: until the last client had it. */
  broadcastAll: number[];
  broadcastReceived: number;
  broadcastLat: number[];
  /** Per announcement, sorted: the lead's POST until its answer. */
  broadcastApi: number[];
  /** Announcements whose type-29 rows, once every client had the broadcast, were one per recipient the answer counted. */
  rowsComplete: number;
  directLat: number[];
  directSent: number;
  directWrongTopic: number;
  note?: string;
}

async function startApp(mqttUrl: string | undefined): Promise<{ app: FastifyInstance; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dwp-bench-mqtt-'));
  const base = loadConfig({
    ...process.env,
    NODE_ENV: 'bench',
    DATA_DIR: dataDir,
    DATABASE_URL: `sqlite:${path.join(dataDir, 'app.db')}`,
    LOG_LEVEL: 'silent',
    DEMO_MODE: 'false',
    SMS_SENDER: 'log',
  });
  const config: AppConfig = { ...base, mqttUrl };
  const app = await buildApp({ config, logger: false });
  await app.ready();
  await seedDemoIfEmpty(app.db, app.config.oss);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, dataDir };
}

/** N designers (type 1, in no team) with a session each; returns id, code and token. */
async function createDesigners(app: FastifyInstance, n: number) {
  const hash = await hashPassword('Bench@2026');
  const out: { id: number; code: string; token: string }[] = [];
  await app.db.transaction().execute(async (trx) => {
    for (let i = 0; i < n; i++) {
      const d = await insertDesigner(trx, {
        phone: `170${String(i).padStart(8, '0')}`,
        password_hash: hash,
        designer_type: 1,
        nickname: `压测${i}`,
        current_registration_step: 6,
        team_id: null,
      });
      const s = await createSession(trx, d.id, 24, { ip: '127.0.0.1', userAgent: 'bench' });
      out.push({ id: d.id, code: designerCode(d.id), token: s.token });
    }
  });
  return out;
}

async function runMode(mode: 'embedded' | 'mosquitto'): Promise<ModeResult> {
  const run = randomBytes(4).toString('hex');
  const { app, dataDir } = await startApp(mode === 'mosquitto' ? EXTERNAL_URL : undefined);
  const clients = new Clients();
  try {
    if (mode === 'mosquitto') {
      await withTimeout(
        (async () => {
          while (app.broker.connectedClients() < 1) await sleep(20);
        })(),
        10_000,
        'the API to connect to the external broker',
      );
    }
    const t0 = performance.now();
    const designers = await createDesigners(app, CLIENTS);
    const lead = await app.db.selectFrom('designers').select('id').where('designer_type', '=', 0).executeTakeFirstOrThrow();
    const leadToken = (await createSession(app.db, lead.id, 24, { ip: '127.0.0.1', userAgent: 'bench' })).token;
    console.log(`  [${mode}] ${CLIENTS} designers + sessions inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const port = (app.server.address() as { port: number }).port;
    const url = mode === 'embedded' ? `ws://127.0.0.1:${port}/mqtt` : EXTERNAL_URL;
    const specs: ClientSpec[] = designers.map((d) =>
      mode === 'embedded'
        ? { clientId: d.code, username: d.code, password: d.token, topic: MQTT_TOPICS.designer(d.code) }
        : // The external broker is shared and anonymous: unique client ids, no credentials.
          { clientId: `bench-${run}-${d.code}`, topic: MQTT_TOPICS.designer(d.code) },
    );
    const connected = await clients.request({ cmd: 'connect', url, clients: specs, batch: BATCH, timeoutMs: 10_000 }, 'connected', 180_000);
    console.log(
      `  [${mode}] ${connected.ok}/${CLIENTS} clients connected and subscribed in ${(connected.ms / 1000).toFixed(1)} s` +
        (connected.failed ? ` (${connected.failed} failed, first: ${connected.firstError})` : ''),
    );
    if (mode === 'embedded') console.log(`  [${mode}] broker reports ${app.broker.connectedClients()} connected clients`);

    // Warm-up broadcast (not counted, not persisted) so (a) measures the delivery path, not the JIT.
    const warm = `bench-${run}-warm`;
    await clients.request({ cmd: 'expectBroadcast', marker: warm }, 'ack', 5_000);
    const warmDone = clients.next('broadcastDone', 30_000).catch(() => undefined);
    app.messages.broadcastAnnouncement({ id: 0, title: warm, scope: 4, published_at: new Date().toISOString(), product_ids: [] });
    await warmDone;

    // (a) announcements to everyone, one after another: the lead's API call (persist + answer) and
    // the fan-out until the last client has it.
    const broadcastApi: number[] = [];
    const broadcastAll: number[] = [];
    const broadcastLat: number[] = [];
    let broadcastReceived = connected.ok;
    let rowsComplete = 0;
    // k = -1 warms the announcement path up (its first call compiles it) and is not counted.
    for (let k = -1; k < ANNOUNCEMENTS; k++) {
      const marker = `bench-${run}-${k}`;
      await clients.request({ cmd: 'expectBroadcast', marker }, 'ack', 5_000);
      const broadcastDone = clients.next('broadcastDone', 30_000).catch(() => undefined);
      const bStart = nowAbs();
      const res = await app.inject({
        method: 'POST',
        url: '/api/messages/announcements',
        headers: { authorization: `Bearer ${leadToken}` },
        payload: { title: `性能测试公告 ${marker}`, body: '压测用公告，请忽略。', scope: 4 },
      });
      const callMs = nowAbs() - bStart;
      if (res.statusCode !== 200) throw new Error(`announcement publish failed: ${res.statusCode} ${res.body}`);
      await broadcastDone;
      const report = await clients.request({ cmd: 'report' }, 'report', 10_000);
      if (k < 0) continue;
      broadcastApi.push(callMs);
      // The broadcast follows the commit of the messages: by now every recipient has its row.
      const { announcement_id, recipients } = (JSON.parse(res.body) as { data: { announcement_id: number; recipients: number } }).data;
      const rows = await app.db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('message_type', '=', 29)
        .where('ext_json', 'like', `%"announcement_id":${announcement_id}}%`)
        .executeTakeFirstOrThrow();
      if (Number(rows.n) === recipients && recipients >= connected.ok) rowsComplete++;
      const lat = report.broadcastReceipts.map((t) => t - bStart).sort((x, y) => x - y);
      broadcastReceived = Math.min(broadcastReceived, lat.length);
      broadcastAll.push(lat.length ? lat[lat.length - 1]! : Number.NaN);
      broadcastLat.push(...lat);
      await sleep(200);
    }
    broadcastLat.sort((x, y) => x - y);
    broadcastApi.sort((x, y) => x - y);
    broadcastAll.sort((x, y) => x - y);
    console.log(`  [${mode}] ${ANNOUNCEMENTS} broadcasts: at least ${broadcastReceived}/${connected.ok} received each`);

    // (b) 1:1 messages, paced; a short warm-up first (not counted)
    const directRound = async (runId: string, count: number) => {
      await clients.request({ cmd: 'expectDirect', run: runId, total: count }, 'ack', 5_000);
      const done = clients.next('directDone', Math.ceil((count / RATE) * 1000) + 15_000).catch(() => undefined);
      const interval = 1000 / RATE;
      const start = performance.now();
      for (let i = 0; i < count; i++) {
        const wait = start + i * interval - performance.now();
        if (wait > 1) await sleep(wait);
        const d = designers[Math.floor(Math.random() * designers.length)]!;
        await app.messages.send([d.id], {
          type: 2,
          title: `系统为你分配了新工单 T${900000 + i}（不干胶标签），请在4小时内提交初稿`,
          info: { ticket_id: 900000 + i, allocation_id: 900000 + i, bench_run: runId, bench_sent_at: nowAbs() },
        });
      }
      await done;
      return clients.request({ cmd: 'report' }, 'report', 10_000);
    };
    await directRound(`${run}-warm`, WARMUP);
    const direct = await directRound(run, MESSAGES);
    const directLat = [...direct.directLatencies].sort((x, y) => x - y);
    console.log(`  [${mode}] 1:1: ${directLat.length}/${MESSAGES} received`);

    return {
      mode,
      transport: mode === 'embedded' ? 'ws /mqtt on the API port' : `tcp ${new URL(EXTERNAL_URL).host} (direct)`,
      clients: connected.ok,
      connectFailed: connected.failed,
      connectS: connected.ms / 1000,
      broadcastAll,
      broadcastReceived,
      broadcastLat,
      broadcastApi,
      rowsComplete,
      directLat,
      directSent: MESSAGES,
      directWrongTopic: direct.directWrongTopic,
    };
  } finally {
    await clients.close();
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------------------------------------

async function brokerReachable(url: string): Promise<string | undefined> {
  const client = mqtt.connect(url, { reconnectPeriod: 0, connectTimeout: 2_000, clientId: `bench-probe-${process.pid}` });
  try {
    await withTimeout(
      new Promise<void>((resolve, reject) => {
        client.once('connect', () => resolve());
        client.once('error', reject);
        client.once('close', () => reject(new Error('connection closed')));
      }),
      3_000,
      'CONNACK',
    );
    return undefined;
  } catch (err) {
    return (err as Error).message;
  } finally {
    client.end(true);
  }
}

function fdLimit(): number {
  try {
    return Number(execSync('ulimit -n', { shell: '/bin/sh', encoding: 'utf8' }).trim());
  } catch {
    return Number.NaN;
  }
}

function printTable(results: ModeResult[]) {
  const f = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');
  const rows = [
    ['mode', 'transport', 'clients', 'connect s', 'bcast call p50/max', 'bcast all-recv p50/max', 'bcast p50', 'bcast p99', '1:1 p50', '1:1 p99', '1:1 max', 'messages', 'rows'],
    ...results.map((r) => [
      r.mode,
      r.transport,
      String(r.clients) + (r.connectFailed ? ` (${r.connectFailed} failed)` : ''),
      r.connectS.toFixed(1),
      `${f(percentile(r.broadcastApi, 50))}/${f(r.broadcastApi[r.broadcastApi.length - 1] ?? Number.NaN)}`,
      `${f(percentile(r.broadcastAll, 50))}/${f(r.broadcastAll[r.broadcastAll.length - 1] ?? Number.NaN)}` + (r.broadcastReceived < r.clients ? ` (${r.broadcastReceived} got it)` : ''),
      f(percentile(r.broadcastLat, 50)),
      f(percentile(r.broadcastLat, 99)),
      f(percentile(r.directLat, 50)),
      f(percentile(r.directLat, 99)),
      f(r.directLat[r.directLat.length - 1] ?? Number.NaN),
      `${r.directLat.length}/${r.directSent}`,
      `${r.rowsComplete}/${r.broadcastApi.length}`,
    ]),
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  const line = (row: string[]) => row.map((cell, c) => (c <= 1 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
  console.log(line(rows[0]!));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows.slice(1)) console.log(line(row));
}

async function main() {
  const started = performance.now();
  const cpus = os.cpus();
  const limit = fdLimit();
  console.log('MQTT fan-out benchmark');
  console.log(`  machine   ${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown'}, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB, node ${process.version}`);
  console.log(`  fds       ulimit -n = ${limit} (embedded mode holds 2 sockets per client in this process: server and client side)`);
  console.log(`  load      ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} (1/5/15 min load average before the run; other work on the machine skews the figures)`);
  console.log(
    `  workload  ${CLIENTS} clients (batches of ${BATCH}); ${ANNOUNCEMENTS} announcements after a warm-up broadcast; ${MESSAGES} 1:1 messages at ${RATE}/s after ${WARMUP} warm-up messages`,
  );
  console.log('  clients   mqtt.js in a worker thread of this process; server on SQLite in a temp dir\n');
  if (Number.isFinite(limit) && limit < 2 * CLIENTS + 256) {
    console.log(`  WARNING: ulimit -n ${limit} is below ${2 * CLIENTS + 256}; connections may fail (raise it with ulimit -n).\n`);
  }

  const results: ModeResult[] = [];
  const skipped: string[] = [];
  console.log('embedded (Aedes in the API process)');
  results.push(await runMode('embedded'));

  const why = await brokerReachable(EXTERNAL_URL);
  if (why) {
    skipped.push(`mosquitto: SKIPPED, ${EXTERNAL_URL} not reachable (${why})`);
  } else {
    console.log(`\nmosquitto (external broker at ${EXTERNAL_URL})`);
    results.push(await runMode('mosquitto'));
  }

  console.log('\nResults (latencies in ms; broadcast = POST /api/messages/announcements start -> receipt, includes writing a type-29 message per designer,');
  console.log('         which follows the answer; rows = announcements with a type-29 row per recipient the answer counted once all had it;');
  console.log('         1:1 = app.messages.send start -> receipt, includes the message insert)\n');
  printTable(results);
  for (const s of skipped) console.log(`\n${s}`);
  for (const r of results) {
    if (r.directWrongTopic) console.log(`\n${r.mode}: ${r.directWrongTopic} 1:1 messages arrived on a topic other than the recipient's own!`);
  }
  console.log(`\nAnnouncement: the lead's call answers (the announcement committed; its messages and broadcast follow) in under ${TARGET_CALL_MS} ms, every client has it within ${TARGET_FANOUT_MS} ms:`);
  for (const r of results) {
    const call = r.broadcastApi[r.broadcastApi.length - 1] ?? Number.NaN;
    const all = r.broadcastAll[r.broadcastAll.length - 1] ?? Number.NaN;
    console.log(`  ${r.mode.padEnd(9)} call max ${call.toFixed(1)} ms -> ${call < TARGET_CALL_MS ? 'met' : 'NOT met'}; fan-out max ${all.toFixed(1)} ms -> ${all < TARGET_FANOUT_MS ? 'met' : 'NOT met'}`);
  }
  console.log(`Target: 1:1 p99 under ${TARGET_P99_MS} ms at 1000 connections.`);
  for (const r of results) {
    const p99 = percentile(r.directLat, 99);
    const verdict = r.clients < 1000 ? `not comparable (${r.clients} connections)` : p99 < TARGET_P99_MS ? 'met' : 'NOT met';
    console.log(`  ${r.mode.padEnd(9)} p99 ${p99.toFixed(1)} ms -> ${verdict}`);
  }
  console.log(`\nTotal bench time ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

main()
  .catch((err) => {
    console.error('benchmark failed:', err);
  })
  .finally(() => process.exit(0));
