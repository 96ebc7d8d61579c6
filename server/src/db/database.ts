import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  type DatabaseIntrospector,
  Kysely,
  type LogEvent,
  Migrator,
  PostgresDialect,
  sql,
} from 'kysely';
import type { DatabaseTimeouts } from '../config/env.js';
import pg from 'pg';
import { migrationProvider } from './migrations/index.js';
import { type Checkpointer, SAFETY_PAGES, startCheckpointer } from './sqlite-checkpointer.js';
import { BUSY_SLICE_MS, cachingStatements, SplitSqliteDialect, SplitSqliteDriver } from './sqlite-driver.js';
import type { Database } from './schema.js';

/** How much of a SQLite database file its connections map into memory (address space, 4 GiB). */
const SQLITE_MMAP_BYTES = 4 * 1024 ** 3;

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

// COUNT(*) and other int8 values arrive as strings from pg; every count here fits a double.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export interface OpenDbOptions {
  url: string;
  /** PostgreSQL only: run everything inside this schema (tests use a throwaway one). */
  schema?: string;
  poolSize?: number;
  /** Statement, lock and pool-wait bounds (config DatabaseTimeouts); defaults as config/env.ts. */
  timeouts?: Partial<Pick<DatabaseTimeouts, 'statementMs' | 'lockMs' | 'acquireMs'>>;
  /**
   * PostgreSQL: a pooled connection failed outside a query (the server restarted, an idle session
   * was killed). The connection is dropped and replaced on demand; this only reports it.
   */
  onConnectionError?: (err: Error) => void;
  /** Told the SQL of every statement run (diagnostics, and the tests of what a read depends on). */
  traceSql?: (sql: string) => void;
}

/**
 * The database could not be opened at all (a SQLite file in a directory that cannot be created or
 * written): a configuration error, reported at start with the path and the cause.
 */
export class DatabaseOpenError extends Error {
  constructor(
    readonly target: string,
    readonly reason: string,
  ) {
    super(`数据库无法打开 / The database cannot be opened: ${target}\n  ${reason}`);
    this.name = 'DatabaseOpenError';
  }
}

export interface OpenedDb {
  db: Db;
  dialect: Dialect;
  close: () => Promise<void>;
  /**
   * SQLite with a reading connection: its `PRAGMA data_version`, which changes whenever another
   * connection (this process's writer, another process) committed (db/change-notices.ts
   * `keepSqliteCaches`).
   */
  dataVersion?: () => number;
  /** SQLite on a file: the thread that runs its WAL checkpoints (sqlite-checkpointer.ts). */
  checkpointer?: Checkpointer;
}

export function openDatabase({ url, schema, poolSize = 10, timeouts = {}, onConnectionError, traceSql }: OpenDbOptions): OpenedDb {
  const { statementMs = 15_000, lockMs = 5_000, acquireMs = 5_000 } = timeouts;
  const log = traceSql && ((event: LogEvent) => traceSql(event.query.sql));
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const settings = [`-c statement_timeout=${statementMs}`, `-c lock_timeout=${lockMs}`, ...(schema ? [`-c search_path=${schema}`] : [])];
    const pool = new pg.Pool({
      connectionString: url,
      max: poolSize,
      // A call waits this long for a connection (all busy, or the server unreachable), then fails: 503.
      connectionTimeoutMillis: acquireMs,
      options: settings.join(' '),
    });
    // Without these a connection that dies while idle in the pool ('error' on the pool) or while
    // checked out between two queries ('error' on the client) is an unhandled 'error' event: the
    // process exits. The pool drops a broken connection (idle: at once; checked out: on release,
    // as no longer queryable) and opens a new one when next needed.
    const report = (err: Error) => onConnectionError?.(err);
    pool.on('error', report);
    pool.on('connect', (client) => {
      client.on('error', report);
      preparedStatements(client);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...(log && { log }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  if (!url.startsWith('sqlite:')) {
    throw new Error(`Unsupported DATABASE_URL "${url}": use sqlite:<file> or postgres://…`);
  }
  const file = url.slice('sqlite:'.length);
  const writer = openSqliteFile(file);
  // WAL with synchronous=NORMAL: a committed (acknowledged) write survives a crash or kill -9 of
  // the process; FULL would add an fsync per commit for power-loss safety of the last commits.
  writer.pragma('journal_mode = WAL');
  writer.pragma('synchronous = NORMAL');
  writer.pragma('foreign_keys = ON');
  // The writer keeps its temporary files in memory. What it writes there is statement journals:
  // a statement that may fail halfway inside a transaction (a multi-row insert, anything with a
  // foreign key or a trigger) first saves every page it changes, so that it can be undone alone.
  // On disk that journal spills to a temporary file past 64 KiB, and a group of ingested orders
  // changes a few hundred pages: ~1 ms of write() calls per group for a file nobody reads
  // (modules/tickets/README.md, *Performance notes*). In memory it costs what one statement
  // changes, for as long as the statement runs. The reader, where large sorts run, keeps the default.
  writer.pragma('temp_store = MEMORY');
  // better-sqlite3 waits for another process's write lock synchronously, blocking the event loop
  // for as long as busy_timeout: the writer waits in short slices and SplitSqliteDriver retries
  // between them, asynchronously, for DATABASE_LOCK_TIMEOUT_MS in all (then SQLITE_BUSY: 503).
  writer.pragma(`busy_timeout = ${BUSY_SLICE_MS}`);
  // Reads outside a transaction run on a second connection, so they never queue behind a write
  // waiting for another process's lock (WAL: readers are not blocked by writers). An in-memory
  // database cannot be opened twice: everything runs on the one connection there.
  let reader: SQLite.Database | null = null;
  if (file !== ':memory:') {
    reader = openSqliteFile(file);
    reader.pragma('query_only = ON');
    reader.pragma(`busy_timeout = ${BUSY_SLICE_MS}`);
  }
  // Both connections read the database file through a memory map: a page comes from the OS's
  // page cache without a read() into SQLite's own cache, which holds 2 MB by default. Searches
  // that scan a few designers' index ranges in turn (a few MB at 200,000 tickets) otherwise read
  // most pages again on every request (bench:tickets `客户N`: 6.3 → 3.6 ms of CPU a request, 161 →
  // 296 req/s; modules/tickets/README.md, *Performance notes*).
  // Address space only: the pages are the OS's, shared and reclaimable, not this process's heap.
  for (const c of [writer, reader]) c?.pragma(`mmap_size = ${SQLITE_MMAP_BYTES}`);
  // Checkpoints run on a thread of their own, not inside a request's commit (sqlite-checkpointer.ts);
  // the writer's own automatic checkpoint stays as a safety net far above what that thread leaves.
  const checkpointer = file === ':memory:' ? undefined : startCheckpointer(file);
  if (checkpointer) writer.pragma(`wal_autocheckpoint = ${SAFETY_PAGES}`);
  const driver = new SplitSqliteDriver(cachingStatements(writer), reader && cachingStatements(reader), lockMs);
  const db = new Kysely<Database>({ dialect: new SplitSqliteDialect(driver), ...(log && { log }) });
  const version = reader?.prepare('pragma data_version').pluck();
  const close = async () => {
    await checkpointer?.stop();
    await db.destroy();
  };
  return { db, dialect: 'sqlite', close, checkpointer, ...(version && { dataVersion: () => version.get() as number }) };
}

/** Opens (creating its directory) a SQLite file, or says which path failed and why. */
function openSqliteFile(file: string): SQLite.Database {
  const target = file === ':memory:' ? file : path.resolve(file);
  try {
    if (file !== ':memory:') fs.mkdirSync(path.dirname(target), { recursive: true });
    const sqlite = new SQLite(file);
    // Opening is lazy: a file that exists but is not readable or not a database fails here.
    sqlite.pragma('schema_version');
    return sqlite;
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    const cause = e.code ? `${e.code}: ${e.message}` : String(err);
    throw new DatabaseOpenError(target, `${cause}（请检查 DATA_DIR / DATABASE_URL 指向的目录是否存在且可写 / check that the directory of DATA_DIR or DATABASE_URL exists and is writable by this user）`);
  }
}

/**
 * Waits for the database to answer, retrying with backoff (250 ms doubling to 5 s) for `timeoutMs`
 * at most, and reports each wait through `waiting` (what it waits for, why, and for how long);
 * rejects with the last error once the time is up. The server starts only after this, so an
 * instance started while the database restarts or fails over comes up by itself.
 */
export async function waitForDatabase(
  db: Db,
  timeoutMs: number,
  waiting: (info: { attempt: number; retryInMs: number; error: string }) => void,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 1, delay = 250; ; attempt++, delay = Math.min(delay * 2, 5_000)) {
    try {
      await sql`select 1`.execute(db);
      return;
    } catch (err) {
      const left = deadline - Date.now();
      if (left <= 0) throw err;
      const retryInMs = Math.min(delay, left);
      waiting({ attempt, retryInMs, error: err instanceof Error ? err.message || (err as { code?: string }).code || err.name : String(err) });
      await new Promise((resolve) => setTimeout(resolve, retryInMs));
    }
  }
}

/** Where a database URL points, without its password (for log lines). */
export function describeDatabase(url: string): string {
  if (url.startsWith('sqlite:')) return url;
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.username ? `${u.username}@` : ''}${u.host}${u.pathname}`;
  } catch {
    return 'postgres://…';
  }
}

/**
 * PostgreSQL plans every unnamed statement anew: for a ticket list that is as much of the server's
 * work as running it. Each connection names its queries by their SQL text instead, so the server
 * parses and plans a text once per connection (then, after five runs, settles on a generic plan
 * when that costs no more than the custom ones: plan_cache_mode auto). Kysely compiles a query shape
 * to one text with the values as parameters, so the texts are few. Only plain DML is named:
 * transaction control and other utility statements go unnamed as before.
 */
function preparedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (config: unknown, values?: unknown) => Promise<unknown>;
  // Texts this connection runs unnamed: their prepared form went stale (below).
  const unnamed = new Set<string>();
  (client as { query: unknown }).query = (config: unknown, values?: unknown) => {
    if (typeof config !== 'string' || !Array.isArray(values) || !NAMEABLE.test(config) || unnamed.has(config)) return query(config, values);
    return query({ name: statementName(config), text: config, values }).catch((err: unknown) => {
      // A migration run by another instance changed a table under a prepared `select *`-like
      // statement: PostgreSQL refuses to run it ("cached plan must not change result type"). Run
      // it unnamed from now on (inside a transaction the transaction has already failed).
      if ((err as { code?: string }).code !== '0A000') throw err;
      unnamed.add(config);
      return query(config, values);
    });
  };
}

const NAMEABLE = /^\s*(select|insert|update|delete|with)\b/i;

/** A statement's name: a digest of its text (PostgreSQL names are at most 63 bytes). */
function statementName(text: string): string {
  return `k${createHash('sha1').update(text).digest('base64url')}`;
}

/**
 * Runs pending migrations. On PostgreSQL with a schema the migration tables are named in that
 * schema: Kysely's existence check otherwise sees another schema's tables (tests run many schemas
 * at once) and then fails to find its own.
 */
export async function migrateToLatest(db: Db, schema?: string): Promise<string[]> {
  const migrator = new Migrator({
    db: schema ? withSchemaIntrospection(db, schema) : db,
    provider: migrationProvider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * The database as the migrator sees it: its existence checks look at `schema` only. Kysely's own
 * introspection reads every schema's tables and calls `has_schema_privilege(name, …)` on each:
 * when another instance drops its schema meanwhile (the tests drop theirs as they finish), the
 * name no longer resolves and the check fails with "schema … does not exist". These statements
 * read the catalogue by the one schema's name and call no function that looks a name up.
 */
function withSchemaIntrospection(db: Db, schema: string): Db {
  const getTables = async () => {
    const { rows } = await sql<{ name: string; is_view: boolean }>`
      select c.relname as name, c.relkind = 'v' as is_view
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${schema} and c.relkind in ('r', 'p', 'v')`.execute(db);
    return rows.map((r) => ({ name: r.name, schema, isView: r.is_view, columns: [] }));
  };
  const introspection: DatabaseIntrospector = {
    getSchemas: async () => {
      const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace where nspname = ${schema}`.execute(db);
      return rows;
    },
    getTables,
    getMetadata: async () => ({ tables: await getTables() }),
  };
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'introspection') return introspection;
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Whether the database answers a trivial query within `timeoutMs` (readiness). */
export async function databaseReachable(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  const answer = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
  const result = await Promise.race([answer, late]);
  clearTimeout(timer);
  return result;
}
