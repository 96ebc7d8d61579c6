import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  type SqliteDatabase,
  type SqliteDialectConfig,
  SqliteDriver,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';
import { migrationProvider } from './migrations/index.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

// COUNT(*) and other int8 values arrive as strings from pg; every count here fits a double.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export interface OpenDbOptions {
  url: string;
  /** PostgreSQL only: run everything inside this schema (tests use a throwaway one). */
  schema?: string;
  poolSize?: number;
}

export interface OpenedDb {
  db: Db;
  dialect: Dialect;
  close: () => Promise<void>;
}

export function openDatabase({ url, schema, poolSize = 10 }: OpenDbOptions): OpenedDb {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const pool = new pg.Pool({
      connectionString: url,
      max: poolSize,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    pool.on('connect', preparedStatements);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  if (!url.startsWith('sqlite:')) {
    throw new Error(`Unsupported DATABASE_URL "${url}": use sqlite:<file> or postgres://…`);
  }
  const file = url.slice('sqlite:'.length);
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL with synchronous=NORMAL: a committed (acknowledged) write survives a crash or kill -9 of
  // the process; FULL would add an fsync per commit for power-loss safety of the last commits.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // How long a statement (and BEGIN IMMEDIATE) waits for another process's write lock before
  // SQLITE_BUSY. The wait blocks this process's event loop: write transactions stay short.
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: cachingStatements(sqlite) }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/**
 * Every SQLite transaction begins IMMEDIATE: it takes the database's write lock at BEGIN, waiting
 * for it on busy_timeout. Kysely's driver sends a plain (deferred) BEGIN, which takes the write
 * lock only at the first write; when another process (API_WORKERS > 1, or a second instance on
 * the same file) committed in between, that upgrade fails with SQLITE_BUSY at once, without
 * waiting, because the transaction's snapshot is already stale. IMMEDIATE also makes a transaction
 * exclusive among writers across processes, as it always was within one process (Kysely's SQLite
 * driver has one connection): reads inside it see no other writer's commit before it ends, which
 * the ticket service relies on (allocation ids after `sqlite_sequence`, conditional updates).
 *
 * A transaction begun `setAccessMode('read only')` stays deferred: it never writes, so it never
 * upgrades, and it must not hold other processes' writers back while it reads (WAL gives it a
 * snapshot either way).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection, settings?: TransactionSettings): Promise<void> {
    const readOnly = settings?.accessMode === 'read only';
    await connection.executeQuery(CompiledQuery.raw(readOnly ? 'begin deferred' : 'begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
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

/** Prepared statements kept per SQL text (least recently used out beyond this many). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every statement anew; preparing costs about as much as running a
 * small query. The same SQL text (Kysely compiles a query shape to the same text, values are
 * parameters) reuses its prepared statement. better-sqlite3 runs statements synchronously, so a
 * cached one is never in use twice; one still iterating (`busy`) is bypassed all the same.
 */
function cachingStatements(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare(text: string) {
      const hit = cache.get(text);
      if (hit && !hit.busy) {
        // Map order is insertion order: move the hit to the young end.
        cache.delete(text);
        cache.set(text, hit);
        return hit;
      }
      const stmt = sqlite.prepare(text);
      if (hit) return stmt;
      cache.set(text, stmt);
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      return stmt;
    },
  };
}

/**
 * Runs pending migrations. On PostgreSQL with a schema the migration tables are named in that
 * schema: Kysely's existence check otherwise sees another schema's tables (tests run many schemas
 * at once) and then fails to find its own.
 */
export async function migrateToLatest(db: Db, schema?: string): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
