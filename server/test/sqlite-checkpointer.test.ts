/**
 * SQLite's WAL checkpoints run on a thread of their own (db/sqlite-checkpointer.ts), not inside a
 * request's commit: committed rows reach the database file itself without any commit running a
 * checkpoint (the writer's automatic one is far above what these writes leave in the WAL).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { SAFETY_PAGES } from '../src/db/sqlite-checkpointer.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dwp-checkpoint-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The rows of table `t` in a copy of the database file alone, without its WAL. */
function rowsInFileAlone(file: string): number {
  const copy = path.join(dir, `copy-${Date.now()}.db`);
  fs.copyFileSync(file, copy);
  const db = new SQLite(copy, { readonly: true });
  try {
    const exists = db.prepare("select count(*) as n from sqlite_master where name = 't'").pluck().get() as number;
    return exists ? (db.prepare('select count(*) from t').pluck().get() as number) : -1;
  } finally {
    db.close();
  }
}

it('committed rows reach the database file from the checkpoint thread, not from a commit', async () => {
  const file = path.join(dir, 'app.db');
  const opened = openDatabase({ url: `sqlite:${file}` });
  try {
    expect(opened.checkpointer).toBeDefined();
    await sql`create table t (id integer primary key, body text not null)`.execute(opened.db);
    const body = 'x'.repeat(2_000);
    for (let i = 0; i < 200; i++) await opened.db.insertInto('t' as never).values({ body } as never).execute();
    // ~100 pages of WAL: far below the writer's own checkpoint.
    expect(200 * 2_000).toBeLessThan(SAFETY_PAGES * 4096);
    const started = Date.now();
    while (rowsInFileAlone(file) !== 200) {
      if (Date.now() - started > 5_000) throw new Error(`the file alone holds ${rowsInFileAlone(file)} rows after 5 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await opened.checkpointer!.rounds()).toBeGreaterThan(0);
  } finally {
    await opened.close();
  }
});

it('an in-memory database has no checkpoint thread', async () => {
  const opened = openDatabase({ url: 'sqlite::memory:' });
  expect(opened.checkpointer).toBeUndefined();
  await opened.close();
});
