#!/usr/bin/env node
// npm run start:cluster: N instances of the server (default 3) on PostgreSQL, their embedded
// brokers shared through Redis, behind HAProxy (round robin, websocket upgrade for /mqtt, health
// checks on /api/system/ready, drain on SIGTERM). Prints one address. An instance that dies is
// started again; Ctrl-C stops everything cleanly.
//
// Needs: PostgreSQL and Redis reachable, and HAProxy (`apt-get install haproxy`). Settings:
//   CLUSTER_INSTANCES      instances (default 3)
//   CLUSTER_PORT           the load balancer's port (default 8080); instances use the next ports
//   CLUSTER_HOST           the address the load balancer listens on (default 127.0.0.1)
//   DATABASE_URL           PostgreSQL (default postgres://postgres@127.0.0.1:5432/designer_cluster, created if missing)
//   MQTT_CLUSTER_REDIS_URL Redis (default redis://127.0.0.1:6379)
//   DATA_DIR               shared data directory: local object store, HAProxy config (default data/cluster)
//   HAPROXY                the HAProxy binary (default haproxy on PATH)
// Every other variable (DEMO_MODE, SMS_SENDER, …) is passed to the instances as it is.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { checkNodeVersion } from './lib/node-version.mjs';
import { buildStaleness } from './lib/stale.mjs';

checkNodeVersion();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const count = Number(process.env.CLUSTER_INSTANCES ?? 3);
const port = Number(process.env.CLUSTER_PORT ?? 8080);
const host = process.env.CLUSTER_HOST ?? '127.0.0.1';
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/designer_cluster';
const redisUrl = process.env.MQTT_CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379';
const dataDir = path.resolve(root, process.env.DATA_DIR ?? 'data/cluster');
const haproxyBin = process.env.HAPROXY ?? 'haproxy';

function fail(zh, en) {
  console.error(`${zh}\n${en}`);
  process.exit(1);
}

if (!Number.isInteger(count) || count < 1 || count > 32) fail('CLUSTER_INSTANCES 应为 1–32 的整数', 'CLUSTER_INSTANCES must be an integer from 1 to 32');
if (!Number.isInteger(port) || port < 1 || port + count > 65535) fail('CLUSTER_PORT 不正确', 'CLUSTER_PORT is not a valid port');
if (!databaseUrl.startsWith('postgres')) fail('集群需要 PostgreSQL（DATABASE_URL=postgres://…）', 'The cluster needs PostgreSQL (DATABASE_URL=postgres://…)');
if (spawnSync(haproxyBin, ['-v']).status !== 0) {
  fail('找不到 HAProxy：请先安装（Debian/Ubuntu：apt-get install haproxy）', `HAProxy not found (${haproxyBin}): install it first (Debian/Ubuntu: apt-get install haproxy)`);
}

/** Creates the database named in DATABASE_URL when it does not exist yet. */
async function ensureDatabase(url) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) return; // a name we would have to quote: the operator made it
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  try {
    await client.connect();
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`create database ${name}`);
      console.log(`已创建数据库 ${name} / Created database ${name}`);
    }
  } catch (err) {
    fail(`无法连接 PostgreSQL：${err.message}`, `Cannot reach PostgreSQL (${admin.host}): ${err.message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

function buildIfStale() {
  const why = buildStaleness(root);
  if (!why) return;
  console.log(`正在构建前端 (vite build)… / Building the web app (vite build): ${why}`);
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], { stdio: 'inherit' });
  if (build.status !== 0) fail('前端构建失败', `Web app build failed (exit ${build.status})`);
}

function haproxyConfig() {
  const servers = Array.from({ length: count }, (_, i) => `  server api${i + 1} 127.0.0.1:${port + 1 + i} check`).join('\n');
  return `# Written by scripts/start-cluster.mjs; rewritten on every start.
defaults
  mode http
  option forwardfor
  # A request whose connection to an instance failed (it was just killed, or is starting) never
  # reached it: send it to another one, at most three times.
  retries 3
  option redispatch 1
  retry-on conn-failure
  timeout connect 5s
  timeout client 60s
  timeout server 60s
  # An MQTT websocket stays open for hours: its idle limit is the tunnel's, above the client's 40 s keepalive.
  timeout tunnel 1h

frontend web
  bind ${host}:${port}
  default_backend api

backend api
  balance roundrobin
  # Out after three failed checks a second apart, back after two good ones; a draining instance
  # answers 503. A check may take 5 s: on a loaded machine a slow answer is not a dead instance.
  option httpchk GET /api/system/ready
  http-check expect status 200
  timeout check 5s
  default-server inter 1s fall 3 rise 2
${servers}
`;
}

await ensureDatabase(databaseUrl);
buildIfStale();
fs.mkdirSync(dataDir, { recursive: true });

// What every instance shares: the database, Redis, the data directory and the upload signing secret.
const shared = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? 'development',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  MQTT_CLUSTER_REDIS_URL: redisUrl,
  LOCAL_OSS_SECRET: process.env.LOCAL_OSS_SECRET ?? randomBytes(24).toString('hex'),
  TRUST_PROXY: 'true',
  SHUTDOWN_DELAY_MS: process.env.SHUTDOWN_DELAY_MS ?? '4000',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
};
delete shared.MQTT_URL;
delete shared.API_WORKERS;

let stopping = false;
const children = new Map();

/** Starts instance i; resolves when it listens. An instance that dies later is started again. */
function startInstance(i) {
  const env = { ...shared, PORT: String(port + 1 + i) };
  // The order simulator and other once-per-deployment jobs run on the first instance only.
  if (i > 0) env.SIMULATOR_RATE_PER_MIN = '0';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/server.ts')], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  children.set(i, child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      if (out !== null) {
        out += chunk.toString();
        if (out.includes('Designer work platform is running')) {
          out = null;
          resolve();
        }
      } else if (process.env.LOG_LEVEL) process.stdout.write(`[api${i + 1}] ${chunk}`);
    });
    child.on('exit', (code, signal) => {
      children.delete(i);
      if (out !== null) return reject(new Error(`instance ${i + 1} exited while starting (code ${code}, signal ${signal})`));
      if (stopping) return;
      console.warn(`实例 api${i + 1} 已退出（${signal ?? code}），1 秒后重启 / Instance api${i + 1} exited (${signal ?? code}); restarting in 1 s`);
      setTimeout(() => startInstance(i).catch((err) => console.error(err.message)), 1_000);
    });
  });
}

try {
  // The first migrates the database and seeds the demo data; the others find it done.
  await startInstance(0);
  await Promise.all(Array.from({ length: count - 1 }, (_, k) => startInstance(k + 1)));
} catch (err) {
  stopping = true;
  for (const child of children.values()) child.kill('SIGTERM');
  fail(`集群启动失败：${err.message}`, `The cluster did not start: ${err.message}`);
}

const configFile = path.join(dataDir, 'haproxy.cfg');
fs.writeFileSync(configFile, haproxyConfig());
const haproxy = spawn(haproxyBin, ['-f', configFile, '-db'], { stdio: ['ignore', 'inherit', 'inherit'] });
haproxy.on('exit', (code, signal) => {
  if (stopping) return;
  console.error(`HAProxy 已退出（${signal ?? code}） / HAProxy exited (${signal ?? code})`);
  void stop(1);
});

async function stop(exitCode = 0) {
  if (stopping) return;
  stopping = true;
  // Instances first: each says not-ready, the load balancer stops sending, requests in flight finish.
  const exits = [...children.values()].map((child) => new Promise((resolve) => child.once('exit', resolve)));
  for (const child of children.values()) child.kill('SIGTERM');
  await Promise.all(exits);
  haproxy.kill('SIGTERM');
  process.exit(exitCode);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stop(0));

const address = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
console.log(
  [
    '',
    `设计师工作平台集群已启动 / Designer work platform cluster is running`,
    `  ${address}`,
    `  ${count} 个实例 / instances: ${Array.from({ length: count }, (_, i) => `127.0.0.1:${port + 1 + i}`).join(', ')}`,
    `  数据库 / database: ${databaseUrl.replace(/\/\/[^@]*@/, '//')}`,
    `  消息共享 / broker backend: ${redisUrl}`,
    `  负载均衡 / load balancer: HAProxy (${configFile})`,
    '  Ctrl-C 停止 / Ctrl-C stops it',
    '',
  ].join('\n'),
);
