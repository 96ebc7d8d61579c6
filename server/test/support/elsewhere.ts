/**
 * A statement run on a connection of the test's own to the app's database, as another process (a
 * worker, another instance, a script) would: what a process keeps in memory must follow it.
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { PG_URL, type TestApp } from './harness.js';

/** Runs one statement (`?` placeholders) on a connection of its own. */
export async function elsewhere(t: TestApp, text: string, values: unknown[]): Promise<void> {
  if (t.dialect === 'sqlite') {
    const other = new SQLite(path.join(t.database.dataDir, 'app.db'));
    try {
      other.pragma('busy_timeout = 5000');
      other.prepare(text).run(...values);
    } finally {
      other.close();
    }
    return;
  }
  const c = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${t.database.dbSchema}` });
  await c.connect();
  try {
    await c.query(text.replace(/\?/g, (_, i: number) => `$${text.slice(0, i).split('?').length}`), values);
  } finally {
    await c.end();
  }
}
