/**
 * The template library (issue #17), on SQLite and PostgreSQL: what a template may hold (422s with
 * their fields, previews that are not images, others' and missing files), who sees a template
 * (others' private ones → 404), editing and deleting one's own only, a lead's curation, favourites,
 * search (Chinese partial words, tags, 2-character and 1-character words, wildcards taken as text),
 * real thumbnails, share links (expiry on the app's clock, revocation, forged tokens, nothing of
 * another template) and 「用于工单」 (the source files copied in the store into the draft area, read
 * back, submitted as a draft, the use counted).
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { advanceClock } from '../src/lib/time.js';
import { envelope, pageOf } from '../src/lib/http.js';
import { putObject } from '../src/modules/files/index.js';
import { templateItemSchema } from '../src/modules/templates/template.schemas.js';
import { assignedTicket, createWorld, type World } from './support/appeals.js';
import { elsewhere } from './support/elsewhere.js';
import { dialects, expectEnvelope, expectFieldErrors, type Res } from './support/harness.js';
import { createPerson, type Person, useTicketApp } from './support/tickets.js';

interface ItemWire {
  template_id: number;
  title: string;
  category: string;
  tags: string[];
  products: { product_id: number; name: string }[];
  status: string;
  featured: boolean;
  use_count: number;
  owner: { designer_id: string; name: string };
  cover: { thumbnail_url: string; width: number | null; height: number | null } | null;
  file_types: string[];
  favourite: boolean;
  mine: boolean;
}
interface DetailWire extends ItemWire {
  description: string;
  previews: { file_id: number; name: string; size: number; width: number | null; height: number | null; url: string; thumbnail_url: string }[];
  sources: { file_id: number; name: string; size: number; content_type: string; file_type: string; url: string }[];
  related: ItemWire[];
  can_edit: boolean;
  can_curate: boolean;
  can_share: boolean;
}
interface PageWire {
  items: ItemWire[];
  total: number;
}
interface ShareWire {
  share_id: number;
  token: string;
  path: string;
  expires_at: string | null;
  state: string;
}
interface PublicWire {
  title: string;
  previews: { url: string; thumbnail_url: string }[];
  sources: { name: string; url: string }[];
  allow_download: boolean;
}

const DAY = 24 * 3600_000;
const listPageSchema = envelope(pageOf(templateItemSchema));
const PNG = sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3366cc' } })
  .png()
  .toBuffer();
const SOURCE = Buffer.from('%PDF-1.4 template source');

describe.each(dialects)('templates (%s)', (dialect) => {
  const t = useTicketApp(dialect, { config: { tokenTtlHours: 24 * 365 } });
  let w: World;
  let other: Person;

  beforeAll(async () => {
    w = await createWorld(t);
    other = await createPerson(t, { type: 1, teamId: w.otherTeamId });
  });

  const dirOf = (code: string) => `template/${code}/20261126/${randomBytes(6).toString('hex')}/`;
  const store = (key: string, body: Buffer) => putObject(t.app.config.oss, key, body);
  /** A preview and a source file uploaded by `who`, in the store. */
  async function uploaded(who: Person, name = '商务名片') {
    const dir = dirOf(who.code);
    const preview = `${dir}${name}.png`;
    const source = `${dir}${name}.psd`;
    await store(preview, await PNG);
    await store(source, SOURCE);
    return { preview, source };
  }
  async function body(who: Person, extra: Record<string, unknown> = {}) {
    const f = await uploaded(who);
    return { title: '商务名片模板', category: '名片', tags: ['蓝色'], product_ids: [w.product], previews: [{ key: f.preview }], sources: [{ key: f.source, name: '名片源文件.psd' }], ...extra };
  }
  const created = async (who: Person, extra: Record<string, unknown> = {}) => expectEnvelope<DetailWire>(await who.client.post('/api/templates', await body(who, extra)), 200).data;
  const detailOf = (who: Person, id: number) => who.client.get(`/api/templates/${id}`);
  const listOf = async (who: Person, query: string) => expectEnvelope<PageWire>(await who.client.get(`/api/templates?pageSize=100&${query}`), 200).data;
  const idsOf = async (who: Person, query: string) => (await listOf(who, query)).items.map((i) => i.template_id);
  const curate = (who: Person, id: number, change: Record<string, unknown>) => who.client.post(`/api/templates/${id}/curation`, change);
  const published = async (who: Person, extra: Record<string, unknown> = {}) => {
    const d = await created(who, extra);
    expectEnvelope(await curate(w.lead, d.template_id, { status: 'published' }), 200);
    return d;
  };
  const templateCount = async () => Number((await t.db.selectFrom('templates').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const read = (url: string) => t.inject({ method: 'GET', url });
  const message = (res: Res, status: number) => expectEnvelope(res, status).message;

  it('refuses bad input with 422 on the field, and stores nothing', async () => {
    const before = await templateCount();
    const mine = await uploaded(w.designer);
    const theirs = await uploaded(w.mate);
    const good = { title: '模板', category: '名片', previews: [{ key: mine.preview }], sources: [{ key: mine.source }] };
    const post = (b: Record<string, unknown>) => w.designer.client.post('/api/templates', { ...good, ...b });
    expectFieldErrors(await post({ title: '  ' }), [['title', '请填写模板标题']]);
    expectFieldErrors(await post({ title: '长'.repeat(61) }), [['title', '模板标题不能超过60个字符']]);
    expectFieldErrors(await post({ category: '其它东西' }), [['category', '模板分类不正确']]);
    expectFieldErrors(await post({ tags: Array.from({ length: 11 }, (_, i) => `标签${i}`) }), [['tags', '标签最多10个']]);
    expectFieldErrors(await post({ tags: ['长'.repeat(21)] }), [['tags.0', '每个标签不能超过20个字符']]);
    expectFieldErrors(await post({ tags: ['蓝,红'] }), [['tags.0', '标签不能包含逗号或特殊字符']]);
    expectFieldErrors(await post({ previews: [] }), [['previews', '请上传至少一张预览图']]);
    expectFieldErrors(await post({ sources: [] }), [['sources', '请上传至少一个源文件']]);
    expectFieldErrors(await post({ product_ids: [2147483000] }), [['product_ids.0', '产品不存在']]);
    expectFieldErrors(await post({ previews: [{ key: theirs.preview }] }), [['previews.0', '只能提交自己上传的文件']]);
    expectFieldErrors(await post({ sources: [{ key: theirs.source }] }), [['sources.0', '只能提交自己上传的文件']]);
    expectFieldErrors(await post({ previews: [{ key: 'template/../../etc/passwd.png' }] }), [['previews.0', '文件路径不正确']]);
    expectFieldErrors(await post({ previews: [{ key: `draft/${w.designer.code}/20261126/abcdef/x.png` }] }), [['previews.0', '文件路径不正确']]);
    expectFieldErrors(await post({ sources: [{ key: mine.source }, { key: mine.source }] }), [['sources', '文件重复']]);
    // A preview that is not an image, though named .png; one that is not there; a source of a refused type.
    const fake = `${dirOf(w.designer.code)}假图片.png`;
    await store(fake, Buffer.from('<html>not an image</html>'));
    expectFieldErrors(await post({ previews: [{ key: fake }] }), [['previews.0', '预览图必须是JPG、PNG、WebP或GIF图片']]);
    expectFieldErrors(await post({ previews: [{ key: mine.preview }, { key: `${dirOf(w.designer.code)}没有.png` }] }), [['previews.1', '文件不存在，请重新上传']]);
    expectFieldErrors(await post({ sources: [{ key: `${dirOf(w.designer.code)}没有.psd` }] }), [['sources.0', '文件不存在，请重新上传']]);
    // A preview over 20 MB is refused before it is read.
    const huge = `${dirOf(w.designer.code)}超大.png`;
    await store(huge, Buffer.alloc(20 * 1024 * 1024 + 1));
    expectFieldErrors(await post({ previews: [{ key: huge }] }), [['previews.0', '预览图不能超过20MB']]);
    const exe = `${dirOf(w.designer.code)}病毒.exe`;
    await store(exe, Buffer.from('MZ'));
    expectFieldErrors(await post({ sources: [{ key: exe }] }), [['sources.0', /^不支持的源文件类型/]]);
    expect(await templateCount()).toBe(before);
  });

  it('makes a private template with a real 480 px WebP thumbnail, signed URLs and the files’ sizes', async () => {
    const d = await created(w.designer, { description: '双面名片', tags: ['蓝色', '烫金', '蓝色'] });
    expect(d).toMatchObject({ title: '商务名片模板', category: '名片', status: 'private', featured: false, use_count: 0, tags: ['蓝色', '烫金'], mine: true, can_edit: true, can_curate: false, can_share: true });
    expect(d.products).toEqual([{ product_id: w.product, name: expect.any(String) }]);
    expect(d.owner.designer_id).toBe(w.designer.code);
    expect(d.sources).toEqual([{ file_id: expect.any(Number), name: '名片源文件.psd', size: SOURCE.length, content_type: 'image/vnd.adobe.photoshop', file_type: 'psd', url: expect.stringContaining('Signature=') }]);
    expect(d.file_types).toEqual(['psd']);
    const [p] = d.previews;
    expect(p).toMatchObject({ width: 1200, height: 800, size: (await PNG).length });
    const thumb = await read(p!.thumbnail_url);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 480, 320]);
    expect(d.cover).toEqual({ thumbnail_url: expect.stringMatching(/^\/oss\/template-thumb\/.+\.webp\?OSSAccessKeyId=/), width: 1200, height: 800 });
    // The full preview reads through its signed URL only.
    expect((await read(p!.url)).rawPayload.equals(await PNG)).toBe(true);
    expect((await read(p!.url.split('?')[0]!)).statusCode).toBe(403);
    expect((await read(p!.thumbnail_url.split('?')[0]!)).statusCode).toBe(403);
  });

  it('a private template is its owner’s and their lead’s: teammates and other teams get 404', async () => {
    const d = await created(w.designer);
    expect(expectEnvelope<DetailWire>(await detailOf(w.lead, d.template_id), 200).data).toMatchObject({ can_curate: true, can_share: true, can_edit: false });
    for (const outsider of [w.mate, w.otherLead, other]) {
      expect(message(await detailOf(outsider, d.template_id), 404)).toBe('模板不存在');
      expect(await idsOf(outsider, '')).not.toContain(d.template_id);
      expect(message(await outsider.client.post(`/api/templates/${d.template_id}/favourite`), 404)).toBe('模板不存在');
    }
    expect(await idsOf(w.lead, 'status=private')).toContain(d.template_id);
    expect(message(await detailOf(w.designer, 2147483647), 404)).toBe('模板不存在');
  });

  it('only its owner edits or deletes a template; a lead curates; other teams see nothing', async () => {
    const d = await created(w.designer);
    // Only a lead of its team curates.
    expect(message(await curate(w.designer, d.template_id, { status: 'published' }), 403)).toBe('只有团队负责人可以整理模板');
    expect(message(await curate(w.otherLead, d.template_id, { status: 'published' }), 404)).toBe('模板不存在');
    expectFieldErrors(await curate(w.lead, d.template_id, {}), [['status', '请选择要修改的内容']]);
    const after = expectEnvelope<DetailWire>(await curate(w.lead, d.template_id, { status: 'published', featured: true, category: '海报', product_ids: [] }), 200).data;
    expect(after).toMatchObject({ status: 'published', featured: true, category: '海报', products: [] });
    // Published: the team sees it, featured first; another team still does not.
    const mateView = expectEnvelope<DetailWire>(await detailOf(w.mate, d.template_id), 200).data;
    expect(mateView).toMatchObject({ can_edit: false, can_curate: false, can_share: false });
    expect((await idsOf(w.mate, 'scope=team'))[0]).toBe(d.template_id);
    expect(message(await detailOf(w.otherLead, d.template_id), 404)).toBe('模板不存在');

    const edit = await body(w.mate, { title: '别人改的' });
    for (const who of [w.mate, w.lead]) {
      expect(message(await who.client.put(`/api/templates/${d.template_id}`, edit), 403)).toBe('只能编辑自己的模板');
      expect(message(await who.client.post(`/api/templates/${d.template_id}/delete`), 403)).toBe('只能删除自己的模板');
    }
    expect(message(await w.otherLead.client.put(`/api/templates/${d.template_id}`, edit), 404)).toBe('模板不存在');
    expect(expectEnvelope<DetailWire>(await detailOf(w.designer, d.template_id), 200).data.title).toBe('商务名片模板');

    // The owner's edit keeps the preview's thumbnail, takes new files, keeps status and featured.
    const mine = await uploaded(w.designer, '新源文件');
    const edited = expectEnvelope<DetailWire>(
      await w.designer.client.put(`/api/templates/${d.template_id}`, { title: '高端烫金名片', category: '名片', tags: ['金色'], previews: [{ key: d.previews[0]!.url.split('?')[0]!.replace(/^\/oss\//, '').split('/').map(decodeURIComponent).join('/') }], sources: [{ key: mine.source }] }),
      200,
    ).data;
    expect(edited).toMatchObject({ title: '高端烫金名片', tags: ['金色'], status: 'published', featured: true, file_types: ['psd'] });
    expect(edited.previews[0]!.thumbnail_url.split('?')[0]).toBe(d.previews[0]!.thumbnail_url.split('?')[0]);
    expect(await idsOf(w.mate, `q=${encodeURIComponent('烫金')}`)).toContain(d.template_id);
    // A new preview on edit gets its own thumbnail; a non-image one is refused and changes nothing.
    const next = await uploaded(w.designer, '第二张');
    const withSecond = expectEnvelope<DetailWire>(
      await w.designer.client.put(`/api/templates/${d.template_id}`, { title: '高端烫金名片', category: '名片', tags: ['金色'], previews: [{ key: next.preview }], sources: [{ key: next.source }] }),
      200,
    ).data;
    expect(withSecond.previews[0]!.thumbnail_url).toContain(encodeURIComponent('第二张'));
    expect((await sharp((await read(withSecond.previews[0]!.thumbnail_url)).rawPayload).metadata()).format).toBe('webp');
    const bad = `${dirOf(w.designer.code)}坏图.gif`;
    await store(bad, Buffer.from('GIF89a but not really'));
    expectFieldErrors(await w.designer.client.put(`/api/templates/${d.template_id}`, { title: '不该保存', category: '名片', previews: [{ key: bad }], sources: [{ key: next.source }] }), [
      ['previews.0', '预览图必须是JPG、PNG、WebP或GIF图片'],
    ]);
    expect(expectEnvelope<DetailWire>(await detailOf(w.designer, d.template_id), 200).data.title).toBe('高端烫金名片');
    expect(await idsOf(w.mate, `q=${encodeURIComponent('商务')}`)).not.toContain(d.template_id);

    // Unpublished: back to its owner and the lead.
    expectEnvelope(await curate(w.lead, d.template_id, { status: 'private' }), 200);
    expect(message(await detailOf(w.mate, d.template_id), 404)).toBe('模板不存在');

    // Deleted by its owner: gone for everyone, its links with it.
    const link = expectEnvelope<ShareWire>(await w.designer.client.post(`/api/templates/${d.template_id}/shares`, { expires_in: 'never' }), 200).data;
    expectEnvelope(await w.designer.client.post(`/api/templates/${d.template_id}/delete`), 200);
    expect(message(await detailOf(w.designer, d.template_id), 404)).toBe('模板不存在');
    expect(message(await detailOf(w.lead, d.template_id), 404)).toBe('模板不存在');
    expect(message(await t.anon.get(`/api/template-share/${link.token}`), 404)).toBe('分享链接不存在');
  });

  it('favourites: star, list my stars, unstar; idempotent', async () => {
    const d = await published(w.designer);
    for (let i = 0; i < 2; i++) expect(expectEnvelope(await w.mate.client.post(`/api/templates/${d.template_id}/favourite`), 200).data).toEqual({ template_id: d.template_id, favourite: true });
    expect(await idsOf(w.mate, 'scope=favourites')).toEqual([d.template_id]);
    expect((await listOf(w.mate, 'scope=favourites')).items[0]!.favourite).toBe(true);
    expect(await idsOf(w.designer, 'scope=favourites')).not.toContain(d.template_id);
    expectEnvelope(await w.mate.client.post(`/api/templates/${d.template_id}/unfavourite`), 200);
    expect(await idsOf(w.mate, 'scope=favourites')).toEqual([]);
  });

  it('search matches titles and tags by partial Chinese words, 1 and 2 characters, several words, case and width', async () => {
    const card = await published(w.designer, { title: '商务名片模板', tags: ['蓝色', '烫金'] });
    const poster = await published(w.designer, { title: '简约海报', tags: ['红色'], category: '海报' });
    const logo = await published(w.designer, { title: 'LOGO 设计 100%', tags: [] });
    const search = (q: string, extra = '') => idsOf(w.mate, `q=${encodeURIComponent(q)}${extra}`);
    expect(await search('名片')).toContain(card.template_id);
    expect(await search('名片')).not.toContain(poster.template_id);
    expect(await search('务名')).toContain(card.template_id);
    expect(await search('商务名片模板')).toContain(card.template_id);
    expect(await search('名')).toContain(card.template_id);
    expect(await search('蓝色')).toContain(card.template_id);
    expect(await search('蓝色')).not.toContain(poster.template_id);
    expect(await search('名片 烫金')).toContain(card.template_id);
    expect(await search('名片 红色')).not.toContain(card.template_id);
    expect(await search('片名')).not.toContain(card.template_id);
    expect(await search('logo')).toContain(logo.template_id);
    expect(await search('ｌｏｇｏ设计')).toContain(logo.template_id);
    expect(await search('100%')).toContain(logo.template_id);
    expect(await search('%')).toContain(logo.template_id);
    expect(await search('%')).not.toContain(card.template_id);
    expect(await search('_')).not.toContain(card.template_id);
    // Tags filter exactly; filters combine with the search.
    expect(await idsOf(w.mate, `tags=${encodeURIComponent('蓝色,烫金')}`)).toContain(card.template_id);
    expect(await idsOf(w.mate, `tags=${encodeURIComponent('蓝色,红色')}`)).not.toContain(card.template_id);
    expect(await search('名片', '&category=海报')).not.toContain(card.template_id);
    expect(await search('海报', '&category=海报&file_type=psd')).toContain(poster.template_id);
    expect(await search('海报', '&file_type=pdf')).not.toContain(poster.template_id);
    expect(await idsOf(w.mate, `product_id=${w.product}&q=${encodeURIComponent('名片')}`)).toContain(card.template_id);
    // Another team's designer finds none of it.
    expect(await idsOf(other, `q=${encodeURIComponent('名片')}`)).not.toContain(card.template_id);
    expectFieldErrors(await w.mate.client.get(`/api/templates?q=${'长'.repeat(51)}`), [['q', '搜索内容不能超过50个字符']]);
    expectFieldErrors(await w.mate.client.get('/api/templates?file_type=exe'), [['file_type', '文件类型不正确']]);
  });

  it('sorts by most used and pages', async () => {
    const a = await published(w.designer, { title: '排序甲' });
    const b = await published(w.designer, { title: '排序乙' });
    await t.db.updateTable('templates').set({ use_count: 50 }).where('id', '=', a.template_id).execute();
    const q = `q=${encodeURIComponent('排序')}`;
    expect(await idsOf(w.mate, `${q}&sort=newest`)).toEqual([b.template_id, a.template_id]);
    expect(await idsOf(w.mate, `${q}&sort=most_used`)).toEqual([a.template_id, b.template_id]);
    const page2 = expectEnvelope<PageWire>(await w.mate.client.get(`/api/templates?${q}&pageSize=1&page=2`), 200).data;
    expect([page2.total, page2.items.map((i) => i.template_id)]).toEqual([2, [a.template_id]]);
    const detail = expectEnvelope<DetailWire>(await detailOf(w.mate, a.template_id), 200).data;
    expect(detail.related.map((r) => r.template_id)).toContain(b.template_id);
  });

  it('the list answers as its definition for every viewer, scope, status, sort, page and search word (the plan changes nothing)', async () => {
    // A designer who uploaded before joining the team: that template keeps team_id null (only its owner sees it).
    const mover = await createPerson(t, { type: 1 });
    await created(mover, { title: '迁移名片模板', tags: ['旧作'] });
    await t.db.updateTable('designers').set({ team_id: w.teamId }).where('id', '=', mover.id).execute();
    const featured = await published(w.designer, { title: '推荐名片海报', tags: ['蓝色'] });
    expectEnvelope(await curate(w.lead, featured.template_id, { featured: true }), 200);
    await created(w.designer, { title: '私有名片草稿', tags: ['蓝色'] });
    const mates = await published(w.mate, { title: '同事名片', tags: ['红色'] });
    await t.db.updateTable('templates').set({ use_count: 7 }).where('id', '=', mates.template_id).execute();
    expectEnvelope(await w.mate.client.post(`/api/templates/${mates.template_id}/favourite`), 200);

    const all = await t.db.selectFrom('templates').select(['id', 'owner_id', 'team_id', 'status', 'featured', 'use_count', 'category', 'search_text']).execute();
    async function expected(who: Person, params: URLSearchParams) {
      const me = await t.db.selectFrom('designers').select(['team_id', 'designer_type']).where('id', '=', who.id).executeTakeFirstOrThrow();
      const stars = new Set((await t.db.selectFrom('template_favourites').select('template_id').where('designer_id', '=', who.id).execute()).map((r) => r.template_id));
      const words = (params.get('q') ?? '').normalize('NFKC').toLowerCase().split(/\s+/u).filter(Boolean);
      const scope = params.get('scope') ?? 'all';
      const rows = all.filter(
        (r) =>
          (r.owner_id === who.id || (me.team_id !== null && r.team_id === me.team_id && (me.designer_type === 0 || r.status === 'published'))) &&
          (scope !== 'mine' || r.owner_id === who.id) &&
          (scope !== 'team' || (r.team_id === me.team_id && r.status === 'published')) &&
          (scope !== 'favourites' || stars.has(r.id)) &&
          (!params.get('status') || r.status === params.get('status')) &&
          (!params.get('category') || r.category === params.get('category')) &&
          words.every((word) => r.search_text.split('\n').some((piece) => piece.includes(word))),
      );
      const used = params.get('sort') === 'most_used';
      rows.sort((a, b) => b.featured - a.featured || (used ? b.use_count - a.use_count : 0) || b.id - a.id);
      const size = Number(params.get('pageSize'));
      const from = (Number(params.get('page')) - 1) * size;
      return { total: rows.length, ids: rows.slice(from, from + size).map((r) => r.id) };
    }

    const queries = ['', 'q=名片', 'q=名', 'q=名片 蓝色', 'q=名片模板', 'q=无此模板词', 'scope=mine', 'scope=team', 'status=private', 'status=published&q=名片', 'category=名片&q=名片', 'scope=favourites'];
    for (const who of [w.designer, w.mate, w.lead, other, mover]) {
      for (const query of queries) {
        for (const sort of ['newest', 'most_used']) {
          for (const [page, pageSize] of [[1, 2], [2, 2]] as const) {
            const params = new URLSearchParams(query);
            params.set('sort', sort);
            params.set('page', String(page));
            params.set('pageSize', String(pageSize));
            const answer = expectEnvelope<PageWire>(await who.client.get(`/api/templates?${params.toString()}`), 200).data;
            expect({ query: params.toString(), total: answer.total, ids: answer.items.map((i) => i.template_id) }).toEqual({ query: params.toString(), ...(await expected(who, params)) });
          }
        }
      }
    }
  });

  it('what a process keeps of the library (search postings, list cards) follows a change by another connection (at once on SQLite; on its notice on PostgreSQL)', async () => {
    const d = await published(w.designer, { title: '晨曦茶叶礼盒', tags: ['翠绿'] });
    const search = async (who: Person, q: string) => listOf(who, `q=${encodeURIComponent(q)}`);
    const card = async (q: string) => (await search(w.mate, q)).items.find((i) => i.template_id === d.template_id);
    // SQLite: the very next request sees a change. PostgreSQL: a process learns of it from the
    // change's notice, a moment after the commit (db/change-notices.ts `templateVersions`).
    const seen = async <T,>(read: () => Promise<T>, expected: T) => {
      if (dialect === 'sqlite') expect(await read()).toEqual(expected);
      else await expect.poll(read, { timeout: 5_000 }).toEqual(expected);
    };
    expect((await card('晨曦'))?.title).toBe('晨曦茶叶礼盒');

    // The title and its search text, as an edit writes them: the old words stop matching, the new ones match.
    await elsewhere(t, 'update templates set title = ?, search_text = ? where id = ?', ['暮霭茶叶礼盒', '暮霭茶叶礼盒\n翠绿', d.template_id]);
    await seen(async () => (await search(w.mate, '晨曦')).total, 0);
    await seen(async () => (await card('暮霭'))?.title, '暮霭茶叶礼盒');
    // What only the card shows: its use count, its tags, its owner's name.
    await elsewhere(t, 'update templates set use_count = ? where id = ?', [42, d.template_id]);
    await seen(async () => (await card('暮霭'))?.use_count, 42);
    await elsewhere(t, 'update template_tags set tag = ? where template_id = ?', ['墨绿', d.template_id]);
    await seen(async () => (await card('暮霭'))?.tags, ['墨绿']);
    await elsewhere(t, 'update designers set real_name = ? where id = ?', ['改名设计师', w.designer.id]);
    await seen(async () => (await card('暮霭'))?.owner.name, '改名设计师');
    // Whose stars a list marks.
    await seen(async () => (await card('暮霭'))?.favourite, false);
    await elsewhere(t, 'insert into template_favourites (designer_id, template_id, created_at) values (?, ?, ?)', [w.mate.id, d.template_id, new Date().toISOString()]);
    await seen(async () => (await card('暮霭'))?.favourite, true);
    await elsewhere(t, 'delete from template_favourites where designer_id = ? and template_id = ?', [w.mate.id, d.template_id]);
    await seen(async () => (await card('暮霭'))?.favourite, false);
    // Visibility: unpublished, a teammate no longer finds it; its owner and the lead still do.
    await elsewhere(t, "update templates set status = 'private' where id = ?", [d.template_id]);
    await seen(async () => (await search(w.mate, '暮霭')).total, 0);
    await seen(async () => (await search(w.designer, '暮霭')).items.map((i) => i.template_id), [d.template_id]);
    await seen(async () => (await search(w.lead, '暮霭')).items.map((i) => i.template_id), [d.template_id]);
    await elsewhere(t, 'delete from template_search_grams where template_id = ?', [d.template_id]);
    await elsewhere(t, 'delete from template_favourites where template_id = ?', [d.template_id]);
    await elsewhere(t, 'delete from template_tags where template_id = ?', [d.template_id]);
    await elsewhere(t, 'delete from template_products where template_id = ?', [d.template_id]);
    await elsewhere(t, 'delete from template_files where template_id = ?', [d.template_id]);
    await elsewhere(t, 'delete from templates where id = ?', [d.template_id]);
    await seen(async () => (await search(w.designer, '暮霭')).total, 0);
  });

  it('writes the list exactly as its schema (it goes out through JSON.stringify, not the zod serializer)', async () => {
    const mine = await created(w.designer, { title: '形状校验名片', tags: ['校验'] });
    expectEnvelope(await w.designer.client.post(`/api/templates/${mine.template_id}/favourite`), 200);
    for (const query of ['q=名片', 'q=形状校验', '', 'sort=most_used', 'scope=favourites']) {
      const res = await w.designer.client.get(`/api/templates?pageSize=50&${query}`);
      expect(res.statusCode, query).toBe(200);
      const body = res.json() as { data: { items: unknown[] } };
      expect(body.data.items.length, query).toBeGreaterThan(0);
      for (const item of body.data.items) expect(() => templateItemSchema.strict().parse(item), query).not.toThrow();
      expect(res.body, query).toBe(JSON.stringify(listPageSchema.encode(body as never)));
    }
  });

  it('share links: owner or lead only; expiry on the clock; revoked; forged; nothing of another template', async () => {
    const d = await published(w.designer, { title: '分享的模板' });
    const secret = await published(w.designer, { title: '另一个模板' });
    expect(message(await w.mate.client.post(`/api/templates/${d.template_id}/shares`, { expires_in: '7d' }), 403)).toBe('只有模板作者或团队负责人可以管理分享链接');
    expect(message(await w.otherLead.client.post(`/api/templates/${d.template_id}/shares`, { expires_in: '7d' }), 404)).toBe('模板不存在');
    expectFieldErrors(await w.designer.client.post(`/api/templates/${d.template_id}/shares`, { expires_in: '2d' }), [['expires_in', '有效期只能是1天、7天、30天或永久']]);

    const day = expectEnvelope<ShareWire>(await w.designer.client.post(`/api/templates/${d.template_id}/shares`, { expires_in: '1d' }), 200).data;
    expect(day.path).toBe(`/template-share?token=${day.token}`);
    const forever = expectEnvelope<ShareWire>(await w.lead.client.post(`/api/templates/${d.template_id}/shares`, { expires_in: 'never', allow_download: true }), 200).data;
    expect(forever.expires_at).toBeNull();
    // Stored hashed: the token appears nowhere in the database.
    const rows = await t.db.selectFrom('template_shares').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(day.token);

    const open = (token: string) => t.anon.get(`/api/template-share/${token}`);
    const viewed = expectEnvelope<PublicWire>(await open(day.token), 200).data;
    expect(viewed).toMatchObject({ title: '分享的模板', allow_download: false, sources: [] });
    expect(viewed.previews).toHaveLength(1);
    expect((await read(viewed.previews[0]!.thumbnail_url)).statusCode).toBe(200);
    const withFiles = expectEnvelope<PublicWire>(await open(forever.token), 200).data;
    expect(withFiles.sources).toEqual([{ name: '名片源文件.psd', size: SOURCE.length, content_type: 'image/vnd.adobe.photoshop', file_type: 'psd', url: expect.stringContaining('Signature=') }]);
    expect((await read(withFiles.sources[0]!.url)).rawPayload.equals(SOURCE)).toBe(true);
    // Nothing of another template, nothing personal.
    const text = JSON.stringify(withFiles);
    const secretDetail = expectEnvelope<DetailWire>(await detailOf(w.designer, secret.template_id), 200).data;
    const secretDir = secretDetail.sources[0]!.url.split('?')[0]!.split('/').slice(0, -1).join('/');
    expect(text).not.toContain(secretDir);
    // Nothing about people: no name, no phone (object keys carry the uploader's opaque designer id, as every file URL does).
    expect(text).not.toContain(secretDetail.owner.name);
    expect(text).not.toContain(w.designer.phone);
    expect(Object.keys(withFiles).sort()).toEqual(['allow_download', 'category', 'description', 'expires_at', 'previews', 'sources', 'tags', 'title']);

    expect(expectEnvelope<ShareWire[]>(await w.designer.client.get(`/api/templates/${d.template_id}/shares`), 200).data.map((s) => s.state)).toEqual(['active', 'active']);
    advanceClock(DAY + 1000);
    expect(message(await open(day.token), 410)).toBe('分享链接已过期');
    expect(expectEnvelope<ShareWire[]>(await w.designer.client.get(`/api/templates/${d.template_id}/shares`), 200).data.map((s) => s.state)).toEqual(['active', 'expired']);
    expect(message(await w.mate.client.post(`/api/template-shares/${forever.share_id}/revoke`), 403)).toBe('只有模板作者或团队负责人可以管理分享链接');
    expect(message(await w.otherLead.client.post(`/api/template-shares/${forever.share_id}/revoke`), 404)).toBe('分享链接不存在');
    expectEnvelope(await open(forever.token), 200);
    expect(expectEnvelope<ShareWire>(await w.designer.client.post(`/api/template-shares/${forever.share_id}/revoke`), 200).data.state).toBe('revoked');
    expect(message(await open(forever.token), 410)).toBe('分享链接已被撤销');
    // Forged: a well-formed token nobody issued, one character changed, or not a token at all.
    expect(message(await open(randomBytes(32).toString('base64url')), 404)).toBe('分享链接不存在');
    expect(message(await open(`${forever.token.slice(0, -1)}${forever.token.endsWith('A') ? 'B' : 'A'}`), 404)).toBe('分享链接不存在');
    expectFieldErrors(await open('x'), [['token', '分享链接不正确']]);
  });

  it('use for a ticket copies the source files into the designer’s draft area, counts a use, and the draft takes them', async () => {
    const d = await published(w.lead, { title: '工单用模板', product_ids: [] });
    const ticket = await assignedTicket(t, w);
    expect(message(await w.mate.client.post(`/api/templates/${d.template_id}/use`, { ticket_id: ticket.ticket_id }), 404)).toBe('工单不存在');
    expect(message(await w.lead.client.post(`/api/templates/${d.template_id}/use`, { ticket_id: ticket.ticket_id }), 403)).toBe('只有负责该工单的设计师可以执行该操作');
    expect(message(await other.client.post(`/api/templates/${d.template_id}/use`, { ticket_id: ticket.ticket_id }), 404)).toBe('模板不存在');
    expectFieldErrors(await w.designer.client.post(`/api/templates/${d.template_id}/use`, { ticket_id: 'x' }), [['ticket_id', '请选择工单']]);
    expect(expectEnvelope<DetailWire>(await detailOf(w.designer, d.template_id), 200).data.use_count).toBe(0);

    const used = expectEnvelope<{ use_count: number; files: { key: string; name: string; size: number; read_url: string }[] }>(
      await w.designer.client.post(`/api/templates/${d.template_id}/use`, { ticket_id: ticket.ticket_id }),
      200,
    ).data;
    expect(used.use_count).toBe(1);
    expect(used.files).toEqual([{ key: expect.stringMatching(new RegExp(`^draft/${w.designer.code}/\\d{8}/[a-z0-9]{12}/名片源文件\\.psd$`)), name: '名片源文件.psd', size: SOURCE.length, content_type: 'image/vnd.adobe.photoshop', read_url: expect.stringContaining('Signature=') }]);
    const copy = await read(used.files[0]!.read_url);
    expect(copy.statusCode).toBe(200);
    expect(copy.rawPayload.equals(SOURCE)).toBe(true);
    expect(expectEnvelope<DetailWire>(await detailOf(w.mate, d.template_id), 200).data.use_count).toBe(1);
    // A second use gets its own copies.
    const again = expectEnvelope<{ use_count: number; files: { key: string }[] }>(await w.designer.client.post(`/api/templates/${d.template_id}/use`, { ticket_id: ticket.ticket_id }), 200).data;
    expect(again.use_count).toBe(2);
    expect(again.files[0]!.key).not.toBe(used.files[0]!.key);

    // The draft dialog submits the copied keys as the ticket's first draft.
    const draft = await w.designer.client.post(`/api/tickets/${ticket.ticket_id}/drafts`, { kind: 'first', files: used.files.map((f) => f.key), note: '从模板开始' });
    expect(draft.statusCode, draft.body).toBe(200);
  });

  it('demo-like facets: categories, products, file types and the tags of what the caller sees', async () => {
    await published(w.designer, { tags: ['专属标签甲'] });
    const facets = expectEnvelope<{ categories: string[]; products: { product_id: number }[]; file_types: string[]; tags: { tag: string; count: number }[] }>(await w.mate.client.get('/api/templates/facets'), 200).data;
    expect(facets.categories).toContain('名片');
    expect(facets.products.map((p) => p.product_id)).toContain(w.product);
    expect(facets.file_types).toContain('psd');
    expect(facets.tags.map((x) => x.tag)).toContain('专属标签甲');
    const others = expectEnvelope<{ tags: { tag: string }[] }>(await other.client.get('/api/templates/facets'), 200).data;
    expect(others.tags.map((x) => x.tag)).not.toContain('专属标签甲');
  });
});
