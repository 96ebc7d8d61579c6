// Chaos on the local cluster (issue #20): a steady mixed load through the load balancer while one
// instance after another is killed with `kill -9` and started again.
//
//   npm run bench:chaos                                     5 minutes, a kill every 30 s
//   node --import tsx bench/chaos/run.ts --minutes 1 --every 15
//
// Needs what `npm run start:cluster` needs (PostgreSQL, Redis, HAProxy). It starts that script
// (3 instances, HAProxy on --port, default 8280) on a throwaway PostgreSQL database, then for
// --minutes:
//   - the upstream system posts orders through the integration API (--orders per second);
//   - the lead publishes an announcement every 2 s;
//   - every 5 s an order for a product no regular designer has lands in the hall and 20 grabs
//     race for it;
//   - 30 browsers (mqtt.js over websockets through HAProxy, reconnecting every 5 s as the SPA
//     does) listen to their designers' topics and the announcements;
//   - every --every seconds one instance (in turn) is killed with SIGKILL; the cluster script
//     starts it again and HAProxy takes it out and back by its health checks.
// Then, with the load stopped and every instance ready: every order and announcement that got a
// 2xx must be in the database; every message persisted for a designer must be in their list
// (GET /api/messages/messages); no ticket may have two open allocations; every browser must be
// connected again. It prints the counts and exits 1 on any loss (0 when everything holds).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mqtt, { type MqttClient } from 'mqtt';
import { call as callAt, withPg } from '../../server/test/support/crash-load.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
const minutes = Number(arg('minutes', '5'));
const killEverySeconds = Number(arg('every', '30'));
const ordersPerSecond = Number(arg('orders', '5'));
const port = Number(arg('port', '8280'));
const instances = 3;
const pgAdmin = arg('pg', process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const redisUrl = arg('redis', process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const API_KEY = 'chaos-integration-key';
const PASSWORD = 'Demo@2026';
const PHONES = { lead: '13800000000', designer: '13800000001', partTime2: '13800000002', partTime3: '13800000003' };

const base = `http://127.0.0.1:${port}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// -- the cluster ------------------------------------------------------------------------------

const dbName = `dwp_chaos_${randomBytes(4).toString('hex')}`;
const dbUrl = (() => {
  const u = new URL(pgAdmin);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dwp-chaos-'));

function startCluster(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(root, 'scripts/start-cluster.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      CLUSTER_PORT: String(port),
      CLUSTER_INSTANCES: String(instances),
      DATABASE_URL: dbUrl,
      MQTT_CLUSTER_REDIS_URL: redisUrl,
      DATA_DIR: dataDir,
      DEMO_MODE: 'true',
      SIMULATOR_RATE_PER_MIN: '0',
      INTEGRATION_API_KEY: API_KEY,
      // One address sends everything here: the load is not a guesser.
      RATE_LIMIT_PUBLIC_PER_IP: '1000000',
      RATE_LIMIT_LOGIN_PER_IP: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const collect = (c: Buffer) => {
    out += c.toString();
    if (process.env.BENCH_LOG) process.stdout.write(c);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the cluster did not start within 5 minutes:\n${out.slice(-3000)}`)), 300_000);
    child.stdout!.on('data', () => {
      if (out.includes('cluster is running')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the cluster script exited (${code}):\n${out.slice(-3000)}`));
    });
  });
}

/** The pid of the process listening on a port (from `ss`). */
function pidOnPort(p: number): number | undefined {
  const line = execFileSync('ss', ['-ltnpH', `sport = :${p}`]).toString();
  const m = /pid=(\d+)/.exec(line);
  return m ? Number(m[1]) : undefined;
}

async function readyCount(): Promise<number> {
  let ready = 0;
  for (let i = 0; i < instances; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port + 1 + i}/api/system/ready`);
      if (res.status === 200) ready++;
    } catch {
      // down
    }
  }
  return ready;
}

// -- HTTP through the load balancer ------------------------------------------------------------

/** A call through the load balancer; status 0 when the connection was reset by a kill (not acknowledged). */
async function call(method: string, url: string, opts: { body?: unknown; token?: string; apiKey?: string } = {}) {
  const answer = await callAt(base, method, url, { ...opts, timeoutMs: 15_000 });
  return { status: answer.status ?? 0, json: answer.body };
}

async function login(phone: string): Promise<{ token: string; code: string; id?: number }> {
  for (;;) {
    const res = await call('POST', '/api/user/login', { body: { phone, password: PASSWORD } });
    if (res.status === 200) {
      const token = res.json.data.token as string;
      const profile = await call('GET', '/api/user/profile', { token });
      if (profile.status === 200) return { token, code: profile.json.data.designer_id as string };
    }
    await sleep(500);
  }
}

// -- the run -----------------------------------------------------------------------------------

const counts = {
  ordersSent: 0,
  ordersAcked: 0,
  ordersRefused: 0,
  announcementsAcked: 0,
  hallTickets: 0,
  grabsWon: 0,
  grabsDoubled: 0,
  kills: 0,
  browserReconnects: 0,
  browserMessages: 0,
};
/** Refused orders by HTTP status (0: the connection was reset by a kill). */
const refusedBy = new Map<number, number>();
const ackedOrders = new Set<string>();
const ackedAnnouncements = new Set<number>();
let stop = false;

async function main() {
  await withPg(pgAdmin, (c) => c.query(`create database ${dbName}`));
  console.log(`chaos: ${minutes} min, kill -9 one of ${instances} instances every ${killEverySeconds} s, ${ordersPerSecond} orders/s; database ${dbName}`);
  const cluster = await startCluster();
  let failed = false;
  const browsers: MqttClient[] = [];
  try {
    const lead = await login(PHONES.lead);
    const people = [await login(PHONES.designer), await login(PHONES.partTime2), await login(PHONES.partTime3)];
    const products = await call('GET', '/api/designer-product/available-products?pageSize=99', { token: lead.token });
    const shops = await call('GET', '/api/user/shops', { token: lead.token });
    const items = products.json.data.items as { product_id: number; name: string }[];
    const hallProduct = items.find((p) => p.name === '彩盒')!.product_id;
    const anyProduct = items[0]!.product_id;
    const shopId = (shops.json.data.items as { shop_id: number }[])[0]!.shop_id;

    // 30 browsers, ten per person, each with its own tab id, reconnecting every 5 s.
    for (let i = 0; i < 30; i++) {
      const who = people[i % people.length]!;
      const client = mqtt.connect(`ws://127.0.0.1:${port}/mqtt`, {
        clientId: `${who.code}_chaos${i}`,
        username: who.code,
        password: who.token,
        reconnectPeriod: 5_000,
        connectTimeout: 10_000,
        clean: true,
      });
      client.on('connect', () => client.subscribe([`designers/${who.code}/messages`, 'announcements'], { qos: 1 }));
      client.on('reconnect', () => counts.browserReconnects++);
      client.on('message', () => counts.browserMessages++);
      client.on('error', () => {});
      browsers.push(client);
    }

    const order = (productId: number, n: number) => ({
      order_no: `CH${Date.now()}${String(n).padStart(4, '0')}${randomBytes(2).toString('hex')}`,
      shop_id: shopId,
      product_id: productId,
      title: '名片设计｜混沌测试',
      requirements: '按附件排版',
      allowed_minutes: 480,
      fee_cents: 3500,
    });

    const loops: Promise<void>[] = [];
    // Orders.
    loops.push(
      (async () => {
        let n = 0;
        while (!stop) {
          const body = order(anyProduct, n++);
          counts.ordersSent++;
          const res = await call('POST', '/api/integration/orders', { body, apiKey: API_KEY });
          if (res.status >= 200 && res.status < 300) {
            counts.ordersAcked++;
            ackedOrders.add(body.order_no);
          } else {
            counts.ordersRefused++;
            refusedBy.set(res.status, (refusedBy.get(res.status) ?? 0) + 1);
          }
          await sleep(1000 / ordersPerSecond);
        }
      })(),
    );
    // Announcements.
    loops.push(
      (async () => {
        let n = 0;
        while (!stop) {
          const res = await call('POST', '/api/messages/announcements', { token: lead.token, body: { title: `混沌公告 ${n++}`, body: '请各位知悉。', scope: 4 } });
          if (res.status === 200) {
            counts.announcementsAcked++;
            ackedAnnouncements.add(res.json.data.announcement_id as number);
          }
          await sleep(2_000);
        }
      })(),
    );
    // Hall races.
    loops.push(
      (async () => {
        let n = 0;
        while (!stop) {
          await sleep(5_000);
          const ingested = await call('POST', '/api/integration/orders', { body: order(hallProduct, 9000 + n++), apiKey: API_KEY });
          if (ingested.status !== 200 || ingested.json.data.ticket.designer_id !== null) continue;
          counts.hallTickets++;
          const id = ingested.json.data.ticket.ticket_id as number;
          await withPg(dbUrl, (c) => c.query("update designer_loads set assigned_today = 0 where designer_id in (select id from designers where phone in ($1, $2))", [PHONES.partTime2, PHONES.partTime3]));
          const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => call('POST', `/api/order-hall/tickets/${id}/grab`, { token: people[1 + (i % 2)]!.token })));
          const won = replies.filter((r) => r.status === 200).length;
          if (won === 1) counts.grabsWon++;
          if (won > 1) counts.grabsDoubled++;
        }
      })(),
    );

    // The kills.
    const until = Date.now() + minutes * 60_000;
    let victim = 0;
    while (Date.now() < until) {
      await sleep(Math.min(killEverySeconds * 1000, Math.max(0, until - Date.now())));
      if (Date.now() >= until) break;
      const pid = pidOnPort(port + 1 + victim);
      if (pid) {
        process.kill(pid, 'SIGKILL');
        counts.kills++;
        console.log(`  ${new Date().toISOString().slice(11, 19)} kill -9 api${victim + 1} (pid ${pid}); orders acknowledged so far ${counts.ordersAcked}`);
      }
      victim = (victim + 1) % instances;
    }
    stop = true;
    await Promise.all(loops);

    // Settle: every instance ready, every browser connected, the outbox relay given a period.
    const settleUntil = Date.now() + 60_000;
    while (Date.now() < settleUntil && ((await readyCount()) < instances || browsers.some((b) => !b.connected))) await sleep(500);
    await sleep(5_000);

    // The check.
    const loss: string[] = [];
    const present = await withPg(dbUrl, async (c) => {
      const orders = await c.query<{ order_no: string }>('select order_no from tickets where order_no = any($1)', [[...ackedOrders]]);
      const anns = await c.query<{ id: number }>('select id from announcements where id = any($1)', [[...ackedAnnouncements]]);
      const doubled = await c.query<{ ticket_id: number }>('select ticket_id from allocations where ended_at is null group by ticket_id having count(*) > 1');
      const perDesigner = await c.query<{ phone: string; n: string }>('select d.phone, count(m.id) as n from messages m join designers d on d.id = m.designer_id where d.phone = any($1) group by d.phone', [
        [PHONES.designer, PHONES.partTime2, PHONES.partTime3],
      ]);
      return { orders: new Set(orders.rows.map((r) => r.order_no)), anns: new Set(anns.rows.map((r) => r.id)), doubled: doubled.rows, perDesigner: perDesigner.rows };
    });
    const lostOrders = [...ackedOrders].filter((o) => !present.orders.has(o));
    const lostAnnouncements = [...ackedAnnouncements].filter((a) => !present.anns.has(a));
    if (lostOrders.length) loss.push(`${lostOrders.length} acknowledged orders missing (e.g. ${lostOrders.slice(0, 3).join(', ')})`);
    if (lostAnnouncements.length) loss.push(`${lostAnnouncements.length} acknowledged announcements missing`);
    if (present.doubled.length) loss.push(`${present.doubled.length} tickets with two open allocations`);
    if (counts.grabsDoubled) loss.push(`${counts.grabsDoubled} hall races with more than one winner`);
    const phones = [PHONES.designer, PHONES.partTime2, PHONES.partTime3];
    for (let i = 0; i < people.length; i++) {
      const fresh = await login(phones[i]!);
      const list = await call('GET', '/api/messages/messages?page=1&pageSize=1', { token: fresh.token });
      const persisted = Number(present.perDesigner.find((r) => r.phone === phones[i])?.n ?? 0);
      const listed = list.status === 200 ? (list.json.data.total as number) : -1;
      console.log(`  ${phones[i]}: ${persisted} messages persisted, ${listed} in the list`);
      if (listed !== persisted) loss.push(`${phones[i]}: ${persisted} messages persisted but ${listed} in the list`);
    }
    const disconnected = browsers.filter((b) => !b.connected).length;
    if (disconnected) loss.push(`${disconnected} of ${browsers.length} browsers not connected again`);

    console.log('\nchaos: counts');
    console.table({ ...counts, lostOrders: lostOrders.length, lostAnnouncements: lostAnnouncements.length, doubleAllocations: present.doubled.length, browsersDisconnected: disconnected });
    console.log(`orders refused by status: ${[...refusedBy].map(([status, n]) => `${status}×${n}`).join(', ') || 'none'} (the upstream system sends these again)`);
    if (loss.length) {
      console.log(`LOSS:\n  ${loss.join('\n  ')}`);
      failed = true;
    } else console.log('no loss: every acknowledged write is present, every persisted message is listed, no double allocation, every browser back');
  } finally {
    stop = true;
    for (const b of browsers) b.end(true);
    const exited = new Promise((resolve) => cluster.once('exit', resolve));
    cluster.kill('SIGTERM');
    await Promise.race([exited, sleep(20_000)]);
    await withPg(pgAdmin, (c) => c.query(`drop database if exists ${dbName} with (force)`)).catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(2);
});
