/**
 * Migrating one PostgreSQL schema while other schemas come and go: the migrator's existence checks
 * look at its own schema only (db/database.ts `withSchemaIntrospection`). Kysely's own
 * introspection reads every schema and resolved each by name, so a schema dropped meanwhile (test
 * files drop theirs as they finish) failed another file's start with "schema … does not exist".
 * Runs when TEST_DATABASE_URL is set (global-setup says when it is not).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, migrateToLatest, openDatabase } from '../src/db/database.js';
import { createTestDatabase, PG_URL, type TestDatabase } from './support/harness.js';

describe.runIf(PG_URL)('migrations beside schemas being dropped (PostgreSQL)', () => {
  let database: TestDatabase;
  let db: Db;
  let close: () => Promise<void>;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    ({ db, close } = openDatabase({ url: database.databaseUrl, schema: database.dbSchema, poolSize: 2 }));
    expect((await migrateToLatest(db, database.dbSchema)).length).toBeGreaterThan(0);
  });

  afterAll(async () => {
    await close();
    await database.drop();
  });

  it('re-running the migrations never trips over another schema dropped at the same moment', async () => {
    const churn = new pg.Client({ connectionString: PG_URL });
    await churn.connect();
    let stop = false;
    let dropped = 0;
    // Other "test files": schemas with a few tables each, created and dropped as fast as possible.
    const other = (async () => {
      while (!stop) {
        const name = `t_churn_${randomBytes(4).toString('hex')}`;
        await churn.query(`create schema ${name}`);
        for (let i = 0; i < 5; i += 1) await churn.query(`create table ${name}.x${i} (id serial primary key, v text)`);
        await churn.query(`drop schema ${name} cascade`);
        dropped += 1;
      }
    })();
    try {
      let runs = 0;
      const until = Date.now() + 4_000;
      while (Date.now() < until || dropped < 20) {
        // Already at the latest: only the existence checks and the list of applied migrations run.
        expect(await migrateToLatest(db, database.dbSchema)).toEqual([]);
        runs += 1;
      }
      expect(runs).toBeGreaterThan(10);
      expect(dropped).toBeGreaterThanOrEqual(20);
    } finally {
      stop = true;
      await other;
      await churn.end();
    }
  }, 30_000);
});
