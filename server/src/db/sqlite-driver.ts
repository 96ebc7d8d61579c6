/**
 * SQLite for the server: one writing and one reading better-sqlite3 connection behind Kysely
 * (docs/decisions.md, *Data and database*), with statements prepared once per text.
 */
import SQLite from 'better-sqlite3';
import { CompiledQuery, type DatabaseConnection, type Driver, type QueryResult, SqliteDialect, type SqliteDatabase, type TransactionSettings } from 'kysely';

/** How long one synchronous wait for another process's SQLite write lock may block the event loop. */
export const BUSY_SLICE_MS = 20;
/** The pause between two such waits, when the event loop serves everything else. */
const BUSY_PAUSE_MS = 30;

const isBusy = (err: unknown) => typeof (err as { code?: unknown })?.code === 'string' && /^SQLITE_BUSY/.test((err as { code: string }).code);
/** Statements that may be answered by the reader (if better-sqlite3 also finds them read-only). */
const QUERY_TEXT = /^\s*(select|with|values)\b/i;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A better-sqlite3 database whose statements are prepared once per text (cachingStatements). */
export interface CachedSqlite {
  prepare(text: string): SQLite.Statement;
  close(): void;
}

/** Runs a compiled query on a better-sqlite3 database, as Kysely's own SQLite driver does. */
function runOn(db: CachedSqlite, { sql: text, parameters }: CompiledQuery): QueryResult<unknown> {
  return runStatement(db.prepare(text), parameters);
}

function runStatement(stmt: SQLite.Statement, parameters: readonly unknown[]): QueryResult<unknown> {
  if (stmt.reader) return { rows: stmt.all(parameters) as unknown[] };
  const { changes, lastInsertRowid } = stmt.run(parameters);
  return {
    numAffectedRows: changes !== undefined && changes !== null ? BigInt(changes) : undefined,
    insertId: lastInsertRowid !== undefined && lastInsertRowid !== null ? BigInt(lastInsertRowid) : undefined,
    rows: [],
  };
}

/**
 * SQLite with one writing connection and one reading connection (docs/decisions.md, *Data and
 * database*).
 *
 * - Writes and transactions take turns on the writer (an async mutex, as in Kysely's own driver).
 *   Every write transaction begins IMMEDIATE: it takes the database's write lock at BEGIN. Kysely's
 *   plain (deferred) BEGIN takes it only at the first write; when another process (API_WORKERS >
 *   1, or a second instance on the same file) committed in between, that upgrade fails with
 *   SQLITE_BUSY at once, because the transaction's snapshot is already stale. IMMEDIATE also makes
 *   a transaction exclusive among writers across processes: reads inside it see no other writer's
 *   commit before it ends, which the ticket service relies on (allocation ids after
 *   `sqlite_sequence`, conditional updates). A transaction begun `setAccessMode('read only')`
 *   stays deferred: it never writes, and must not hold other processes' writers back.
 * - Waiting for another process's write lock happens in slices of BUSY_SLICE_MS with pauses in
 *   between, up to the lock timeout, so the event loop is never blocked for longer than a slice.
 * - A statement outside a transaction that does not write (better-sqlite3's `readonly`) runs on
 *   the reader at once: it never waits behind a write, however long that write waits for a lock.
 *   It sees every commit made before it, this process's included.
 */
export class SplitSqliteDriver implements Driver {
  readonly #turns = new Turns();

  constructor(
    readonly writer: CachedSqlite,
    readonly reader: CachedSqlite | null,
    readonly lockMs: number,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new SplitSqliteConnection(this);
  }

  /** Runs on the writer, waiting in slices for another process's lock until the lock timeout. */
  async write(query: CompiledQuery): Promise<QueryResult<unknown>> {
    return this.patiently(() => runOn(this.writer, query));
  }

  /**
   * Runs `run`, and while SQLite answers SQLITE_BUSY runs it again after a pause, until the lock
   * timeout. A reader can be busy too, briefly (another process resetting or checkpointing the WAL).
   */
  async patiently<T>(run: () => T): Promise<T> {
    const deadline = Date.now() + this.lockMs;
    for (;;) {
      try {
        return run();
      } catch (err) {
        if (!isBusy(err) || Date.now() >= deadline) throw err;
      }
      await pause(Math.min(BUSY_PAUSE_MS, Math.max(0, deadline - Date.now())));
    }
  }

  /** The writer's turn, for one statement or a whole transaction. */
  takeTurn(): Promise<void> {
    return this.#turns.take();
  }

  endTurn(): void {
    this.#turns.end();
  }

  async beginTransaction(connection: SplitSqliteConnection, settings?: TransactionSettings): Promise<void> {
    await connection.holdWriter();
    const readOnly = settings?.accessMode === 'read only';
    await this.write(CompiledQuery.raw(readOnly ? 'begin deferred' : 'begin immediate'));
  }

  async commitTransaction(): Promise<void> {
    await this.write(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(): Promise<void> {
    runOn(this.writer, CompiledQuery.raw('rollback'));
  }

  // Savepoints run inside a transaction, so on the writer. Kysely names them itself.
  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint "${name}"`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint "${name}"`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint "${name}"`));
  }

  async releaseConnection(connection: SplitSqliteConnection): Promise<void> {
    connection.releaseWriter();
  }

  async destroy(): Promise<void> {
    this.writer.close();
    this.reader?.close();
  }
}

/** One use of the driver: a statement, or a transaction that holds the writer's turn until released. */
class SplitSqliteConnection implements DatabaseConnection {
  #holding = false;

  constructor(readonly driver: SplitSqliteDriver) {}

  async holdWriter(): Promise<void> {
    if (this.#holding) return;
    await this.driver.takeTurn();
    this.#holding = true;
  }

  releaseWriter(): void {
    if (!this.#holding) return;
    this.#holding = false;
    this.driver.endTurn();
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { writer, reader } = this.driver;
    if (this.#holding) return runOn(writer, query) as QueryResult<R>;
    // A query (not a pragma: those set the connection they run on) that writes nothing.
    if (reader && QUERY_TEXT.test(query.sql)) {
      const stmt = reader.prepare(query.sql);
      if (stmt.readonly) return (await this.driver.patiently(() => runStatement(stmt, query.parameters))) as QueryResult<R>;
    }
    await this.driver.takeTurn();
    try {
      return (await this.driver.write(query)) as QueryResult<R>;
    } finally {
      this.driver.endTurn();
    }
  }

  // eslint-disable-next-line require-yield -- no caller streams from SQLite; refused as Kysely's driver refuses non-selects
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported on SQLite here: page through the rows instead');
  }
}

/** Turns on the writer, in arrival order (Kysely's SQLite driver keeps the same kind of mutex). */
class Turns {
  #current: Promise<void> | undefined;
  #release: (() => void) | undefined;

  async take(): Promise<void> {
    while (this.#current) await this.#current;
    this.#current = new Promise((resolve) => (this.#release = resolve));
  }

  end(): void {
    const release = this.#release;
    this.#current = undefined;
    this.#release = undefined;
    release?.();
  }
}

export class SplitSqliteDialect extends SqliteDialect {
  constructor(readonly driver: SplitSqliteDriver) {
    // The driver is made here already; the config's database is never opened by the dialect.
    super({ database: driver.writer as unknown as SqliteDatabase });
  }

  override createDriver(): Driver {
    return this.driver;
  }
}

/** Prepared statements kept per SQL text (least recently used out beyond this many). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every statement anew; preparing costs about as much as running a
 * small query. The same SQL text (Kysely compiles a query shape to the same text, values are
 * parameters) reuses its prepared statement. better-sqlite3 runs statements synchronously, so a
 * cached one is never in use twice; one still iterating (`busy`) is bypassed all the same.
 */
export function cachingStatements(sqlite: SQLite.Database): CachedSqlite {
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
