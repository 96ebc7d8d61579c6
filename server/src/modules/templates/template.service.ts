/**
 * The template library's rules (issue #17): who sees a template, what a template may hold (its
 * files checked against the store, previews turned into thumbnails), editing and deleting one's
 * own, a lead's curation, favourites, 「用于工单」 (copying the source files into the caller's draft
 * area) and the answers' views. Share links are share.service.ts; the statements
 * template.repository.ts. Every change runs through the unit of work (none sends a message).
 *
 * Kept whole (~490 lines): the list, the detail, related templates and share answers build their
 * items from the same cards (`cardsOf`, kept in card-cache.ts) and the same visibility rules;
 * split by action, each half would re-state how a card is made and who may see it.
 */
import type { OssConfig } from '../../config/env.js';
import { noticeCache } from '../../db/change-notices.js';
import type { Db } from '../../db/database.js';
import type { Designer } from '../../db/schema.js';
import { designerCode, displayName } from '../../domain/designers.js';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors.js';
import { nowIso, nowMs } from '../../lib/time.js';
import {
  contentTypeFor,
  copyObject,
  getObject,
  headObject,
  MissingObjectError,
  objectReadUrl,
  ObjectTooLargeError,
  putObject,
  uploadDir,
} from '../files/index.js';
import type { UnitOfWork } from '../messages/index.js';
import { ownTicket } from '../tickets/index.js';
import { type Card, CardCache, StarCache } from './card-cache.js';
import { createGramCounts } from './gram-counts.js';
import { createSearchIndex, type IndexQuery } from './search-index.js';
import { indexGrams, queryTerms, searchText } from './search-text.js';
import { makeThumbnail, thumbKeyOf } from './thumbnails.js';
import {
  addFavourite,
  allProducts,
  type Content,
  countUse,
  coversOf,
  curateTemplate,
  deleteOwnTemplate,
  designersByIds,
  existingProductIds,
  favouriteIds,
  type FileRow,
  filesOf,
  findTemplate,
  insertTemplate,
  isVisible,
  type LibraryVersions,
  libraryVersions,
  listTemplateRows,
  type NewFile,
  productsOf,
  relatedTemplates,
  removeFavourite,
  replaceContent,
  setProducts,
  sourceTypesOf,
  starredIds,
  tagsOf,
  type TemplateRow,
  templateRowsByIds,
  topTags,
  type Viewer,
} from './template.repository.js';
import {
  type CurationInput,
  type Facets,
  type FileInput,
  type ListQuery,
  PREVIEW_MAX_BYTES,
  SOURCE_FILE_TYPES,
  TEMPLATE_CATEGORIES,
  type TemplateDetail,
  type TemplateInput,
  type TemplateItem,
  type TemplateStatus,
  type Used,
} from './template.schemas.js';

export const NOT_FOUND_MESSAGE = '模板不存在';
export const NOT_OWN_EDIT_MESSAGE = '只能编辑自己的模板';
export const NOT_OWN_DELETE_MESSAGE = '只能删除自己的模板';
export const NOT_LEAD_MESSAGE = '只有团队负责人可以整理模板';
export const NOT_IMAGE_MESSAGE = '预览图必须是JPG、PNG、WebP或GIF图片';
export const MISSING_FILE_MESSAGE = '文件不存在，请重新上传';

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;
const FILE_KEY = /^template\/(D\d{6,})\/\d{8}\/[A-Za-z0-9_-]{1,64}\/([^/\\]{1,200})$/;
const PREVIEW_EXTS = new Set(['jpg', 'jpeg', 'png', 'webp', 'gif']);

const extOf = (key: string) => {
  const name = key.slice(key.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

export function viewerOf(me: Designer): Viewer {
  return { id: me.id, teamId: me.team_id, lead: me.designer_type === 0 };
}

/** The caller leads the template's team. */
export function leads(me: Designer, t: Pick<TemplateRow, 'team_id'>): boolean {
  return me.designer_type === 0 && t.team_id !== null && t.team_id === me.team_id;
}

/** The template if `me` may see it; 404 otherwise (someone who may not see it learns nothing of it). */
export async function visibleTemplate(db: Db, me: Designer, id: number): Promise<TemplateRow> {
  const t = await findTemplate(db, id);
  if (!t || !isVisible(t, viewerOf(me))) throw notFound(NOT_FOUND_MESSAGE);
  return t;
}

interface CheckedFile {
  key: string;
  name: string;
  ext: string;
}

/** Keys under the caller's own `template/` upload prefix, each once per kind (422 names the file). */
function checkKeys(me: Designer, items: FileInput[], field: 'previews' | 'sources'): CheckedFile[] {
  const code = designerCode(me.id);
  const out = items.map((f, i): CheckedFile => {
    const m = FILE_KEY.exec(f.key);
    if (!m || f.key.includes('..') || f.key.endsWith('/.') || CONTROL.test(f.key)) throw invalid(`${field}.${i}`, '文件路径不正确');
    if (m[1] !== code) throw invalid(`${field}.${i}`, '只能提交自己上传的文件');
    const name = f.name ?? m[2]!;
    if (CONTROL.test(name)) throw invalid(`${field}.${i}`, '文件名称包含不允许的字符');
    return { key: f.key, name, ext: extOf(f.key) };
  });
  if (new Set(out.map((f) => f.key)).size !== out.length) throw invalid(field, '文件重复');
  out.forEach((f, i) => {
    if (field === 'previews' && !PREVIEW_EXTS.has(f.ext)) throw invalid(`previews.${i}`, NOT_IMAGE_MESSAGE);
    if (field === 'sources' && !(SOURCE_FILE_TYPES as readonly string[]).includes(f.ext)) throw invalid(`sources.${i}`, `不支持的源文件类型，支持：${SOURCE_FILE_TYPES.join('、')}`);
  });
  return out;
}

/** Tags trimmed, each once, in order; no comma (the list's filter separates tags with commas). */
function checkTags(tags: string[]): string[] {
  tags.forEach((tag, i) => {
    if (/[,，]/.test(tag) || CONTROL.test(tag)) throw invalid(`tags.${i}`, '标签不能包含逗号或特殊字符');
  });
  return [...new Set(tags)];
}

export interface TemplateServiceDeps {
  db: Db;
  unitOfWork: UnitOfWork;
  oss: OssConfig;
}

export type TemplateService = ReturnType<typeof createTemplateService>;

export function createTemplateService({ db, unitOfWork, oss }: TemplateServiceDeps) {
  const readUrl = (key: string) => objectReadUrl(oss, key);
  /** Which gram of a search is rarest (the search starts there). */
  const gramCounts = createGramCounts(db);
  /** The list's matches in memory for the common queries (search-index.ts); the others use the SQL plan. */
  const searchIndex = createSearchIndex(db);
  /** The list cards of the pages the index answers. */
  const cardCache = new CardCache();
  const starCache = new StarCache();

  async function checkProducts(ids: number[], field = 'product_ids'): Promise<number[]> {
    const unique = [...new Set(ids)];
    const found = await existingProductIds(db, unique);
    ids.forEach((id, i) => {
      if (!found.has(id)) throw invalid(`${field}.${i}`, '产品不存在');
    });
    return unique;
  }

  /**
   * The files as stored: each preview read from the store, refused unless it is an image, its
   * thumbnail written; each source file's size from the store. Previews the template already has
   * keep their thumbnail.
   */
  async function storeFiles(me: Designer, input: TemplateInput, existing: FileRow[]): Promise<NewFile[]> {
    const previews = checkKeys(me, input.previews, 'previews');
    const sources = checkKeys(me, input.sources, 'sources');
    const out: NewFile[] = [];
    for (const [i, f] of previews.entries()) {
      const old = existing.find((e) => e.kind === 'preview' && e.object_key === f.key && e.thumb_key);
      if (old) {
        out.push({ kind: 'preview', position: i, object_key: f.key, name: f.name, size: old.size, content_type: old.content_type, ext: old.ext, thumb_key: old.thumb_key, width: old.width, height: old.height });
        continue;
      }
      let body: Buffer;
      try {
        body = await getObject(oss, f.key, PREVIEW_MAX_BYTES);
      } catch (err) {
        if (err instanceof MissingObjectError) throw invalid(`previews.${i}`, MISSING_FILE_MESSAGE);
        if (err instanceof ObjectTooLargeError) throw invalid(`previews.${i}`, `预览图不能超过${PREVIEW_MAX_BYTES / 1024 / 1024}MB`);
        throw err;
      }
      const thumb = await makeThumbnail(body);
      if (!thumb) throw invalid(`previews.${i}`, NOT_IMAGE_MESSAGE);
      const thumbKey = thumbKeyOf(f.key);
      await putObject(oss, thumbKey, thumb.body);
      out.push({ kind: 'preview', position: i, object_key: f.key, name: f.name, size: body.length, content_type: contentTypeFor(f.key), ext: f.ext, thumb_key: thumbKey, width: thumb.width, height: thumb.height });
    }
    for (const [i, f] of sources.entries()) {
      const info = await headObject(oss, f.key);
      if (!info) throw invalid(`sources.${i}`, MISSING_FILE_MESSAGE);
      out.push({ kind: 'source', position: i, object_key: f.key, name: f.name, size: info.size, content_type: contentTypeFor(f.key), ext: f.ext, thumb_key: null, width: null, height: null });
    }
    return out;
  }

  async function contentOf(me: Designer, input: TemplateInput, existing: FileRow[]): Promise<Content> {
    const tags = checkTags(input.tags);
    const productIds = await checkProducts(input.product_ids);
    // Cheap checks of every field first, then the store.
    checkKeys(me, input.previews, 'previews');
    checkKeys(me, input.sources, 'sources');
    const files = await storeFiles(me, input, existing);
    return {
      title: input.title,
      category: input.category,
      description: input.description,
      tags,
      productIds,
      files,
      searchText: searchText(input.title, tags),
      grams: indexGrams(input.title, tags),
    };
  }

  /** The list cards of the templates (names, tags, products, covers in a few batched reads), in the rows' order. */
  async function cardsOf(rows: TemplateRow[]): Promise<Card[]> {
    const ids = rows.map((r) => r.id);
    const [tags, products, covers, types, people] = await Promise.all([
      tagsOf(db, ids),
      productsOf(db, ids),
      coversOf(db, ids),
      sourceTypesOf(db, ids),
      designersByIds(db, [...new Set(rows.map((r) => r.owner_id))]),
    ]);
    const byOwner = new Map(people.map((p) => [p.id, p]));
    return rows.map((r) => {
      const owner = byOwner.get(r.owner_id);
      const cover = covers.find((c) => c.template_id === r.id);
      const card = {
        template_id: r.id,
        title: r.title,
        category: r.category,
        tags: tags.filter((t) => t.template_id === r.id).map((t) => t.tag),
        products: products.filter((p) => p.template_id === r.id).map((p) => ({ product_id: p.id, name: p.name })),
        status: r.status as TemplateStatus,
        featured: r.featured === 1,
        use_count: Number(r.use_count),
        owner: { designer_id: designerCode(r.owner_id), name: owner ? displayName(owner) : designerCode(r.owner_id) },
        cover: cover ? { thumbnail_url: readUrl(cover.thumb_key ?? cover.object_key), width: cover.width, height: cover.height } : null,
        file_types: types.filter((t) => t.template_id === r.id).map((t) => t.ext),
      };
      const times = { created_at: r.created_at, updated_at: r.updated_at };
      const head = JSON.stringify(card);
      return { ...card, ...times, owner_id: r.owner_id, head: head.slice(0, -1), tail: `,${JSON.stringify(times).slice(1)}` };
    });
  }

  /**
   * A list answer's JSON text (the envelope of a page): the cards' text joined, each with whether
   * it is the caller's and starred, in the schema's order (templates.test.ts compares it with what
   * the zod serializer writes).
   */
  function pageText(me: Designer, cards: Card[], stars: ReadonlySet<number>, total: number, page: number, pageSize: number): string {
    const items = cards.map((c) => `${c.head},"favourite":${stars.has(c.template_id)},"mine":${c.owner_id === me.id}${c.tail}`).join(',');
    return `{"code":200,"success":true,"message":"获取成功","data":{"items":[${items}],"total":${total},"page":${page},"pageSize":${pageSize}}}`;
  }

  /** The cards as `me` sees them: whether each is theirs, and starred (one read). */
  async function itemsOfCards(me: Designer, cards: Card[]): Promise<TemplateItem[]> {
    const stars = await favouriteIds(
      db,
      me.id,
      cards.map((c) => c.template_id),
    );
    return cards.map((c) => ({
      template_id: c.template_id,
      title: c.title,
      category: c.category,
      tags: c.tags,
      products: c.products,
      status: c.status,
      featured: c.featured,
      use_count: c.use_count,
      owner: c.owner,
      cover: c.cover,
      file_types: c.file_types,
      favourite: stars.has(c.template_id),
      mine: c.owner_id === me.id,
      created_at: c.created_at,
      updated_at: c.updated_at,
    }));
  }

  /** The list rows of the templates as `me` sees them. */
  async function items(me: Designer, rows: TemplateRow[]): Promise<TemplateItem[]> {
    return itemsOfCards(me, await cardsOf(rows));
  }

  /** The cards of the ids in the ids' order, and the caller's stars: kept at `versions` (card-cache.ts), else read. */
  async function cardsByIds(me: Designer, ids: number[], versions: LibraryVersions): Promise<{ cards: Card[]; stars: ReadonlySet<number> }> {
    const { found, missing } = cardCache.get(ids, versions.cards, nowMs());
    const kept = starCache.get(me.id, versions.stars);
    const [read, starred] = await Promise.all([missing.length ? templateRowsByIds(db, missing).then(cardsOf) : [], kept ? undefined : starredIds(db, me.id)]);
    cardCache.put(read, versions.cards, nowMs());
    for (const card of read) found.set(card.template_id, card);
    if (starred) starCache.put(me.id, starred, versions.stars);
    return { cards: ids.flatMap((id) => found.get(id) ?? []), stars: kept ?? starred! };
  }

  async function detailOf(me: Designer, t: TemplateRow): Promise<TemplateDetail> {
    const [[item], files, products] = await Promise.all([items(me, [t]), filesOf(db, [t.id]), productsOf(db, [t.id])]);
    const related = await relatedTemplates(db, viewerOf(me), t, products.map((p) => p.id));
    return {
      ...item!,
      description: t.description,
      published_at: t.published_at,
      previews: files
        .filter((f) => f.kind === 'preview')
        .map((f) => ({ file_id: f.id, name: f.name, size: Number(f.size), width: f.width, height: f.height, url: readUrl(f.object_key), thumbnail_url: readUrl(f.thumb_key ?? f.object_key) })),
      sources: files
        .filter((f) => f.kind === 'source')
        .map((f) => ({ file_id: f.id, name: f.name, size: Number(f.size), content_type: f.content_type, file_type: f.ext, url: readUrl(f.object_key) })),
      related: await items(me, related),
      can_edit: t.owner_id === me.id,
      can_curate: leads(me, t),
      can_share: t.owner_id === me.id || leads(me, t),
    };
  }

  /**
   * `template_versions` as of now: kept until a change to a table that moves it (on PostgreSQL its
   * notice, a moment after the commit; on SQLite any commit) or for a minute (db/change-notices.ts
   * `templateVersions`), else read.
   */
  async function versionsNow(): Promise<LibraryVersions> {
    const kept = noticeCache<LibraryVersions>(db, 'templateVersions');
    const hit = kept?.get('now', nowMs());
    if (hit) return hit;
    const begun = kept?.begin();
    const versions = await libraryVersions(db);
    kept?.put(begun!, 'now', 0, versions, nowMs());
    return versions;
  }

  /** A page of the library as `me` sees it: the answer's JSON text (`pageText`). */
  async function list(me: Designer, q: ListQuery): Promise<string> {
    const tags = q.tags ? [...new Set(q.tags.split(/[,，]/).map((s) => s.trim()).filter(Boolean))] : [];
    if (tags.length > 5) throw invalid('tags', '最多按5个标签筛选');
    const query: IndexQuery = {
      viewer: viewerOf(me),
      terms: queryTerms(q.q),
      category: q.category,
      productId: q.product_id,
      tags,
      fileType: q.file_type,
      scope: q.scope,
      status: q.status,
      sort: q.sort,
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    };
    if (!searchIndex.answers(query)) {
      const { rows, total } = await listTemplateRows(db, { ...query, gramCounts });
      const [cards, stars] = await Promise.all([
        cardsOf(rows),
        favouriteIds(
          db,
          me.id,
          rows.map((r) => r.id),
        ),
      ]);
      return pageText(me, cards, stars, total, q.page, q.pageSize);
    }
    // The numbers before anything they guard is read (search-index.ts, card-cache.ts).
    const versions = await versionsNow();
    const { ids, total } = await searchIndex.search(query, versions.search);
    const { cards, stars } = await cardsByIds(me, ids, versions);
    return pageText(me, cards, stars, total, q.page, q.pageSize);
  }

  async function facets(me: Designer): Promise<Facets> {
    const [products, tags] = await Promise.all([allProducts(db), topTags(db, viewerOf(me))]);
    return { categories: [...TEMPLATE_CATEGORIES], products: products.map((p) => ({ product_id: p.id, name: p.name })), file_types: [...SOURCE_FILE_TYPES], tags };
  }

  async function detail(me: Designer, id: number): Promise<TemplateDetail> {
    return detailOf(me, await visibleTemplate(db, me, id));
  }

  /** A new template of `me`, private until a lead of their team publishes it. */
  async function create(me: Designer, input: TemplateInput): Promise<TemplateDetail> {
    const content = await contentOf(me, input, []);
    const id = await unitOfWork((trx) => insertTemplate(trx, { ownerId: me.id, teamId: me.team_id, now: nowIso(), content }));
    return detail(me, id);
  }

  /** Replaces the content of the caller's own template (403 for another's they may see). */
  async function edit(me: Designer, id: number, input: TemplateInput): Promise<TemplateDetail> {
    const t = await visibleTemplate(db, me, id);
    if (t.owner_id !== me.id) throw forbidden(NOT_OWN_EDIT_MESSAGE);
    const content = await contentOf(me, input, await filesOf(db, [id]));
    await unitOfWork(async (trx) => {
      if (!(await replaceContent(trx, id, me.id, content, nowIso()))) throw notFound(NOT_FOUND_MESSAGE);
    });
    return detail(me, id);
  }

  async function remove(me: Designer, id: number): Promise<void> {
    const t = await visibleTemplate(db, me, id);
    if (t.owner_id !== me.id) throw forbidden(NOT_OWN_DELETE_MESSAGE);
    await unitOfWork(async (trx) => {
      if (!(await deleteOwnTemplate(trx, id, me.id))) throw notFound(NOT_FOUND_MESSAGE);
    });
  }

  /** A lead of the template's team publishes, unpublishes, features it, sets its category and products. */
  async function curate(me: Designer, id: number, input: CurationInput): Promise<TemplateDetail> {
    const t = await visibleTemplate(db, me, id);
    if (!leads(me, t)) throw forbidden(NOT_LEAD_MESSAGE);
    const productIds = input.product_ids === undefined ? undefined : await checkProducts(input.product_ids);
    const now = nowIso();
    await unitOfWork(async (trx) => {
      await curateTemplate(trx, id, {
        updated_at: now,
        ...(input.status !== undefined && input.status !== t.status ? { status: input.status, published_at: input.status === 'published' ? now : null } : {}),
        ...(input.featured !== undefined ? { featured: input.featured ? 1 : 0 } : {}),
        ...(input.category !== undefined ? { category: input.category } : {}),
      });
      if (productIds !== undefined) await setProducts(trx, id, productIds);
    });
    return detail(me, id);
  }

  async function favourite(me: Designer, id: number, on: boolean): Promise<{ template_id: number; favourite: boolean }> {
    await visibleTemplate(db, me, id);
    await unitOfWork((trx) => (on ? addFavourite(trx, me.id, id, nowIso()) : removeFavourite(trx, me.id, id)));
    return { template_id: id, favourite: on };
  }

  /**
   * 「用于工单」: copies the template's source files, in the store, to new keys under the caller's
   * draft area (`draft/<designer_id>/<yyyymmdd>/<nonce>/<name>`), for a ticket they hold, and
   * counts a use. The keys come back for the draft dialog to submit.
   */
  async function use(me: Designer, id: number, ticketId: number): Promise<Used> {
    const t = await visibleTemplate(db, me, id);
    // The ticket's designer only: 404 for others' tickets, 403 for the team's lead, 409 once it is closed.
    await ownTicket(db, me, ticketId);
    const sources = await filesOf(db, [t.id], 'source');
    if (!sources.length) throw conflict('该模板没有源文件');
    const day = nowIso().slice(0, 10).replaceAll('-', '');
    const dir = uploadDir('draft', designerCode(me.id), day);
    const taken = new Set<string>();
    const files: Used['files'] = [];
    for (const f of sources) {
      const name = draftName(f, taken);
      const key = `${dir}${name}`;
      try {
        await copyObject(oss, f.object_key, key);
      } catch (err) {
        if (err instanceof MissingObjectError) throw conflict('模板的源文件已丢失，请联系模板作者重新上传');
        throw err;
      }
      files.push({ key, name, size: Number(f.size), content_type: f.content_type, read_url: readUrl(key) });
    }
    const useCount = await unitOfWork((trx) => countUse(trx, t.id));
    return { template_id: t.id, ticket_id: ticketId, use_count: useCount, files };
  }

  return { list, facets, detail, create, edit, remove, curate, favourite, use };
}

/** A file name safe as the last segment of a key, with its source's extension, once per directory. */
function draftName(f: FileRow, taken: Set<string>): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
  let base = f.name.replace(/[/\\\u0000-\u001f\u007f]/g, '_').trim();
  if (!base || base === '.' || base === '..') base = 'file';
  if (!base.toLowerCase().endsWith(`.${f.ext}`)) base = `${base}.${f.ext}`;
  let name = base.slice(-200);
  for (let n = 2; taken.has(name); n++) {
    const dot = base.lastIndexOf('.');
    name = `${base.slice(0, dot)}(${n})${base.slice(dot)}`.slice(-200);
  }
  taken.add(name);
  return name;
}
