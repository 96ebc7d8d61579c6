/**
 * Every statement of the template library but its share links (share.repository.ts): `templates`
 * and its products, tags, files, favourites and search grams, and the names of the people and
 * products a template shows. Each function takes `db` or a transaction first.
 */
import { type ExpressionBuilder, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
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
}

function filtered<O>(qb: SelectQueryBuilder<Database, 'templates', O>, f: Omit<ListFilter, 'sort' | 'limit' | 'offset'>): SelectQueryBuilder<Database, 'templates', O> {
  const v = f.viewer;
  let q = qb.where((eb) => visibleTo(eb, v));
  if (f.scope === 'mine') q = q.where('templates.owner_id', '=', v.id);
  if (f.scope === 'team') q = v.teamId === null ? q.where(sql<boolean>`1 = 0`) : q.where('templates.team_id', '=', v.teamId).where('templates.status', '=', 'published');
  if (f.scope === 'favourites') {
    q = q.where('templates.id', 'in', (eb) => eb.selectFrom('template_favourites').select('template_favourites.template_id').where('template_favourites.designer_id', '=', v.id));
  }
  if (f.category !== undefined) q = q.where('templates.category', '=', f.category);
  if (f.status !== undefined) q = q.where('templates.status', '=', f.status);
  if (f.productId !== undefined) {
    const productId = f.productId;
    q = q.where('templates.id', 'in', (eb) => eb.selectFrom('template_products').select('template_products.template_id').where('template_products.product_id', '=', productId));
  }
  for (const tag of f.tags) {
    q = q.where('templates.id', 'in', (eb) => eb.selectFrom('template_tags').select('template_tags.template_id').where('template_tags.tag', '=', tag));
  }
  if (f.fileType !== undefined) {
    const ext = f.fileType;
    q = q.where('templates.id', 'in', (eb) =>
      eb.selectFrom('template_files').select('template_files.template_id').where('template_files.ext', '=', ext).where('template_files.kind', '=', 'source'),
    );
  }
  for (const term of f.terms) {
    const grams = queryGrams(term).slice(0, MAX_QUERY_GRAMS);
    // Candidates from the gram index (B-tree on gram, template_id), verified by LIKE on their text.
    q = q.where('templates.id', 'in', (eb) => {
      const postings = eb.selectFrom('template_search_grams').select('template_search_grams.template_id');
      return grams.length === 1
        ? postings.where('template_search_grams.gram', '=', grams[0]!)
        : postings
            .where('template_search_grams.gram', 'in', grams)
            .groupBy('template_search_grams.template_id')
            .having((h) => h.fn.countAll(), '=', grams.length);
    });
    q = q.where(sql<boolean>`${sql.ref('templates.search_text')} like ${containsPattern(term)} escape '\\'`);
  }
  return q;
}

/** A page of the templates `f.viewer` may see, featured first, then newest or most used; and how many match. */
export async function listTemplateRows(db: Conn, f: ListFilter): Promise<{ rows: TemplateRow[]; total: number }> {
  const base = filtered(db.selectFrom('templates'), f);
  const count = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  const total = Number(count.n);
  if (total === 0 || f.offset >= total) return { rows: [], total };
  let q = base.select(COLUMNS).orderBy('templates.featured', 'desc');
  if (f.sort === 'most_used') q = q.orderBy('templates.use_count', 'desc');
  const rows = await q.orderBy('templates.id', 'desc').limit(f.limit).offset(f.offset).execute();
  return { rows, total };
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
