/** Statements compiled once per database and key (db/statements.ts), on a real SQLite database. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../src/db/database.js';
import { runStatement } from '../src/db/statements.js';

describe('runStatement', () => {
  let db: Db;
  let close: () => Promise<void>;
  const items = () => db.selectFrom('items' as never);

  beforeAll(async () => {
    ({ db, close } = openDatabase({ url: 'sqlite::memory:' }));
    await sql`create table items (id integer primary key, name text not null)`.execute(db);
    await sql`insert into items values (1, 'a'), (2, 'b')`.execute(db);
  });
  afterAll(() => close());

  const byId = (id: number) =>
    runStatement<{ name: string }>(db, 'items.byId', (v) => items().select('name' as never).where('id' as never, '=', v('id')), { id });

  it('compiles once and binds each call’s values by name', async () => {
    expect((await byId(1)).rows).toEqual([{ name: 'a' }]);
    expect((await byId(2)).rows).toEqual([{ name: 'b' }]);
  });

  it('refuses a call that lacks a value the statement needs', async () => {
    expect(() => runStatement(db, 'items.byId', () => items().selectAll(), {})).toThrow(/needs the value id/);
  });

  it('keeps reads only: a write would run without the plugins that must see it', async () => {
    const rename = () =>
      runStatement(db, 'items.rename', (v) => db.updateTable('items' as never).set({ name: v('name') } as never).where('id' as never, '=', 1 as never), { name: 'z' });
    expect(rename).toThrow(/only reads/);
    expect((await byId(1)).rows).toEqual([{ name: 'a' }]);
  });
});
