/**
 * Every statement of the template library but its share links (share.repository.ts): `templates`
 * and its products, tags, files, favourites and search grams, and the names of the people and
 * products a template shows. Each function takes `db` or a transaction first. It stays whole
 * (~590 lines, with the search index's and cards' reads): the list, its total, the facets and the related templates share one visibility
 * expression and one search plan (rarest gram first); kept in one file, the total can never count
 * what the page would not show. The search's text (no SQL) is search-text.ts.
 */
import { CompiledQuery, type Expression, type ExpressionBuilder, type SelectQueryBuilder, sql, type SqlBool, type Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { containsPattern, queryGrams } from './search-text.js';
import type { Scope, Sort, TemplateStatus } from './template.schemas.js';

type Conn = Db | Transaction<Database>;

/** Who looks: their id, their team, whether they lead it. */
export interface Viewer {
  id: number;
  teamId: number | null;
  lead: boolean;
}

export interface TemplateRow {
  id: number;
  title: string;
  category: string;
  description: string;
  owner_id: number;
  team_id: number | null;
  status: string;
  featured: number;
  use_count: number;
  created_at: string;
  updated_at: string;
  published_at: string | null;
}

export interface FileRow {
  id: number;
  template_id: number;
  kind: string;
  position: number;
  object_key: string;
  name: string;
  size: number;
  content_type: string;
  ext: string;
  thumb_key: string | null;
  width: number | null;
  height: number | null;
}

const COLUMNS = [
  'templates.id',
  'templates.title',
  'templates.category',
  'templates.description',
  'templates.owner_id',
  'templates.team_id',
  'templates.status',
  'templates.featured',
  'templates.use_count',
  'templates.created_at',
  'templates.updated_at',
  'templates.published_at',
] as const;

const FILE_COLUMNS = ['id', 'template_id', 'kind', 'position', 'object_key', 'name', 'size', 'content_type', 'ext', 'thumb_key', 'width', 'height'] as const;

/** Search words use at most this many grams each (LIKE verifies the whole word anyway). */
const MAX_QUERY_GRAMS = 6;

/**
 * What `v` may see: their own templates; their team's published ones; a lead also the team's
 * private ones (to publish them).
 */
function visibleTo(eb: ExpressionBuilder<Database, 'templates'>, v: Viewer) {
  const ors = [eb('templates.owner_id', '=', v.id)];
  if (v.teamId !== null) {
    ors.push(v.lead ? eb('templates.team_id', '=', v.teamId) : eb.and([eb('templates.team_id', '=', v.teamId), eb('templates.status', '=', 'published')]));
  }
  return eb.or(ors);
}

export function findTemplate(db: Conn, id: number): Promise<TemplateRow | undefined> {
  return db.selectFrom('templates').select(COLUMNS).where('templates.id', '=', id).executeTakeFirst();
}

export interface ListFilter {
  viewer: Viewer;
  terms: string[];
  category?: string;
  productId?: number;
  tags: string[];
  fileType?: string;
  scope: Scope;
  status?: TemplateStatus;
  sort: Sort;
  limit: number;
  offset: number;
  /**
   * How many templates hold each gram (gram-counts.ts, cached): the rarest gram of a search drives
   * the candidate lookup. Only the plan depends on it, never the results; unknown grams count as common.
   */
  gramCounts?: (grams: string[]) => Promise<ReadonlyMap<string, number>>;
}

type Where = (eb: ExpressionBuilder<Database, 'templates'>) => Expression<SqlBool>;

/** The filters of a list other than visibility, scope, status and search words. */
function attributeFilters(f: Omit<ListFilter, 'sort' | 'limit' | 'offset'>): Where[] {
  const out: Where[] = [];
  if (f.category !== undefined) {
    const category = f.category;
    out.push((eb) => eb('templates.category', '=', category));
  }
  if (f.productId !== undefined) {
    const productId = f.productId;
    out.push((eb) => eb('templates.id', 'in', eb.selectFrom('template_products').select('template_products.template_id').where('template_products.product_id', '=', productId)));
  }
  for (const tag of f.tags) {
    out.push((eb) => eb('templates.id', 'in', eb.selectFrom('template_tags').select('template_tags.template_id').where('template_tags.tag', '=', tag)));
  }
  if (f.fileType !== undefined) {
    const ext = f.fileType;
    out.push((eb) =>
      eb('templates.id', 'in', eb.selectFrom('template_files').select('template_files.template_id').where('template_files.ext', '=', ext).where('template_files.kind', '=', 'source')),
    );
  }
  return out;
}

/** Every filter of the list as one predicate on `templates` (visibility, scope, status, attributes, the words' LIKE). */
function allFilters(f: Omit<ListFilter, 'sort' | 'limit' | 'offset'>): Where {
  const v = f.viewer;
  return (eb) => {
    const ands: Expression<SqlBool>[] = [visibleTo(eb, v)];
    if (f.scope === 'mine') ands.push(eb('templates.owner_id', '=', v.id));
    if (f.scope === 'team') ands.push(v.teamId === null ? sql<SqlBool>`1 = 0` : eb.and([eb('templates.team_id', '=', v.teamId), eb('templates.status', '=', 'published')]));
    if (f.scope === 'favourites') {
      ands.push(eb('templates.id', 'in', eb.selectFrom('template_favourites').select('template_favourites.template_id').where('template_favourites.designer_id', '=', v.id)));
    }
    if (f.status !== undefined) ands.push(eb('templates.status', '=', f.status));
    for (const w of attributeFilters(f)) ands.push(w(eb));
    // A word of one or two characters is exactly its gram (grams never span two pieces of the
    // text, nor does a word, which holds no whitespace): only longer words need the LIKE.
    for (const term of f.terms) if (Array.from(term).length > 2) ands.push(sql<SqlBool>`${sql.ref('templates.search_text')} like ${containsPattern(term)} escape '\\'`);
    return eb.and(ands);
  };
}

/**
 * The visible templates of a list without search words, as disjoint "legs" that each follow an
 * index in the list's order (templates_team_idx and the indexes of migration
 * 20261204T1000_template_list_indexes: team, status, [category,] featured, [use_count,] id): the
 * team's published ones, a lead's team's private ones, and the viewer's own not already in those.
 * A page then reads at most offset + limit rows of each leg instead of sorting everything visible,
 * and the total is the sum of the legs' counts (index ranges). Null when no leg applies (the list
 * is empty); favourites stay one leg (a designer's stars are few).
 */
function browseLegs(f: Omit<ListFilter, 'sort' | 'limit' | 'offset'>): Where[] | null {
  const v = f.viewer;
  const status = f.status;
  const team = v.teamId;
  const teamPublished: Where | null = team !== null && status !== 'private' ? (eb) => eb.and([eb('templates.team_id', '=', team), eb('templates.status', '=', 'published')]) : null;
  const teamPrivate: Where | null = team !== null && v.lead && status !== 'published' ? (eb) => eb.and([eb('templates.team_id', '=', team), eb('templates.status', '=', 'private')]) : null;
  const withStatus = (w: Where): Where => (status === undefined ? w : (eb) => eb.and([w(eb), eb('templates.status', '=', status)]));
  let legs: (Where | null)[];
  switch (f.scope) {
    case 'mine':
      legs = [withStatus((eb) => eb('templates.owner_id', '=', v.id))];
      break;
    case 'team':
      legs = [teamPublished];
      break;
    case 'favourites':
      return [allFilters({ ...f, terms: [] })];
    default: {
      // The viewer's own templates that the team legs do not hold already (team_id may be null).
      const own: Where = (eb) => {
        if (team === null) return eb('templates.owner_id', '=', v.id);
        const covered = v.lead ? eb('templates.team_id', '=', team) : eb.and([eb('templates.team_id', '=', team), eb('templates.status', '=', 'published')]);
        return eb.and([eb('templates.owner_id', '=', v.id), eb.or([eb('templates.team_id', 'is', null), eb.not(covered)])]);
      };
      legs = [teamPublished, teamPrivate, withStatus(own)];
    }
  }
  const present = legs.filter((l): l is Where => l !== null);
  if (!present.length) return null;
  const attrs = attributeFilters(f);
  return present.map((leg) => (eb) => eb.and([leg(eb), ...attrs.map((w) => w(eb))]));
}

function inListOrder<DB, TB extends keyof DB, O>(q: SelectQueryBuilder<DB, TB, O>, sort: Sort, table: 'templates' | 'u' = 'templates'): SelectQueryBuilder<DB, TB, O> {
  // The column references are checked by the callers' selections (templates.* or the union's u.*).
  const col = (c: string) => sql.ref(`${table}.${c}`);
  let out = q.orderBy(col('featured'), 'desc');
  if (sort === 'most_used') out = out.orderBy(col('use_count'), 'desc');
  return out.orderBy(col('id'), 'desc');
}

/**
 * The grams a search's matches must all hold, rarest first (`gramCounts`): the first drives (its
 * postings, read from the primary key (gram, template_id)), each other is a probe of that key.
 */
async function searchGrams(f: ListFilter): Promise<{ driver: string; others: string[] }> {
  const grams = [...new Set(f.terms.flatMap((t) => queryGrams(t).slice(0, MAX_QUERY_GRAMS)))];
  const counts = f.gramCounts ? await f.gramCounts(grams) : new Map<string, number>();
  const rarity = (g: string) => counts.get(g) ?? Number.MAX_SAFE_INTEGER;
  const [driver, ...others] = [...grams].sort((a, b) => rarity(a) - rarity(b));
  return { driver: driver!, others };
}

/** The template `id` holds each of the grams. */
function holdsGrams(eb: ExpressionBuilder<Database, 'templates'>, grams: readonly string[], id: Expression<number>): Expression<SqlBool> {
  return eb.and(
    grams.map((gram) =>
      eb.exists(eb.selectFrom('template_search_grams as g').select(sql.lit(1).as('one')).where('g.gram', '=', gram).where('g.template_id', '=', id)),
    ),
  );
}

/** A page of the templates `f.viewer` may see, featured first, then newest or most used; and how many match. */
export async function listTemplateRows(db: Conn, f: ListFilter): Promise<{ rows: TemplateRow[]; total: number }> {
  return f.terms.length ? searchRows(db, f) : browseRows(db, f);
}

/**
 * With search words. The matches are the driving gram's postings joined to their rows (CROSS JOIN
 * keeps SQLite's join order: postings first, each row by its primary key; PostgreSQL plans it as an
 * inner join), each other gram probed, every filter and the longer words' LIKE on the rows. The
 * total counts them all. Newest first, the page is the featured matches (from the browse legs with
 * featured = 1: an index range each) followed by the others read from the postings backwards
 * (template ids descending, the list's order) until offset + limit are found: nothing is sorted but
 * the featured few. Most used first needs every match sorted: one statement with a window count.
 */
async function searchRows(db: Conn, f: ListFilter): Promise<{ rows: TemplateRow[]; total: number }> {
  const { driver, others } = await searchGrams(f);
  const where = allFilters(f);
  const matched = db
    .selectFrom('template_search_grams as g0')
    .crossJoin('templates')
    .whereRef('templates.id', '=', 'g0.template_id')
    .where('g0.gram', '=', driver)
    .where((eb) => {
      const t = eb as unknown as ExpressionBuilder<Database, 'templates'>;
      return eb.and([holdsGrams(t, others, eb.ref('g0.template_id')), where(t)]);
    });
  if (f.sort === 'most_used') {
    const page = inListOrder(matched.select(['templates.id', 'templates.featured', 'templates.use_count', (eb) => eb.fn.countAll<number | string>().over().as('total')]), f.sort)
      .limit(f.limit)
      .offset(f.offset);
    const rows = await inListOrder(db.selectFrom(page.as('u')).innerJoin('templates', 'templates.id', 'u.id').select([...COLUMNS, 'u.total']), f.sort, 'u').execute();
    if (rows.length) return { rows: rows.map(({ total: _total, ...r }) => r), total: Number(rows[0]!.total) };
    if (f.offset === 0) return { rows: [], total: 0 };
    const count = await matched.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    return { rows: [], total: Number(count.n) };
  }
  const count = await matched.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  const total = Number(count.n);
  if (total === 0 || f.offset >= total) return { rows: [], total };
  const want = f.offset + f.limit;
  const grams = [driver, ...others];
  const featuredLegs = (browseLegs({ ...f, terms: [] }) ?? []).map((leg) =>
    db
      .selectFrom(
        db
          .selectFrom('templates')
          .select(COLUMNS)
          .where((eb) => eb.and([leg(eb), eb('templates.featured', '=', 1), holdsGrams(eb, grams, eb.ref('templates.id')), where(eb)]))
          .orderBy('templates.id', 'desc')
          .limit(want)
          .as('lf'),
      )
      .selectAll(),
  );
  const rest = db
    .selectFrom(
      matched
        .select(COLUMNS)
        .where('templates.featured', '=', 0)
        .orderBy('g0.template_id', 'desc')
        .limit(want)
        .as('lr'),
    )
    .selectAll();
  const merged = featuredLegs.reduce((q, leg) => q.unionAll(leg), rest);
  const rows = await inListOrder(db.selectFrom(merged.as('u')).selectAll(), f.sort, 'u').limit(f.limit).offset(f.offset).execute();
  return { rows, total };
}

/** Without search words: the legs' counts summed, and the page merged from each leg's first offset + limit rows. */
async function browseRows(db: Conn, f: ListFilter): Promise<{ rows: TemplateRow[]; total: number }> {
  const legs = browseLegs(f);
  if (!legs) return { rows: [], total: 0 };
  const leg = (w: Where) => db.selectFrom('templates').where((eb) => w(eb));
  const [firstCount, ...restCounts] = legs.map((w) => leg(w).select((eb) => eb.fn.countAll<number | string>().as('n')));
  const counts = await restCounts.reduce((q, c) => q.unionAll(c), firstCount!).execute();
  const total = counts.reduce((sum, c) => sum + Number(c.n), 0);
  if (total === 0 || f.offset >= total) return { rows: [], total };
  const [firstPage, ...restPages] = legs.map((w, i) => db.selectFrom(inListOrder(leg(w).select(COLUMNS), f.sort).limit(f.offset + f.limit).as(`l${i}`)).selectAll());
  const merged = restPages.reduce((q, p) => q.unionAll(p), firstPage!);
  const rows = await inListOrder(db.selectFrom(merged.as('u')).selectAll(), f.sort, 'u').limit(f.limit).offset(f.offset).execute();
  return { rows, total };
}

export interface LibraryVersions {
  search: string;
  cards: string;
  stars: string;
}

/**
 * The numbers that move with what a process keeps of the library: its search, its list cards and
 * its designers' stars (migration 20261208T1000_template_versions). Read before every list the
 * index answers: compiled once, not built per call.
 */
export async function libraryVersions(db: Conn): Promise<LibraryVersions> {
  const { rows } = await db.executeQuery<{ search: number | string; cards: number | string; stars: number | string }>(VERSIONS_QUERY);
  const row = rows[0]!;
  return { search: String(row.search), cards: String(row.cards), stars: String(row.stars) };
}

/** The same text on both databases (no parameters; PostgreSQL finds the table on the connection's search_path). */
const VERSIONS_QUERY = CompiledQuery.raw('select search, cards, stars from template_versions where id = 1');

/** All the templates the designer starred. */
export async function starredIds(db: Conn, designerId: number): Promise<Set<number>> {
  const rows = await db.selectFrom('template_favourites').select('template_id').where('designer_id', '=', designerId).execute();
  return new Set(rows.map((r) => r.template_id));
}

/** What the in-memory search index holds of a template (search-index.ts). */
export interface SearchEntry {
  id: number;
  owner_id: number;
  team_id: number | null;
  status: string;
  featured: number;
  category: string;
  search_text: string;
}

/** Every template's search entry, newest (highest id) first. */
export function searchEntries(db: Conn): Promise<SearchEntry[]> {
  return db
    .selectFrom('templates')
    .select(['id', 'owner_id', 'team_id', 'status', 'featured', 'category', 'search_text'])
    .orderBy('id', 'desc')
    .execute();
}

/** The templates of the ids, in the ids' order (gone ones left out). */
export async function templateRowsByIds(db: Conn, ids: readonly number[]): Promise<TemplateRow[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('templates').select(COLUMNS).where('templates.id', 'in', [...ids]).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** How many templates hold each of the grams (postings in the gram index). */
export async function postingCounts(db: Conn, grams: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>(grams.map((g) => [g, 0]));
  if (!grams.length) return out;
  const rows = await db
    .selectFrom('template_search_grams')
    .select(['gram', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('gram', 'in', [...grams])
    .groupBy('gram')
    .execute();
  for (const r of rows) out.set(r.gram, Number(r.n));
  return out;
}

/** Whether `v` may see the template. */
export function isVisible(t: Pick<TemplateRow, 'owner_id' | 'team_id' | 'status'>, v: Viewer): boolean {
  if (t.owner_id === v.id) return true;
  if (t.team_id === null || t.team_id !== v.teamId) return false;
  return v.lead || t.status === 'published';
}

/** Up to `limit` others `v` may see of the same category or sharing a product, most used first. */
export function relatedTemplates(db: Conn, v: Viewer, t: { id: number; category: string }, productIds: readonly number[], limit = 6): Promise<TemplateRow[]> {
  return db
    .selectFrom('templates')
    .select(COLUMNS)
    .where((eb) => visibleTo(eb, v))
    .where('templates.id', '<>', t.id)
    .where((eb) => {
      const ors = [eb('templates.category', '=', t.category)];
      if (productIds.length) {
        ors.push(eb('templates.id', 'in', eb.selectFrom('template_products').select('template_products.template_id').where('template_products.product_id', 'in', [...productIds])));
      }
      return eb.or(ors);
    })
    .orderBy('templates.featured', 'desc')
    .orderBy('templates.use_count', 'desc')
    .orderBy('templates.id', 'desc')
    .limit(limit)
    .execute();
}

export function tagsOf(db: Conn, ids: readonly number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('template_tags').select(['template_id', 'tag']).where('template_id', 'in', [...ids]).orderBy('template_id').orderBy('position').execute();
}

export function productsOf(db: Conn, ids: readonly number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('template_products')
    .innerJoin('products', 'products.id', 'template_products.product_id')
    .select(['template_products.template_id', 'products.id', 'products.name'])
    .where('template_products.template_id', 'in', [...ids])
    .orderBy('products.id')
    .execute();
}

/** The files of the templates, in order (one kind, or both). */
export function filesOf(db: Conn, ids: readonly number[], kind?: 'preview' | 'source'): Promise<FileRow[]> {
  if (!ids.length) return Promise.resolve([]);
  let q = db.selectFrom('template_files').select(FILE_COLUMNS).where('template_id', 'in', [...ids]);
  if (kind) q = q.where('kind', '=', kind);
  return q.orderBy('template_id').orderBy('kind').orderBy('position').execute();
}

/** The first preview of each template (its card's cover). */
export function coversOf(db: Conn, ids: readonly number[]): Promise<FileRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('template_files').select(FILE_COLUMNS).where('template_id', 'in', [...ids]).where('kind', '=', 'preview').where('position', '=', 0).execute();
}

/** The distinct extensions of each template's source files. */
export function sourceTypesOf(db: Conn, ids: readonly number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('template_files').select(['template_id', 'ext']).distinct().where('template_id', 'in', [...ids]).where('kind', '=', 'source').orderBy('template_id').orderBy('ext').execute();
}

/** Which of the templates the designer starred. */
export async function favouriteIds(db: Conn, designerId: number, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.selectFrom('template_favourites').select('template_id').where('designer_id', '=', designerId).where('template_id', 'in', [...ids]).execute();
  return new Set(rows.map((r) => r.template_id));
}

export function designersByIds(db: Conn, ids: readonly number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('designers').select(['id', 'real_name', 'nickname']).where('id', 'in', [...ids]).execute();
}

export function allProducts(db: Conn) {
  return db.selectFrom('products').select(['id', 'name']).orderBy('id').execute();
}

/** Which of the ids are products. */
export async function existingProductIds(db: Conn, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.selectFrom('products').select('id').where('id', 'in', [...ids]).execute();
  return new Set(rows.map((r) => r.id));
}

/** The most used tags of what `v` may see. */
export async function topTags(db: Conn, v: Viewer, limit = 30): Promise<{ tag: string; count: number }[]> {
  const rows = await db
    .selectFrom('template_tags')
    .innerJoin('templates', 'templates.id', 'template_tags.template_id')
    .select(['template_tags.tag', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where((eb) => visibleTo(eb as unknown as ExpressionBuilder<Database, 'templates'>, v))
    .groupBy('template_tags.tag')
    .orderBy('n', 'desc')
    .orderBy('template_tags.tag')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ tag: r.tag, count: Number(r.n) }));
}

// ---------------------------------------------------------------------------------------------
// Changes

export interface NewFile {
  kind: 'preview' | 'source';
  position: number;
  object_key: string;
  name: string;
  size: number;
  content_type: string;
  ext: string;
  thumb_key: string | null;
  width: number | null;
  height: number | null;
}

export interface Content {
  title: string;
  category: string;
  description: string;
  tags: string[];
  productIds: number[];
  files: NewFile[];
  searchText: string;
  grams: string[];
}

export async function insertTemplate(trx: Conn, t: { ownerId: number; teamId: number | null; now: string; content: Content }): Promise<number> {
  const row = await trx
    .insertInto('templates')
    .values({
      title: t.content.title,
      category: t.content.category,
      description: t.content.description,
      owner_id: t.ownerId,
      team_id: t.teamId,
      search_text: t.content.searchText,
      created_at: t.now,
      updated_at: t.now,
      published_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeChildren(trx, row.id, t.content);
  return row.id;
}

/** Replaces the owner's template's content (title to files); false when it is gone or not theirs. */
export async function replaceContent(trx: Conn, id: number, ownerId: number, content: Content, now: string): Promise<boolean> {
  const r = await trx
    .updateTable('templates')
    .set({ title: content.title, category: content.category, description: content.description, search_text: content.searchText, updated_at: now })
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return false;
  for (const table of ['template_tags', 'template_products', 'template_files', 'template_search_grams'] as const) {
    await trx.deleteFrom(table).where('template_id', '=', id).execute();
  }
  await writeChildren(trx, id, content);
  return true;
}

async function writeChildren(trx: Conn, id: number, c: Content): Promise<void> {
  if (c.tags.length) await trx.insertInto('template_tags').values(c.tags.map((tag, position) => ({ template_id: id, tag, position }))).execute();
  await setProducts(trx, id, c.productIds, false);
  await trx.insertInto('template_files').values(c.files.map((f) => ({ ...f, template_id: id }))).execute();
  if (c.grams.length) await trx.insertInto('template_search_grams').values(c.grams.map((gram) => ({ gram, template_id: id }))).execute();
}

export async function setProducts(trx: Conn, id: number, productIds: readonly number[], replace = true): Promise<void> {
  if (replace) await trx.deleteFrom('template_products').where('template_id', '=', id).execute();
  if (productIds.length) await trx.insertInto('template_products').values(productIds.map((product_id) => ({ template_id: id, product_id }))).execute();
}

/** A lead's curation of the template's status, featured flag and category. */
export async function curateTemplate(trx: Conn, id: number, patch: { status?: string; featured?: number; category?: string; published_at?: string | null; updated_at: string }): Promise<void> {
  await trx.updateTable('templates').set(patch).where('id', '=', id).execute();
}

/** Removes the owner's template with everything it holds (cascades); false when it is gone or not theirs. */
export async function deleteOwnTemplate(trx: Conn, id: number, ownerId: number): Promise<boolean> {
  // Children first: SQLite enforces the cascade only with foreign keys on, and the statements say it anyway.
  const mine = await trx.selectFrom('templates').select('id').where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
  if (!mine) return false;
  for (const table of ['template_search_grams', 'template_shares', 'template_favourites', 'template_files', 'template_tags', 'template_products'] as const) {
    await trx.deleteFrom(table).where('template_id', '=', id).execute();
  }
  const r = await trx.deleteFrom('templates').where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

export async function addFavourite(trx: Conn, designerId: number, templateId: number, now: string): Promise<void> {
  await trx
    .insertInto('template_favourites')
    .values({ designer_id: designerId, template_id: templateId, created_at: now })
    .onConflict((oc) => oc.columns(['designer_id', 'template_id']).doNothing())
    .execute();
}

export async function removeFavourite(trx: Conn, designerId: number, templateId: number): Promise<void> {
  await trx.deleteFrom('template_favourites').where('designer_id', '=', designerId).where('template_id', '=', templateId).execute();
}

/** One more use; the new count. */
export async function countUse(trx: Conn, id: number): Promise<number> {
  const row = await trx
    .updateTable('templates')
    .set((eb) => ({ use_count: eb('use_count', '+', 1) }))
    .where('id', '=', id)
    .returning('use_count')
    .executeTakeFirstOrThrow();
  return row.use_count;
}
