/**
 * Runs once per `vitest run --project server`: says which dialects the suites run on and whether
 * the external-broker suites run, and checks that TEST_DATABASE_URL and TEST_MQTT_URL (when set)
 * are reachable so a wrong URL fails fast with a clear message.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import pg from 'pg';
import { templateDirPrefix, templateSchemaPrefix } from './demo-template-names.js';

export default async function setup(): Promise<() => Promise<void>> {
  await checkPostgres();
  await checkMqtt();
  // The workers, started after this, name their demo templates after the run (harness.ts,
  // `createDemoDatabase`); they are removed here once every worker has stopped.
  const run = randomBytes(4).toString('hex');
  process.env.DWP_TEST_RUN = run;
  return () => removeTemplates(run);
}

async function removeTemplates(run: string): Promise<void> {
  const prefix = templateDirPrefix(run);
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (name.startsWith(prefix)) fs.rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ nspname: string }>('select nspname from pg_namespace where starts_with(nspname, $1)', [templateSchemaPrefix(run)]);
    for (const { nspname } of rows) await client.query(`drop schema if exists "${nspname}" cascade`);
  } finally {
    await client.end();
  }
}

async function checkMqtt(): Promise<void> {
  const url = process.env.TEST_MQTT_URL;
  if (!url) {
    console.info(
      '[server tests] external MQTT broker suites SKIPPED: TEST_MQTT_URL is not set. ' +
        'The embedded broker is tested either way. Set e.g. TEST_MQTT_URL=mqtt://127.0.0.1:1883 (a Mosquitto that allows anonymous clients) to run them too.\n',
    );
    return;
  }
  const client = mqtt.connect(url, { reconnectPeriod: 0, connectTimeout: 3_000, clientId: `test-setup-${process.pid}` });
  try {
    await new Promise<void>((resolve, reject) => {
      // connectAsync can hang when the socket is refused without an error: own timeout, and 'close' rejects too.
      const timer = setTimeout(() => reject(new Error('no CONNACK within 4 s')), 4_000);
      client.once('connect', () => {
        clearTimeout(timer);
        resolve();
      });
      client.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      client.once('close', () => {
        clearTimeout(timer);
        reject(new Error('connection closed'));
      });
    });
  } catch (err) {
    throw new Error(`TEST_MQTT_URL is set but the MQTT broker is not reachable (${(err as Error).message})`, { cause: err });
  } finally {
    client.end(true);
  }
  console.info(`[server tests] running the external MQTT broker suites against ${url} (TEST_MQTT_URL is set).\n`);
}

async function checkPostgres(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    console.info(
      '\n[server tests] PostgreSQL suites SKIPPED: TEST_DATABASE_URL is not set. ' +
        'Running on SQLite only. Set e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test to run them too.\n',
    );
    return;
  }
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (err) {
    throw new Error(`TEST_DATABASE_URL is set but PostgreSQL is not reachable (${(err as Error).message})`, { cause: err });
  } finally {
    await client.end().catch(() => undefined);
  }
  console.info('\n[server tests] running every suite on SQLite and PostgreSQL (TEST_DATABASE_URL is set).\n');
}
