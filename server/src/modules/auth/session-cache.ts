/**
 * On PostgreSQL each process keeps the sessions it has looked up. Every authenticated request
 * looks its token up; on PostgreSQL that is a round trip of its own, and it was a third of a
 * ticket list's cost (bench/tickets). SQLite looks a session up in-process in ~16 µs and keeps
 * nothing.
 *
 * A kept session is as fresh as the database, whichever process or instance changes it:
 * - the database notifies channel `dwp_auth_changed` with `<schema>:<designer id>` when a designer's
 *   row or one of their sessions changes, once the change commits (migration
 *   20261127T1000_auth_notify); each process listens on a connection of its own and drops that
 *   designer's sessions;
 * - this process's own UPDATE or DELETE of designers or sessions drops every kept session when the
 *   statement is sent and again when it is answered (a Kysely plugin on the app's database), so
 *   the next request after a change never waits for the notice;
 * - a lookup that began before any of these is not kept: its row may predate the change
 *   (`begin` / `put` compare a generation);
 * - while the listener is not connected nothing is kept or served from memory (notices could be
 *   missed); it reconnects with backoff, and a fresh connection starts from an empty cache;
 * - a kept session is served until it expires, and for at most MAX_AGE_MS.
 *
 * What remains is the window of any concurrent change: a request of the same designer that looks
 * its session up while another request's transaction has changed it but not yet committed reads
 * (and keeps) the committed row, until the notice arrives a moment after the commit.
 */
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import pg from 'pg';
import type { Db } from '../../db/database.js';
import type { Designer } from '../../db/schema.js';

export interface FoundSession {
  designer: Designer;
  sessionId: string;
}

interface Kept {
  found: FoundSession;
  expiresAtMs: number;
  keptAtMs: number;
}

export const AUTH_CHANNEL = 'dwp_auth_changed';
/** The longest a looked-up session is served from memory. */
export const MAX_AGE_MS = 60_000;
/** Sessions kept per process (the least recently used go first). */
const MAX_ENTRIES = 20_000;
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

export class SessionCache {
  readonly #kept = new Map<string, Kept>();
  readonly #tokensOf = new Map<number, Set<string>>();
  #generation = 0;
  #live = false;

  /** Whether sessions are kept (the listener is connected). */
  get live(): boolean {
    return this.#live;
  }

  get size(): number {
    return this.#kept.size;
  }

  /** The kept session of a token, if live, unexpired and younger than MAX_AGE_MS. */
  get(token: string, nowMs: number): FoundSession | undefined {
    if (!this.#live) return undefined;
    const kept = this.#kept.get(token);
    if (!kept) return undefined;
    if (kept.expiresAtMs <= nowMs || nowMs - kept.keptAtMs >= MAX_AGE_MS) {
      this.#drop(token, kept);
      return undefined;
    }
    this.#kept.delete(token);
    this.#kept.set(token, kept);
    return kept.found;
  }

  /** Taken before a lookup's query; `put` keeps its result only if nothing changed meanwhile. */
  begin(): number {
    return this.#live ? this.#generation : -1;
  }

  put(begun: number, token: string, found: FoundSession, expiresAt: string, nowMs: number): void {
    if (!this.#live || begun !== this.#generation) return;
    const expiresAtMs = Date.parse(expiresAt);
    if (!(expiresAtMs > nowMs)) return;
    const old = this.#kept.get(token);
    if (old) this.#drop(token, old);
    Object.freeze(found.designer);
    this.#kept.set(token, { found: Object.freeze(found), expiresAtMs, keptAtMs: nowMs });
    const id = found.designer.id;
    let tokens = this.#tokensOf.get(id);
    if (!tokens) {
      tokens = new Set();
      this.#tokensOf.set(id, tokens);
    }
    tokens.add(token);
    if (this.#kept.size > MAX_ENTRIES) {
      const [oldest, entry] = this.#kept.entries().next().value!;
      this.#drop(oldest, entry);
    }
  }

  /** A designer's row or sessions changed: drop what is kept of them. */
  changed(designerId: number): void {
    this.#generation++;
    const tokens = this.#tokensOf.get(designerId);
    if (!tokens) return;
    this.#tokensOf.delete(designerId);
    for (const token of tokens) this.#kept.delete(token);
  }

  /** Something changed that may concern any kept session. */
  changedAll(): void {
    this.#generation++;
    this.#kept.clear();
    this.#tokensOf.clear();
  }

  /** Starts or stops keeping sessions; either way from an empty cache. */
  setLive(live: boolean): void {
    this.#live = live;
    this.changedAll();
  }

  #drop(token: string, kept: Kept): void {
    this.#kept.delete(token);
    const id = kept.found.designer.id;
    const tokens = this.#tokensOf.get(id);
    tokens?.delete(token);
    if (tokens?.size === 0) this.#tokensOf.delete(id);
  }
}

const listeners = new WeakMap<Db, SessionListener>();

/** The session cache of a database (the app's, on PostgreSQL), if any. */
export function sessionCacheOf(db: Db): SessionCache | undefined {
  return listeners.get(db)?.cache;
}

/** The session listener of a database (the app's, on PostgreSQL), if any. */
export function sessionListenerOf(db: Db): SessionListener | undefined {
  return listeners.get(db);
}

const AUTH_TABLES = new Set(['designers', 'sessions']);

function tableName(node: unknown): string | undefined {
  const n = node as { kind?: string; node?: unknown; table?: { identifier?: { name?: string } } } | undefined;
  if (n?.kind === 'AliasNode') return tableName(n.node);
  return n?.kind === 'TableNode' ? n.table?.identifier?.name : undefined;
}

/** Whether a statement updates or deletes rows of designers or sessions. */
function writesAuth(node: RootOperationNode): boolean {
  if (node.kind === 'UpdateQueryNode') return AUTH_TABLES.has(tableName(node.table) ?? '');
  if (node.kind === 'DeleteQueryNode') return node.from.froms.some((f) => AUTH_TABLES.has(tableName(f) ?? ''));
  return false;
}

/** Drops every kept session around this process's own writes to designers and sessions. */
class AuthWrites implements KyselyPlugin {
  readonly #writes = new WeakSet<object>();

  constructor(private readonly cache: SessionCache) {}

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (writesAuth(node)) {
      this.#writes.add(queryId);
      this.cache.changedAll();
    }
    return node;
  }

  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.#writes.has(queryId)) this.cache.changedAll();
    return result;
  }
}

export interface SessionListener {
  /** The app's database: `db` with the plugin that watches this process's writes. */
  readonly db: Db;
  readonly cache: SessionCache;
  /** The PostgreSQL backend of the listening connection while it is connected. */
  readonly backendPid: number | undefined;
  stop(): Promise<void>;
}

interface Logger {
  warn(obj: object, msg: string): void;
}

/**
 * Starts keeping sessions for `db`: listens on a connection of its own (a direct session, not
 * through a transaction-mode pooler, which cannot LISTEN). Resolves once the first attempt to
 * listen succeeded or failed; a failed or lost connection is retried in the background, and
 * sessions are looked up every time meanwhile.
 */
export async function startSessionListener(base: Db, options: { url: string; schema?: string; log: Logger }): Promise<SessionListener> {
  const cache = new SessionCache();
  const db = base.withPlugin(new AuthWrites(cache));
  let stopped = false;
  let client: pg.Client | undefined;
  let retryMs = RECONNECT_MIN_MS;
  let timer: NodeJS.Timeout | undefined;
  let backendPid: number | undefined;

  const lost = (c: pg.Client, err?: unknown) => {
    if (client !== c) return;
    client = undefined;
    backendPid = undefined;
    cache.setLive(false);
    c.end().catch(() => undefined);
    if (stopped) return;
    options.log.warn({ err, retryInMs: retryMs }, 'session listener lost its connection; sessions are looked up every time until it is back');
    timer = setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
  };

  async function connect(): Promise<void> {
    timer = undefined;
    const c = new pg.Client({
      connectionString: options.url,
      application_name: 'dwp-session-listener',
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    client = c;
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      const { rows } = await c.query<{ schema: string; pid: number }>('select current_schema() as schema, pg_backend_pid() as pid');
      // Notices name the schema of the changed table: this app's tables are in its current schema.
      if (!rows[0]!.schema) throw new Error('the session listener found no current schema');
      const prefix = `${rows[0]!.schema}:`;
      c.on('notification', (n) => {
        if (n.channel !== AUTH_CHANNEL || !n.payload?.startsWith(prefix)) return;
        const id = Number(n.payload.slice(prefix.length));
        if (Number.isInteger(id)) cache.changed(id);
      });
      await c.query(`listen ${AUTH_CHANNEL}`);
      if (client !== c || stopped) return;
      retryMs = RECONNECT_MIN_MS;
      backendPid = rows[0]!.pid;
      cache.setLive(true);
    } catch (err) {
      lost(c, err);
    }
  }

  const listener: SessionListener = {
    db,
    cache,
    get backendPid() {
      return backendPid;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = undefined;
      backendPid = undefined;
      cache.setLive(false);
      listeners.delete(db);
      await c?.end().catch(() => undefined);
    },
  };
  listeners.set(db, listener);
  await connect();
  return listener;
}
