/**
 * One file on purpose (~435 lines): the cache, the PostgreSQL listener, the plugin that sees this
 * process's writes and SQLite's versioned caches share one rule set (begin/put generations, what a
 * change drops); split apart, each half would have to re-state it. The next split, when it grows:
 * `sqlite-caches.ts` for `VersionedCache` and `keepSqliteCaches`.
 *
 * What one process may keep of the database in memory, and how it learns that it changed (on
 * PostgreSQL; SQLite, whose every commit changes one version number, see `keepSqliteCaches` at
 * the end). Four things are worth keeping, because each cost a round trip or a scan on every
 * request (bench/tickets):
 * - `sessions`: the session and designer behind a token (every authenticated request looks it up);
 * - `ticketCounts`: the total of a designer's or a team's filtered ticket list (counting a
 *   designer's ~1,350 index entries was a third of a list's work in PostgreSQL);
 * - `homes`: a designer's whole workbench home (about twenty statements; a lead's counts a team's
 *   ~20,000 open tickets). Coarse, as on SQLite: a change to any table a home reads (`HOME_TABLES`,
 *   notified once per transaction with `<schema>:*`) drops every home kept;
 * - `templateVersions`: the numbers of `template_versions` (modules/templates: what a process keeps
 *   of the library is checked against them before every list), so a search needs no round trip.
 * On SQLite all three are kept too, and list pages (`keepSqliteCaches`).
 *
 * What is kept is as fresh as the database, whichever process or instance changes it:
 * - triggers notify a channel per cache with `<schema>:<designer id>` (or `<schema>:t<team id>`)
 *   when a row the cache depends on changes, once the change commits (migration
 *   20261127T1000_change_notices); each process listens on a connection of its own and drops what
 *   it keeps of that designer (or team);
 * - this process's own writes (INSERT, UPDATE, DELETE, through Kysely's builders) to a cache's
 *   tables drop everything that cache keeps, when the statement is sent and again when it is
 *   answered (a Kysely plugin on the app's database), so the next request after a change never
 *   waits for the notice; raw `sql` writes are only seen through their notice;
 * - a value whose owner changed (or everything did) after it began to be read is not kept: its
 *   rows may predate the change (`begin` / `put` compare a counter of changes; the last change of
 *   each owner notified since the cache last emptied is remembered, at most one per designer and
 *   team);
 * - while the listener is not connected nothing is kept or served (notices could be missed); it
 *   reconnects with backoff, and a fresh connection starts from empty caches;
 * - nothing is served after its own expiry or after MAX_AGE_MS.
 *
 * What remains is the window of any concurrent change: a request that reads while another
 * request's transaction has changed a row but not yet committed reads (and keeps) the committed
 * row until the notice arrives, a moment after the commit.
 */
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import pg from 'pg';
import type { Db } from './database.js';

/**
 * Every table a workbench home reads (modules/workbench): a change to any of them drops every kept
 * home, as on SQLite. server/test/home-notices.test.ts checks that a home reads no other table.
 */
export const HOME_TABLES = [
  'allocations',
  'announcement_products',
  'announcement_reads',
  'announcements',
  'designer_loads',
  'designer_products',
  'designers',
  'exams',
  'messages',
  'order_plan_cells',
  'order_plans',
  'products',
  'ticket_events',
  'tickets',
  'workbench_preferences',
] as const;

/**
 * Every table whose writes move `template_versions` (migration 20261208T1000_template_versions):
 * its triggers notify `dwp_templates_changed` with `<schema>:*` on PostgreSQL.
 */
export const TEMPLATE_TABLES = ['designers', 'products', 'template_favourites', 'template_files', 'template_products', 'template_tags', 'templates'] as const;

/** The caches, the channel their triggers notify and the tables whose writes concern them. */
export const NOTICE_CACHES = {
  sessions: { channel: 'dwp_auth_changed', tables: ['designers', 'sessions'] },
  ticketCounts: { channel: 'dwp_tickets_changed', tables: ['tickets'] },
  homes: { channel: 'dwp_homes_changed', tables: HOME_TABLES },
  templateVersions: { channel: 'dwp_templates_changed', tables: TEMPLATE_TABLES },
} as const;
export type NoticeCacheName = keyof typeof NOTICE_CACHES;

/** The longest anything is served from memory. */
export const MAX_AGE_MS = 60_000;
/** Entries per cache and process (the least recently used go first). */
const MAX_ENTRIES = 20_000;
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

interface Entry<T> {
  value: T;
  owner: number;
  expiresAtMs: number;
  keptAtMs: number;
}

/**
 * Values by key, each owned by one designer or team (whose notice drops it). Owners are numbers:
 * a designer's id, or minus a team's id (`teamOwner`).
 */
export class NoticeCache<T> {
  readonly #kept = new Map<string, Entry<T>>();
  readonly #keysOf = new Map<number, Set<string>>();
  /** A counter of changes; and when each owner (or everything) last changed, by that counter. */
  #generation = 0;
  readonly #ownerChangedAt = new Map<number, number>();
  #allChangedAt = 0;
  #live = false;

  /** `maxEntries`: at most this many values (the least recently used go first). */
  constructor(private readonly maxEntries = MAX_ENTRIES) {}

  /** Whether values are kept (the listener is connected). */
  get live(): boolean {
    return this.#live;
  }

  get size(): number {
    return this.#kept.size;
  }

  /** The kept value of a key, if live, unexpired and younger than MAX_AGE_MS. */
  get(key: string, nowMs: number): T | undefined {
    if (!this.#live) return undefined;
    const entry = this.#kept.get(key);
    if (!entry) return undefined;
    if (entry.expiresAtMs <= nowMs || nowMs - entry.keptAtMs >= MAX_AGE_MS) {
      this.#drop(key, entry);
      return undefined;
    }
    this.#kept.delete(key);
    this.#kept.set(key, entry);
    return entry.value;
  }

  /** Taken before reading a value; `put` keeps it only if its owner did not change meanwhile. */
  begin(): number {
    return this.#live ? this.#generation : -1;
  }

  put(begun: number, key: string, owner: number, value: T, nowMs: number, expiresAtMs = Number.POSITIVE_INFINITY): void {
    if (!this.#live || begun < this.#allChangedAt || (this.#ownerChangedAt.get(owner) ?? 0) > begun || !(expiresAtMs > nowMs)) return;
    const old = this.#kept.get(key);
    if (old) this.#drop(key, old);
    this.#kept.set(key, { value, owner, expiresAtMs, keptAtMs: nowMs });
    let keys = this.#keysOf.get(owner);
    if (!keys) {
      keys = new Set();
      this.#keysOf.set(owner, keys);
    }
    keys.add(key);
    if (this.#kept.size > this.maxEntries) {
      const [oldest, entry] = this.#kept.entries().next().value!;
      this.#drop(oldest, entry);
    }
  }

  /** Something of an owner changed: drop what it owns. */
  changed(owner: number): void {
    this.#ownerChangedAt.set(owner, ++this.#generation);
    const keys = this.#keysOf.get(owner);
    if (!keys) return;
    this.#keysOf.delete(owner);
    for (const key of keys) this.#kept.delete(key);
  }

  /** Something changed that may concern anything kept. */
  changedAll(): void {
    this.#allChangedAt = ++this.#generation;
    // Every value begun before now is refused by #allChangedAt: the owners' marks are not needed.
    this.#ownerChangedAt.clear();
    this.#kept.clear();
    this.#keysOf.clear();
  }

  /** Starts or stops keeping values; either way from empty. */
  setLive(live: boolean): void {
    this.#live = live;
    this.changedAll();
  }

  #drop(key: string, entry: Entry<T>): void {
    this.#kept.delete(key);
    const keys = this.#keysOf.get(entry.owner);
    keys?.delete(key);
    if (keys?.size === 0) this.#keysOf.delete(entry.owner);
  }
}

export interface ChangeNotices {
  /** The app's database: the base one with the plugin that watches this process's writes. */
  readonly db: Db;
  readonly caches: { readonly [K in NoticeCacheName]: NoticeCache<unknown> };
  /** The PostgreSQL backend of the listening connection while it is connected. */
  readonly backendPid: number | undefined;
  stop(): Promise<void>;
}

const started = new WeakMap<Db, ChangeNotices>();

/** The owner number of a team's values (designer ids are positive). */
export function teamOwner(teamId: number): number {
  return -teamId;
}

/** A cache of the app's database (on PostgreSQL, once its listener started; on SQLite, `keepSqliteCaches`), if any. */
export function noticeCache<T>(db: Db, name: NoticeCacheName): NoticeCache<T> | undefined {
  const cache = started.get(db)?.caches[name] ?? sqliteCaches.get(db)?.[name];
  return cache as NoticeCache<T> | undefined;
}

/** The change notices of the app's database, if any. */
export function changeNoticesOf(db: Db): ChangeNotices | undefined {
  return started.get(db);
}

function tableName(node: unknown): string | undefined {
  const n = node as { kind?: string; node?: unknown; table?: { identifier?: { name?: string } } } | undefined;
  if (n?.kind === 'AliasNode') return tableName(n.node);
  return n?.kind === 'TableNode' ? n.table?.identifier?.name : undefined;
}

/** The tables a statement inserts into, updates or deletes from. */
function writtenTables(node: RootOperationNode): (string | undefined)[] {
  switch (node.kind) {
    case 'InsertQueryNode':
      return [tableName(node.into)];
    case 'UpdateQueryNode':
      return [tableName(node.table)];
    case 'DeleteQueryNode':
      return node.from.froms.map(tableName);
    default:
      return [];
  }
}

/** Drops what a cache keeps around this process's own writes to its tables. */
class LocalWrites implements KyselyPlugin {
  readonly #writes = new WeakMap<object, NoticeCache<unknown>[]>();

  constructor(private readonly byTable: Map<string, NoticeCache<unknown>[]>) {}

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    const caches = writtenTables(node).flatMap((t) => (t && this.byTable.get(t)) || []);
    if (caches.length) {
      this.#writes.set(queryId, caches);
      for (const c of caches) c.changedAll();
    }
    return node;
  }

  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const caches = this.#writes.get(queryId);
    if (caches) for (const c of caches) c.changedAll();
    return result;
  }
}

interface Logger {
  warn(obj: object, msg: string): void;
}

/**
 * Starts the caches of `base`: listens on a connection of its own (a direct session: a
 * transaction-mode pooler cannot LISTEN). Resolves once the first attempt to listen succeeded or
 * failed; a failed or lost connection is retried in the background, and everything is read from
 * the database meanwhile.
 */
export async function startChangeNotices(base: Db, options: { url: string; schema?: string; log: Logger }): Promise<ChangeNotices> {
  const caches = { sessions: new NoticeCache<unknown>(), ticketCounts: new NoticeCache<unknown>(), homes: new NoticeCache<unknown>(PAGES_KEPT), templateVersions: new NoticeCache<unknown>(1) };
  const all = Object.values(caches);
  const byChannel = new Map<string, NoticeCache<unknown>>();
  const byTable = new Map<string, NoticeCache<unknown>[]>();
  for (const name of Object.keys(NOTICE_CACHES) as NoticeCacheName[]) {
    byChannel.set(NOTICE_CACHES[name].channel, caches[name]);
    for (const table of NOTICE_CACHES[name].tables) byTable.set(table, [...(byTable.get(table) ?? []), caches[name]]);
  }
  const db = base.withPlugin(new LocalWrites(byTable));
  const setLive = (live: boolean) => {
    for (const c of all) c.setLive(live);
  };
  let stopped = false;
  let client: pg.Client | undefined;
  let retryMs = RECONNECT_MIN_MS;
  let timer: NodeJS.Timeout | undefined;
  let backendPid: number | undefined;

  const lost = (c: pg.Client, err?: unknown) => {
    if (client !== c) return;
    client = undefined;
    backendPid = undefined;
    setLive(false);
    c.end().catch(() => undefined);
    if (stopped) return;
    options.log.warn({ err, retryInMs: retryMs }, 'change notices: the listening connection was lost; everything is read from the database until it is back');
    timer = setTimeout(connect, retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
  };

  async function connect(): Promise<void> {
    timer = undefined;
    const c = new pg.Client({
      connectionString: options.url,
      application_name: 'dwp-change-notices',
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    client = c;
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      const { rows } = await c.query<{ schema: string | null; pid: number }>('select current_schema() as schema, pg_backend_pid() as pid');
      // Notices name the schema of the changed table: this app's tables are in its current schema.
      if (!rows[0]!.schema) throw new Error('change notices: the connection has no current schema');
      const prefix = `${rows[0]!.schema}:`;
      c.on('notification', (n) => {
        const cache = byChannel.get(n.channel);
        if (!cache || !n.payload?.startsWith(prefix)) return;
        const named = n.payload.slice(prefix.length);
        if (named === '*') {
          cache.changedAll();
          return;
        }
        const id = named.startsWith('t') ? teamOwner(Number(named.slice(1))) : Number(named);
        if (Number.isInteger(id)) cache.changed(id);
      });
      for (const channel of byChannel.keys()) await c.query(`listen ${channel}`);
      if (client !== c || stopped) return;
      retryMs = RECONNECT_MIN_MS;
      backendPid = rows[0]!.pid;
      setLive(true);
    } catch (err) {
      lost(c, err);
    }
  }

  const notices: ChangeNotices = {
    db,
    caches,
    get backendPid() {
      return backendPid;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = undefined;
      backendPid = undefined;
      setLive(false);
      started.delete(db);
      await c?.end().catch(() => undefined);
    },
  };
  started.set(db, notices);
  await connect();
  return notices;
}

/**
 * SQLite: what this process keeps (list totals and pages, sessions), dropped whenever anything was
 * committed to the database since it was read, by any process (API_WORKERS) or connection. Before
 * every use the cache asks the reading connection for `PRAGMA data_version`, which changes when
 * another connection (this process's writer included) committed; a changed version drops
 * everything kept. Exact at the cost of coarseness: any commit, of any table, drops every value.
 * A value begun before a commit and kept after it is dropped by the next use, which sees the new
 * version.
 */
class VersionedCache<T> extends NoticeCache<T> {
  #seen: number;

  constructor(
    private readonly version: () => number,
    maxEntries?: number,
  ) {
    super(maxEntries);
    this.#seen = version();
    this.setLive(true);
  }

  #sync(): void {
    let now: number;
    try {
      now = this.version();
    } catch {
      // The reader was busy (another process resetting the WAL): assume a change; NaN equals no
      // later version, so what is kept meanwhile is dropped at the next use too.
      now = Number.NaN;
    }
    if (now === this.#seen) return;
    this.#seen = now;
    this.changedAll();
  }

  override get(key: string, nowMs: number): T | undefined {
    this.#sync();
    return super.get(key, nowMs);
  }

  override begin(): number {
    this.#sync();
    return super.begin();
  }
}

/**
 * What SQLite keeps per process: `ticketCounts`, `sessions` and `homes` as on PostgreSQL (same keys
 * and values); `ticketPages`, a list request's whole answer (SQLite only: on PostgreSQL no notice
 * covers everything a list row shows, comments included).
 */
export type SqliteCacheName = 'ticketCounts' | 'sessions' | 'ticketPages' | 'homes' | 'templateVersions';
/** List answers and homes kept per process (each a few KB to ~50 KB of JSON). */
const PAGES_KEPT = 1_000;
const sqliteCaches = new WeakMap<Db, Record<SqliteCacheName, NoticeCache<unknown>>>();

/**
 * Keeps list totals and pages and sessions on a SQLite database that reads on a connection of its
 * own (`dataVersion` reads that connection's `PRAGMA data_version`). An in-memory database has no
 * second connection, whose version would see this one's writes: nothing is kept there.
 */
export function keepSqliteCaches(db: Db, dataVersion: () => number): void {
  sqliteCaches.set(db, {
    ticketCounts: new VersionedCache(dataVersion),
    sessions: new VersionedCache(dataVersion),
    ticketPages: new VersionedCache(dataVersion, PAGES_KEPT),
    homes: new VersionedCache(dataVersion, PAGES_KEPT),
    templateVersions: new VersionedCache(dataVersion, 1),
  });
}

/** A cache kept on SQLite only (`keepSqliteCaches`), if this is such a database. */
export function sqliteCache<T>(db: Db, name: SqliteCacheName): NoticeCache<T> | undefined {
  return sqliteCaches.get(db)?.[name] as NoticeCache<T> | undefined;
}
