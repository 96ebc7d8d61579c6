/**
 * Kept whole on purpose (~500 lines): the list, its export and the counts share one set of scope,
 * filter and keyword expressions, and keeping them in one file is what keeps an export or a panel
 * count from ever disagreeing with the list. What has no SQL is already elsewhere: the keyword's
 * text in ticket-search-text.ts, single tickets (detail, the writes) in ticket.repository.ts.
 *
 * The read model of ticket lists: who sees which tickets (scopes), the filters, one page in one
 * compiled statement, the top panel counts and the order hall. Every function takes `db` first.
 */
import { type Expression, PostgresAdapter, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { noticeCache, teamOwner } from '../../db/change-notices.js';
import type { Db } from '../../db/database.js';
import { type Bindings, runStatement, type Slot } from '../../db/statements.js';
import type { Database, Designer } from '../../db/schema.js';
import { nowMs } from '../../lib/time.js';
import { DRAFT_DUE_STAGES, OPEN_STATUSES, type Stage } from './ticket.model.js';
import type { ListQuery, PanelCounts, TicketItem } from './ticket.schemas.js';
import { productNames, shopNames } from './catalog.repository.js';
import { designerCode } from '../../domain/designers.js';
import { shanghaiDayStart } from '../../domain/calendar.js';
import { containsPattern, indexable, isAsciiOnly, matchQuery, prefixPattern, type SearchOwners } from './ticket-search-text.js';

/** Spec §2 views over tickets with a deduction / an appeal (of the scope's designer, or the team's). */
export type TicketListView = 'deducted' | 'appealed';

/** Whose tickets a list or count covers; with `view`, tickets with a deduction / appeal of theirs, held or not. */
export type TicketScope =
  | { kind: 'designer'; designerId: number; view?: TicketListView }
  | { kind: 'team'; teamId: number; designerIds?: readonly number[]; view?: TicketListView }
  | { kind: 'pool'; view?: TicketListView };

type TicketQuery<O> = SelectQueryBuilder<Database, 'tickets', O>;

// A ticket query's values are bound by name (db/statements.ts). Which names are present is a list
// statement's shape: lists compile one statement per shape and bind each request's values.

function scopeBindings(scope: TicketScope): Bindings {
  switch (scope.kind) {
    case 'designer':
      return { designer: scope.designerId };
    case 'team': {
      const b: Bindings = { team: scope.teamId };
      scope.designerIds?.forEach((id, i) => (b[`designer.${i}`] = id));
      return b;
    }
    case 'pool':
      return {};
  }
}

/** Tickets with a deduction / an appeal (of these designers when given): an EXISTS on the ticket's rows. */
function inView<O>(q: TicketQuery<O>, view: TicketListView, designers: readonly unknown[] | undefined): TicketQuery<O> {
  const table = view === 'deducted' ? 'deductions' : 'appeals';
  return q.where(({ exists, selectFrom }) => {
    let sub = selectFrom(table).select(sql.lit(1).as('one')).whereRef(`${table}.ticket_id`, '=', 'tickets.id');
    if (designers?.length === 1) sub = sub.where(`${table}.designer_id`, '=', designers[0] as number);
    else if (designers?.length) sub = sub.where(`${table}.designer_id`, 'in', designers as number[]);
    return exists(sub);
  });
}

function applyScope<O>(q: TicketQuery<O>, scope: TicketScope, v: Slot): TicketQuery<O> {
  switch (scope.kind) {
    case 'designer':
      if (scope.view) return inView(q, scope.view, [v('designer')]);
      return q.where('tickets.designer_id', '=', v('designer'));
    case 'team': {
      const scoped = q.where('tickets.team_id', '=', v('team'));
      const designers = scope.designerIds?.length ? scope.designerIds.map((_, i) => v(`designer.${i}`)) : undefined;
      if (scope.view) return inView(scoped, scope.view, designers);
      if (!designers) return scoped;
      return designers.length === 1 ? scoped.where('tickets.designer_id', '=', designers[0]) : scoped.where('tickets.designer_id', 'in', designers);
    }
    case 'pool':
      return q.where('tickets.team_id', 'is', null).where('tickets.current_allocation_id', 'is', null);
  }
}

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * The keyword's values (README.md, *Search*): LIKE patterns for the ranking and the scan
 * (`keyword`, `kwExact`, `kwPrefix`), and on SQLite, for a team's, the pool's or a view's search
 * the trigram index can answer, the FTS5 query (`kwMatch`), limited inside the index to the team or
 * the pool (a view reaches beyond them: words only). A designer's tickets are scanned in
 * `tickets_designer_text_idx` instead, which is cheaper than any index lookup at their size. The
 * statement's shape follows: `kwMatch` present or not.
 */
function keywordBindings(db: Db, keyword: string | undefined, scope: TicketScope): Bindings {
  if (!keyword) return {};
  const b: Bindings = { keyword: containsPattern(keyword), kwExact: keyword, kwPrefix: prefixPattern(keyword) };
  // An order number is ASCII only (orderNoSchema): a keyword with a character beyond ASCII can be
  // part of a title alone, and the scans test titles only (the order numbers' LIKE was more than
  // half of a designer's scan).
  if (!isAsciiOnly(keyword)) b.kwTitle = b.keyword;
  const designerOnly = scope.kind === 'designer' || (scope.kind === 'team' && !!scope.designerIds?.length);
  if (isPostgres(db) || !indexable(keyword) || (designerOnly && !scope.view)) return b;
  let owners: SearchOwners = {};
  if (!scope.view) owners = scope.kind === 'team' ? { teamId: scope.teamId } : { pool: true };
  b.kwMatch = matchQuery(keyword, owners);
  return b;
}

/** LIKE on SQLite (ASCII case-insensitive), ILIKE on PostgreSQL (case-insensitive; pg_trgm's GIN indexes serve it). */
const likeOp = (db: Db) => sql.raw(isPostgres(db) ? 'ilike' : 'like');

/**
 * The relevance of a match, smallest first: the order number itself, an order number starting
 * with the keyword, the title containing it, the order number containing it.
 */
function keywordRank(db: Db, v: Slot): RawBuilder<number> {
  const op = likeOp(db);
  const orderNo = sql.ref('tickets.order_no');
  return sql<number>`(case when lower(${orderNo}) = lower(${v('kwExact')}) then 0 when ${orderNo} ${op} ${v('kwPrefix')} escape '\\' then 1 when ${sql.ref('tickets.title')} ${op} ${v('keyword')} escape '\\' then 2 else 3 end)`;
}

function toUtcBound(value: string, end: boolean): { op: '>=' | '<' | '<='; iso: string } {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    if (!end) return { op: '>=', iso: shanghaiDayStart(value) };
    const next = new Date(Date.parse(`${value}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
    return { op: '<', iso: shanghaiDayStart(next) };
  }
  return { op: end ? '<=' : '>=', iso: new Date(value).toISOString() };
}

export type ListFilters = Omit<ListQuery, 'page' | 'pageSize' | 'sort_by' | 'sort_order' | 'designer_id' | 'scope'>;

/** The filters' values, by name (the markers and keyword already as LIKE patterns, dates as UTC bounds). */
function filterBindings(f: ListFilters, now: string): Bindings {
  const b: Bindings = {};
  f.status?.forEach((status, i) => (b[`status.${i}`] = status));
  if (f.stage) b.stage = f.stage;
  f.shop_id?.forEach((id, i) => (b[`shop.${i}`] = id));
  f.product_id?.forEach((id, i) => (b[`product.${i}`] = id));
  f.markers?.forEach((m, i) => (b[`marker.${i}`] = `%,${m},%`));
  if (f.created_from) b.createdFrom = toUtcBound(f.created_from, false).iso;
  if (f.created_to) {
    const bound = toUtcBound(f.created_to, true);
    b[`createdTo${bound.op}`] = bound.iso;
  }
  if (f.overdue) b.now = now;
  return b;
}

/** Where-clauses for the filters present in `b`, their values from `v`. */
function applyFilters<O>(q: TicketQuery<O>, b: Bindings, v: Slot, db: Db): TicketQuery<O> {
  const listOf = (prefix: string) => Object.keys(b).filter((k) => k.startsWith(prefix)).map((k) => v(k));
  const statuses = listOf('status.');
  if (statuses.length) q = statuses.length === 1 ? q.where('tickets.status', '=', statuses[0]) : q.where('tickets.status', 'in', statuses);
  if ('stage' in b) q = q.where('tickets.stage', '=', v('stage'));
  const shops = listOf('shop.');
  if (shops.length) q = shops.length === 1 ? q.where('tickets.shop_id', '=', shops[0]) : q.where('tickets.shop_id', 'in', shops);
  const products = listOf('product.');
  if (products.length) q = products.length === 1 ? q.where('tickets.product_id', '=', products[0]) : q.where('tickets.product_id', 'in', products);
  const markers = listOf('marker.');
  if (markers.length) {
    const joined = sql<string>`(',' || ${sql.ref('tickets.order_markers')} || ',' || ${sql.ref('tickets.work_markers')} || ',')`;
    q = q.where((eb) => eb.or(markers.map((m) => eb(joined, 'like', m))));
  }
  if ('kwMatch' in b) {
    q = q.where(sql<SqlBool>`${sql.ref('tickets.id')} in (select rowid from tickets_search where tickets_search match ${v('kwMatch')})`);
  } else if ('kwTitle' in b) {
    q = q.where(sql<SqlBool>`${sql.ref('tickets.title')} ${likeOp(db)} ${v('kwTitle')} escape '\\'`);
  } else if ('keyword' in b) {
    const pattern = v('keyword');
    const op = likeOp(db);
    q = q.where(sql<SqlBool>`(${sql.ref('tickets.order_no')} ${op} ${pattern} escape '\\' or ${sql.ref('tickets.title')} ${op} ${pattern} escape '\\')`);
  }
  if ('createdFrom' in b) q = q.where('tickets.created_at', '>=', v('createdFrom'));
  if ('createdTo<' in b) q = q.where('tickets.created_at', '<', v('createdTo<'));
  if ('createdTo<=' in b) q = q.where('tickets.created_at', '<=', v('createdTo<='));
  if ('now' in b) {
    q = q
      .where('tickets.status', 'in', OPEN_STATUSES)
      .where('tickets.stage', 'in', DRAFT_DUE_STAGES)
      .where('tickets.due_at', '<', v('now'));
  }
  return q;
}

const ITEM_COLUMNS = [
  'tickets.id',
  'tickets.order_no',
  'tickets.shop_id',
  'tickets.product_id',
  'tickets.title',
  'tickets.status',
  'tickets.order_markers',
  'tickets.work_markers',
  'tickets.stage',
  'tickets.allowed_minutes',
  'tickets.started_at',
  'tickets.due_at',
  'tickets.fee_cents',
  'tickets.team_id',
  'tickets.designer_id',
  'tickets.current_allocation_id',
  'tickets.created_at',
  'tickets.updated_at',
] as const;

/**
 * Ticket rows of a list. Names are added by toItems: shops and products from catalog.repository, the
 * designers' from one lookup of the page's distinct designers (a designer's own list has one; a
 * join read the designer's wide row once per ticket).
 */
export function itemQuery(db: Db): ItemQuery {
  // Builders are immutable: the column references are parsed once per database (or transaction).
  let q = itemQueries.get(db);
  if (!q) {
    q = buildItemQuery(db);
    itemQueries.set(db, q);
  }
  return q;
}
function buildItemQuery(db: Db) {
  return db.selectFrom('tickets').select(ITEM_COLUMNS);
}
export type ItemQuery = ReturnType<typeof buildItemQuery>;
const itemQueries = new WeakMap<Db, ItemQuery>();

export interface ItemRow {
  id: number;
  order_no: string;
  shop_id: number;
  product_id: number;
  title: string;
  status: string;
  order_markers: string;
  work_markers: string;
  stage: string;
  allowed_minutes: number;
  started_at: string | null;
  due_at: string | null;
  fee_cents: number;
  team_id: number | null;
  designer_id: number | null;
  current_allocation_id: number | null;
  created_at: string;
  updated_at: string;
}

export type DesignerNames = Map<number, { real_name: string; nickname: string }>;

function toItem(r: ItemRow, shops: Map<number, string>, products: Map<number, string>, designers: DesignerNames): TicketItem {
  const d = r.designer_id;
  const who = d === null ? undefined : designers.get(d);
  return {
    ticket_id: r.id,
    order_no: r.order_no,
    shop_id: r.shop_id,
    shop_name: shops.get(r.shop_id) ?? '',
    product_id: r.product_id,
    product_name: products.get(r.product_id) ?? '',
    title: r.title,
    status: r.status,
    order_markers: r.order_markers,
    work_markers: r.work_markers,
    stage: r.stage as Stage,
    allowed_minutes: r.allowed_minutes,
    started_at: r.started_at,
    due_at: r.due_at,
    fee_cents: r.fee_cents,
    team_id: r.team_id,
    designer_id: d === null ? null : designerCode(d),
    designer_name: d === null ? null : who?.real_name || who?.nickname || designerCode(d),
    allocation_id: r.current_allocation_id,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** The names of the rows' designers: those in `known`, the others looked up. */
async function designerNames(db: Db, rows: ItemRow[], known?: DesignerNames): Promise<DesignerNames> {
  const ids = [...new Set(rows.flatMap((r) => (r.designer_id === null || known?.has(r.designer_id) ? [] : [r.designer_id])))];
  if (!ids.length) return known ?? new Map();
  const found = await db.selectFrom('designers').select(['id', 'real_name', 'nickname']).where('id', 'in', ids).execute();
  return new Map([...(known ?? []), ...found.map((x) => [x.id, x] as const)]);
}

export async function toItems(db: Db, rows: ItemRow[], known?: DesignerNames): Promise<TicketItem[]> {
  if (!rows.length) return [];
  const [shops, products, designers] = await Promise.all([
    shopNames(db, rows.map((r) => r.shop_id)),
    productNames(db, rows.map((r) => r.product_id)),
    designerNames(db, rows, known),
  ]);
  return rows.map((r) => toItem(r, shops, products, designers));
}

export interface ListOptions {
  scope: TicketScope;
  filters: ListFilters;
  sortBy: 'created_at' | 'updated_at';
  sortOrder: 'asc' | 'desc';
  page: number;
  pageSize: number;
  now: string;
  /**
   * Designers whose names the caller has already read (the signed-in designer, from the session
   * lookup of this request): a designer's own list then needs no name lookup at all.
   */
  knownDesigners?: readonly Pick<Designer, 'id' | 'real_name' | 'nickname'>[];
}

/**
 * One page of a scope in one statement: the page's ids come from the tickets indexes alone (a
 * deferred join: rows skipped by OFFSET are never read), only those rows are read, and the total
 * rides along as an uncorrelated scalar subquery (evaluated once). A page past the end counts
 * separately. On PostgreSQL a designer's or a team's list keeps its total until one of its
 * tickets changes (`countKey`); then only the page is read.
 *
 * The statement is built and compiled by Kysely once per shape (scope kind and view, sort, which
 * filters, how many statuses or markers) and database (`db/statements.ts`); a request only binds
 * its values. Building it was a fifth of a list request's CPU.
 */
export async function listTickets(db: Db, o: ListOptions): Promise<{ items: TicketItem[]; total: number }> {
  const b: Bindings = {
    ...scopeBindings(o.scope),
    ...filterBindings(o.filters, o.now),
    ...keywordBindings(db, o.filters.keyword, o.scope),
    limit: o.pageSize,
    offset: (o.page - 1) * o.pageSize,
  };
  const shape = [o.scope.kind, o.scope.view ?? '', o.sortBy, o.sortOrder, ...Object.keys(b)].join('|');
  const counted = countKey(o, b);
  const counts = counted && noticeCache<number>(db, 'ticketCounts');
  const kept = counts?.get(counted!.key, nowMs());
  let rows: ItemRow[];
  let total: number;
  if (kept !== undefined) {
    rows = (await runStatement<ItemRow>(db, `tickets.page|${shape}`, (v) => pageQuery(db, o, b, v, false), b)).rows;
    total = kept;
  } else {
    const begun = counts?.begin();
    const page = await runStatement<ItemRow & { total: number | string }>(db, `tickets.list|${shape}`, (v) => pageQuery(db, o, b, v, true), b);
    rows = page.rows;
    total = rows.length ? Number(page.rows[0]!.total) : 0;
    if (!rows.length && o.page > 1) {
      const value: Slot = (name) => b[name];
      const c = await applyFilters(applyScope(db.selectFrom('tickets'), o.scope, value), b, value, db)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      total = Number(c.n);
    }
    counts?.put(begun!, counted!.key, counted!.owner, total, nowMs());
  }
  const known: DesignerNames | undefined = o.knownDesigners && new Map(o.knownDesigners.map((d) => [d.id, d]));
  return { items: await toItems(db, rows, known), total };
}

/**
 * Where the total of a list may be kept between requests (on PostgreSQL, db/change-notices.ts): a
 * designer's tickets or a team's, which notices name; the owner whose notice drops it. Not the
 * pool (notices name no one for it), not the deducted and appealed views (other tables), not the
 * overdue filter (it moves with the clock).
 */
function countKey(o: ListOptions, b: Bindings): { key: string; owner: number } | undefined {
  if (o.scope.kind === 'pool' || o.scope.view || 'now' in b) return undefined;
  const filters = Object.entries(b).filter(([k]) => k !== 'limit' && k !== 'offset');
  return { key: JSON.stringify([o.scope.kind, filters]), owner: o.scope.kind === 'team' ? teamOwner(o.scope.teamId) : o.scope.designerId };
}

function pageQuery(db: Db, o: ListOptions, b: Bindings, v: Slot, withTotal: boolean) {
  const filtered = applyFilters(applyScope(db.selectFrom('tickets'), o.scope, v), b, v, db);
  // A keyword ranks the matches first (keywordRank), then the list's order applies.
  const ranked = 'keyword' in b;
  const pageIds = filtered
    .select('tickets.id')
    .$if(ranked, (q) => q.orderBy(keywordRank(db, v)))
    .orderBy(`tickets.${o.sortBy}`, o.sortOrder)
    .orderBy('tickets.id', o.sortOrder)
    .limit(v('limit'))
    .offset(v('offset'));
  if (ranked && withTotal) {
    // A keyword's matches are found by a scan of the owner's index entries (or an FTS5 query):
    // the total is counted in that same pass (a window over every match, before the page is cut)
    // instead of by a second scan. A plain list keeps the separate count, which reads the index
    // alone, where a window would read every row of the list.
    const matches = pageIds.select(sql<number>`count(*) over ()`.as('total'));
    return itemQuery(db)
      .innerJoin(matches.as('m'), 'm.id', 'tickets.id')
      .select('m.total')
      .orderBy(keywordRank(db, v))
      .orderBy(`tickets.${o.sortBy}`, o.sortOrder)
      .orderBy('tickets.id', o.sortOrder);
  }
  return itemQuery(db)
    .$if(withTotal, (q) => q.select(() => filtered.select((eb) => eb.fn.countAll<number>().as('n')).as('total')))
    .where('tickets.id', 'in', pageIds)
    .$if(ranked, (q) => q.orderBy(keywordRank(db, v)))
    .orderBy(`tickets.${o.sortBy}`, o.sortOrder)
    .orderBy('tickets.id', o.sortOrder);
}

export interface ExportOptions {
  scope: TicketScope;
  filters: ListFilters;
  sortBy: 'created_at' | 'updated_at';
  sortOrder: 'asc' | 'desc';
  now: string;
  /** Rows read per statement. */
  pageSize: number;
  /** At most this many rows in all. */
  limit: number;
  knownDesigners?: readonly Pick<Designer, 'id' | 'real_name' | 'nickname'>[];
}

/**
 * A whole list (the same scope, filters and order as `listTickets`) read page by page for an
 * export: each page continues after the last row of the one before (keyset on the sort column
 * and id, which the list's indexes cover), so a page costs the same at row 100,000 as at row 1
 * and only one page is held at a time. The statements are compiled once per shape, as the list's.
 * Pages are separate reads: a ticket whose sort time changes during the export may be missed or
 * written twice (sort by created_at, the default, for an exact copy).
 */
export async function* ticketPages(db: Db, o: ExportOptions): AsyncGenerator<TicketItem[]> {
  const base: Bindings = { ...scopeBindings(o.scope), ...filterBindings(o.filters, o.now), ...keywordBindings(db, o.filters.keyword, o.scope) };
  const shape = [o.scope.kind, o.scope.view ?? '', o.sortBy, o.sortOrder, ...Object.keys(base)].join('|');
  const col = `tickets.${o.sortBy}` as const;
  const build = (after: boolean) => (v: Slot) =>
    applyFilters(applyScope(itemQuery(db), o.scope, v), base, v, db)
      .$if(after, (q) => q.where((eb) => eb(eb.refTuple(col, 'tickets.id'), o.sortOrder === 'desc' ? '<' : '>', eb.tuple(v('afterAt'), v('afterId')))))
      .orderBy(col, o.sortOrder)
      .orderBy('tickets.id', o.sortOrder)
      .limit(v('limit'));
  let known: DesignerNames = new Map(o.knownDesigners?.map((d) => [d.id, d]));
  let last: ItemRow | undefined;
  let left = o.limit;
  while (left > 0) {
    const b: Bindings = { ...base, limit: Math.min(o.pageSize, left) };
    if (last) Object.assign(b, { afterAt: last[o.sortBy], afterId: last.id });
    const rows = (await runStatement<ItemRow>(db, `tickets.export|${last ? 'next' : 'first'}|${shape}`, build(last !== undefined), b)).rows;
    if (!rows.length) return;
    // The names of the designers met so far are kept: a team has few, read once.
    known = await designerNames(db, rows, known);
    yield await toItems(db, rows, known);
    if (rows.length < (b.limit as number)) return;
    last = rows[rows.length - 1]!;
    left -= rows.length;
  }
}

/** Pending appeals of a scope (the panel's `appealing`). */
async function pendingAppeals(db: Db, scope: TicketScope): Promise<number> {
  if (scope.kind === 'pool') return 0;
  let q = db.selectFrom('appeals').select((eb) => eb.fn.countAll<number>().as('n')).where('appeals.status', '=', 'pending');
  if (scope.kind === 'designer') q = q.where('appeals.designer_id', '=', scope.designerId);
  else {
    q = q.where('appeals.team_id', '=', scope.teamId);
    if (scope.designerIds?.length) q = q.where('appeals.designer_id', 'in', scope.designerIds);
  }
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** The top panel counts over a scope (see panelCountsSchema for each definition). */
export async function panelCounts(db: Db, scope: TicketScope, now: string, soon: string): Promise<PanelCounts> {
  const sumIf = (cond: Expression<SqlBool>) => sql<number | null>`sum(case when ${cond} then 1 else 0 end)`;
  const bound = scopeBindings(scope);
  const row = await applyScope(db.selectFrom('tickets'), scope, (name) => bound[name])
    .where('tickets.status', 'in', OPEN_STATUSES)
    .select((eb) => {
      const dueSoon = [eb('tickets.due_at', '>=', now), eb('tickets.due_at', '<', soon)];
      return [
        sumIf(eb('tickets.stage', '=', 'waiting')).as('waiting'),
        sumIf(eb('tickets.stage', '<>', 'done')).as('in_progress'),
        sumIf(eb.and([eb('tickets.stage', '=', 'waiting'), ...dueSoon])).as('first_draft_due'),
        sumIf(eb.and([eb('tickets.stage', '=', 'first_draft'), ...dueSoon])).as('final_draft_due'),
        sumIf(eb.and([eb('tickets.stage', 'in', DRAFT_DUE_STAGES), eb('tickets.due_at', '<', now)])).as('overdue'),
        sumIf(eb('tickets.status', '=', '5')).as('rejected'),
      ];
    })
    .executeTakeFirstOrThrow();
  const n = (v: unknown) => Number(v ?? 0);
  return {
    waiting: n(row.waiting),
    in_progress: n(row.in_progress),
    first_draft_due: n(row.first_draft_due),
    final_draft_due: n(row.final_draft_due),
    overdue: n(row.overdue),
    rejected: n(row.rejected),
    appealing: await pendingAppeals(db, scope),
  };
}

/** Order hall: unassigned open tickets of products the designer is qualified for (own team or none). */
export async function hallTickets(db: Db, me: Designer, page: number, pageSize: number): Promise<{ items: TicketItem[]; total: number }> {
  const restrict = <O>(q: TicketQuery<O>) =>
    q
      .where('tickets.current_allocation_id', 'is', null)
      .where('tickets.status', 'in', ['0', '7'])
      .where('tickets.product_id', 'in', (eb) => eb.selectFrom('designer_products').select('product_id').where('designer_id', '=', me.id))
      .where((eb) => (me.team_id === null ? eb('tickets.team_id', 'is', null) : eb.or([eb('tickets.team_id', 'is', null), eb('tickets.team_id', '=', me.team_id)])));
  const [rows, count] = await Promise.all([
    restrict(itemQuery(db))
      .orderBy('tickets.created_at', 'asc')
      .orderBy('tickets.id', 'asc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    restrict(db.selectFrom('tickets')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: await toItems(db, rows), total: Number(count.n) };
}
