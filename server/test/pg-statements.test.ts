/**
 * PostgreSQL connections name their queries (db/database.ts): each SQL text is parsed and planned
 * once per connection. Runs when TEST_DATABASE_URL is set (global-setup says when it is not).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../src/db/database.js';
import { createTestDatabase, PG_URL, type TestDatabase } from './support/harness.js';

describe.runIf(PG_URL)('PostgreSQL named statements', () => {
  let database: TestDatabase;
  let db: Db;
  let close: () => Promise<void>;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    // One connection, so every query below meets the statements the earlier ones prepared.
    ({ db, close } = openDatabase({ url: database.databaseUrl, schema: database.dbSchema, poolSize: 1 }));
    await sql`create table items (id integer primary key, name text not null)`.execute(db);
    await sql`insert into items values (1, 'a'), (2, 'b')`.execute(db);
  });

  afterAll(async () => {
    await close();
    await database.drop();
  });

  const prepared = async () => (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)).rows.map((r) => r.statement);
  const byId = (id: number) => db.selectFrom('items' as never).selectAll().where('id' as never, '=', id as never).execute() as Promise<Record<string, unknown>[]>;

  it('a parameterised query is prepared once per connection and gives each run its own values', async () => {
    expect(await byId(1)).toEqual([{ id: 1, name: 'a' }]);
    expect(await byId(2)).toEqual([{ id: 2, name: 'b' }]);
    const texts = (await prepared()).filter((s) => s.includes('"items"'));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/^select \* from "items" where "id" = \$1$/);
  });

  it('transactions still work: begin and commit are never named', async () => {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('items' as never).values({ id: 3, name: 'c' } as never).execute();
    });
    expect(await byId(3)).toEqual([{ id: 3, name: 'c' }]);
    expect((await prepared()).some((s) => /^\s*(begin|commit)/i.test(s))).toBe(false);
  });

  it('a table changed under a prepared select * (another instance migrated) still answers', async () => {
    expect(await byId(1)).toEqual([{ id: 1, name: 'a' }]);
    await sql`alter table items add column note text not null default 'n'`.execute(db);
    // The prepared plan's row type is stale: PostgreSQL refuses it, and the text runs unnamed.
    expect(await byId(1)).toEqual([{ id: 1, name: 'a', note: 'n' }]);
    expect(await byId(2)).toEqual([{ id: 2, name: 'b', note: 'n' }]);
  });
});
