/**
 * The demo template library (issue #17): 64 templates of the demo team across every category and
 * the demo products, each with real preview images (PNG rendered now) and their thumbnails (WebP,
 * made by the same code as an upload's) and a PDF source file, most published, a few private
 * awaiting the lead, four featured; some favourites; one live share link with a fixed token
 * (`DEMO_SHARE_TOKEN`, printed in the README) that allows download and never expires.
 *
 * A data script: rows through the repository's inserts plus its own updates of the curated
 * columns, in the demo seed's transaction; its objects are written before that commits.
 */
import type { OssConfig } from '../../config/env.js';
import type { Db } from '../../db/database.js';
import { designerCode } from '../../domain/designers.js';
import { sha256 } from '../../lib/crypto.js';
import { samplePdf, samplePng } from '../../lib/sample-files.js';
import { putObjects } from '../files/index.js';
import { indexGrams, searchText } from './search-text.js';
import { insertShare } from './share.repository.js';
import { addFavourite, insertTemplate, type NewFile } from './template.repository.js';
import type { TemplateCategory } from './template.schemas.js';
import { makeThumbnail, thumbKeyOf } from './thumbnails.js';

/** The demo's share link: `/template-share?token=demo-template-share-2026`. */
export const DEMO_SHARE_TOKEN = 'demo-template-share-2026';

const COUNT = 64;
const DAY = 24 * 3600_000;

/** Per category: what its templates are called, and which demo products they fit (by name). */
const KINDS: { category: TemplateCategory; nouns: string[]; products: string[] }[] = [
  { category: '名片', nouns: ['名片', '双面名片', '竖版名片'], products: ['名片'] },
  { category: '海报', nouns: ['海报', '活动海报', '招聘海报'], products: ['海报'] },
  { category: '宣传单页', nouns: ['宣传单', '菜单', '折页'], products: ['宣传单页'] },
  { category: '包装', nouns: ['手提袋', '礼盒', '彩盒包装'], products: ['手提袋', '彩盒'] },
  { category: '标签贴纸', nouns: ['不干胶标签', '瓶贴', '封口贴'], products: ['不干胶标签'] },
  { category: '画册', nouns: ['企业画册', '产品手册'], products: ['画册'] },
  { category: '展架', nouns: ['易拉宝', '展架'], products: ['易拉宝'] },
];
const STYLES = ['商务', '简约', '国潮', '清新', '复古', '科技', '节日', '高端', '可爱', '极简'];
const TAGS = ['蓝色', '红色', '金色', '极简', '插画', '渐变', '烫金', '中国风', '手绘', '几何', '卡通', '大气'];

export async function seedDemoTemplates(
  trx: Db,
  { teamId, designerIds, oss }: { teamId: number; designerIds: number[]; oss: OssConfig },
): Promise<void> {
  const products = await trx.selectFrom('products').select(['id', 'name']).execute();
  const productId = new Map(products.map((p) => [p.name, p.id]));
  const objects: { key: string; body: () => Buffer }[] = [];
  const now = Date.now();
  const ids: number[] = [];
  // The previews and their thumbnails are made all at once (sharp works on its own threads), the
  // rows below go in one by one.
  const previews = await Promise.all(Array.from({ length: COUNT }, (_, n) => renderPreviews(`TPL ${n + 1}`, n % 3 === 0 ? 2 : 1)));
  for (let n = 0; n < COUNT; n++) {
    const kind = KINDS[n % KINDS.length]!;
    const title = `${STYLES[n % STYLES.length]}${kind.nouns[n % kind.nouns.length]}模板`;
    const tags = [TAGS[n % TAGS.length]!, TAGS[(n * 5 + 3) % TAGS.length]!].filter((t, i, all) => all.indexOf(t) === i);
    const ownerId = designerIds[n % designerIds.length]!;
    const created = new Date(now - (COUNT - n) * 0.9 * DAY);
    const day = created.toISOString().slice(0, 10).replaceAll('-', '');
    const dir = `template/${designerCode(ownerId)}/${day}/tm${String(n + 1).padStart(8, '0')}/`;
    const label = `TPL ${n + 1}`;
    const files: NewFile[] = [];
    for (const [k, { png, thumb }] of previews[n]!.entries()) {
      const key = `${dir}预览${k + 1}.png`;
      objects.push({ key, body: () => png }, { key: thumbKeyOf(key), body: () => thumb.body });
      files.push({ kind: 'preview', position: k, object_key: key, name: `预览${k + 1}.png`, size: png.length, content_type: 'image/png', ext: 'png', thumb_key: thumbKeyOf(key), width: thumb.width, height: thumb.height });
    }
    const sourceKey = `${dir}${title}.pdf`;
    const pdf = samplePdf(label, ['TEMPLATE SOURCE', `NO ${n + 1}`]);
    objects.push({ key: sourceKey, body: () => pdf });
    files.push({ kind: 'source', position: 0, object_key: sourceKey, name: `${title}.pdf`, size: pdf.length, content_type: 'application/pdf', ext: 'pdf', thumb_key: null, width: null, height: null });

    const id = await insertTemplate(trx, {
      ownerId,
      teamId,
      now: created.toISOString(),
      content: {
        title,
        category: kind.category,
        description: `${title}，适用于${kind.products.join('、')}，源文件为PDF，可直接修改文字与配色。`,
        tags,
        productIds: kind.products.map((p) => productId.get(p)).filter((p): p is number => p !== undefined),
        files,
        searchText: searchText(title, tags),
        grams: indexGrams(title, tags),
      },
    });
    ids.push(id);
    // Most are published by the lead a day after upload; every ninth still awaits it; four are featured.
    const published = n % 9 !== 4;
    await trx
      .updateTable('templates')
      .set({
        status: published ? 'published' : 'private',
        published_at: published ? new Date(created.getTime() + DAY / 2).toISOString() : null,
        featured: n % 16 === 5 ? 1 : 0,
        use_count: (n * 37) % 23,
      })
      .where('id', '=', id)
      .execute();
  }
  // Stars of the lead and the first designer.
  for (const [k, designerId] of designerIds.slice(0, 2).entries()) {
    for (let n = k; n < COUNT; n += 7) await addFavourite(trx, designerId, ids[n]!, new Date(now - DAY).toISOString());
  }
  await insertShare(trx, {
    templateId: ids[0]!,
    tokenHash: sha256(DEMO_SHARE_TOKEN),
    expiresAt: null,
    allowDownload: true,
    createdBy: designerIds[0]!,
    now: new Date(now - DAY).toISOString(),
  });
  await putObjects(oss, objects);
}

type Previews = { png: Buffer; thumb: { body: Buffer; width: number; height: number } }[];

/**
 * The demo's previews, made once per process. They depend on nothing but their label, and a
 * process seeds more than once in the server tests (every test file's database: rendering and
 * thumbnailing them was ~1 s of CPU of each seed's ~3). Bounded by the demo itself: 85 images and
 * their thumbnails, ~2 MB.
 */
const previewsMade = new Map<string, Promise<Previews>>();

/** A template's preview images (the first one large) with the thumbnails an upload would get. */
function renderPreviews(label: string, count: number): Promise<Previews> {
  const key = `${label}|${count}`;
  let made = previewsMade.get(key);
  if (!made) {
    made = Promise.all(
      Array.from({ length: count }, async (_, k) => {
        const png = k === 0 ? samplePng(label, 640, 400) : samplePng(`${label} B`);
        const thumb = await makeThumbnail(png);
        if (!thumb) throw new Error(`the demo preview ${label} made no thumbnail`);
        return { png, thumb };
      }),
    );
    // A failed rendering is not kept: the next seed tries again.
    made.catch(() => previewsMade.delete(key));
    previewsMade.set(key, made);
  }
  return made;
}
