#!/usr/bin/env node
// The deployment e2e/scale-out runs against when Playwright starts its own servers: three instances
// (scripts/start-cluster.mjs) behind HAProxy on E2E_CLUSTER_PORT (default 4340; instances on the
// next three ports), on a fresh PostgreSQL database `e2e_cluster` of TEST_DATABASE_URL's server and
// the Redis of TEST_REDIS_URL, in demo mode with its defaults. The database is dropped and made
// again on every start, and the data directory is this run's alone.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
if (!pgUrl || !redisUrl) {
  console.error('[e2e-cluster] needs TEST_DATABASE_URL and TEST_REDIS_URL');
  process.exit(1);
}

const database = new URL(pgUrl);
database.pathname = '/e2e_cluster';
const admin = new pg.Client({ connectionString: pgUrl });
await admin.connect();
await admin.query('drop database if exists e2e_cluster with (force)');
await admin.query('create database e2e_cluster');
await admin.end();

const dataDir = path.join(root, 'data', `e2e-cluster-${new Date().toISOString().replace(/[:.]/g, '-')}`);
fs.mkdirSync(dataDir, { recursive: true });

const cluster = spawn(process.execPath, [path.join(root, 'scripts/start-cluster.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    CLUSTER_PORT: process.env.E2E_CLUSTER_PORT ?? '4340',
    CLUSTER_INSTANCES: '3',
    DATABASE_URL: database.toString(),
    MQTT_CLUSTER_REDIS_URL: redisUrl,
    DATA_DIR: dataDir,
    DEMO_MODE: 'true',
    // Quiet: the suites here create the tickets they look for.
    SIMULATOR_RATE_PER_MIN: '0',
    SHUTDOWN_DELAY_MS: '0',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  },
});

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (cluster.exitCode === null && cluster.signalCode === null) cluster.kill(signal);
  });
}
cluster.on('exit', (code, signal) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(signal ? 1 : (code ?? 0));
});
