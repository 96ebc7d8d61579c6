/**
 * The SQLite writer keeps its statement journals in memory (db/database.ts): a statement that fails
 * halfway inside a transaction is still undone alone, however many pages it had changed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dwp-writer-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('the writer keeps temporary files in memory, and a failed statement is undone alone', async () => {
  const opened = openDatabase({ url: `sqlite:${path.join(dir, 'app.db')}` });
  try {
    const { rows } = await sql<{ temp_store: number }>`pragma temp_store`.execute(opened.db);
    expect(rows[0]!.temp_store).toBe(2);
    await sql`create table t (id integer primary key, body text not null unique)`.execute(opened.db);
    const body = (i: number) => `${i}:${'x'.repeat(1_000)}`;
    // 300 rows of ~1 KB with an index on the text: far past the 64 KiB where a journal on disk spills to a file.
    const rowsOf = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => ({ body: body(from + k) }));
    await opened.db.transaction().execute(async (trx) => {
      await trx.insertInto('t' as never).values(rowsOf(0, 300) as never).execute();
      // The second statement's last row repeats the first row's text: the statement fails after 299 rows.
      const failing = [...rowsOf(300, 599), { body: body(0) }];
      await expect(trx.insertInto('t' as never).values(failing as never).execute()).rejects.toThrow(/UNIQUE/);
      await trx.insertInto('t' as never).values({ body: 'after' } as never).execute();
    });
    const count = await sql<{ n: number }>`select count(*) as n from t`.execute(opened.db);
    expect(count.rows[0]!.n).toBe(301);
    const last = await sql<{ body: string }>`select body from t order by id desc limit 1`.execute(opened.db);
    expect(last.rows[0]!.body).toBe('after');
  } finally {
    await opened.close();
  }
});
