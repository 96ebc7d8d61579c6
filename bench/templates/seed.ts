/**
 * Bulk data for the template bench: 4 teams of 50 designers (a lead and 49 others each), 4 designers
 * without a team, 20 products and 20,000 templates (by default) with realistic Chinese titles and
 * tags, a preview and a source file each, products, favourites and the search index.
 *
 * Rows go in with multi-row inserts and explicit ids; the search columns are made by the module's
 * own `searchText` / `indexGrams` (search-text.ts), so the index is exactly what an upload writes.
 * Team 1 (the measured one) holds ~70% of the library; the other teams and the team-less designers
 * hold the rest, which the queries must skip. 90% of the templates are published, ~0.5% featured.
 */
import { type Insertable, sql } from 'kysely';
import type { Db, Dialect } from '../../server/src/db/database.js';
import type { TemplateFileTable, TemplateSearchGramTable, TemplateTable, TemplateTagTable } from '../../server/src/db/schema.js';
import { indexGrams, searchText } from '../../server/src/modules/templates/search-text.js';
import { seededRandom } from '../../server/src/modules/tickets/demo-orders.js';

export const TEAMS = 4;
export const MEMBERS_PER_TEAM = 50;
export const LONERS = 4;
export const PRODUCTS = 20;

const DAY = 86_400_000;

/** Subjects by category (the categories of template.schemas.ts). */
const SUBJECTS: Record<string, string[]> = {
  名片: ['名片', '商务名片', '二维码名片', '竖版名片', '个人名片'],
  海报: ['海报', '招聘海报', '促销海报', '活动海报', '开业海报', '宣传海报'],
  宣传单页: ['宣传单', '宣传单页', '三折页', 'DM单', '传单'],
  包装: ['包装盒', '手提袋', '礼盒包装', '外卖包装', '纸杯'],
  标签贴纸: ['不干胶标签', '贴纸', '瓶贴', '封口贴', '价格标签'],
  画册: ['画册', '企业画册', '产品手册', '宣传册', '作品集'],
  展架: ['易拉宝', 'X展架', '门型展架', '展板'],
  其他: ['邀请函', '菜单', '优惠券', '台历', '贺卡', '工作证', '代金券', '会员卡'],
};
const CATEGORIES = Object.keys(SUBJECTS);
const STYLES = ['简约', '中国风', '商务', '复古', '清新', '科技感', '卡通', '高端大气', '国潮', '小清新', '极简', '手绘', '扁平', 'ins风', '日式', '欧式'];
const INDUSTRIES = ['餐饮', '美容美发', '教育培训', '房地产', '汽车服务', '健身', '母婴', '茶叶', '咖啡店', '烘焙', '医疗', '律师事务所', '婚庆', '旅游', '科技公司', '花店', '宠物店', '超市', '服装店', '装修公司'];
const COLOURS = ['蓝色', '红色', '金色', '黑金', '绿色', '粉色', '紫色', '橙色', '黑白', '莫兰迪'];
const SUFFIXES = ['模板', '设计', '源文件', '', '', '套装', '设计模板'];
const FESTIVALS = ['春节', '中秋', '国庆', '双十一', '圣诞', '元旦', '情人节', '母亲节', '618', '开学季'];
const EXTRA_TAGS = ['可编辑', 'CMYK', '矢量', '分层', '横版', '竖版', '双面', 'A4', '90x54mm', '印刷级', 'PSD分层', 'AI源文件'];
const SOURCE_TYPES = ['psd', 'ai', 'cdr', 'pdf', 'eps', 'zip'];

export interface SeedResult {
  templates: number;
  rows: number;
  ms: number;
  /** Designer ids of team 1: its lead and its members. */
  lead: number;
  members: number[];
  /** Titles and tags of some templates team 1 sees (what people type). */
  samples: { title: string; tags: string[] }[];
}

async function inChunks<T>(rows: T[], size: number, write: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

export async function seedTemplates(db: Db, dialect: Dialect, total = 20_000): Promise<SeedResult> {
  const started = performance.now();
  const rand = seededRandom(17);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const stamp = iso(now - 400 * DAY);
  let rows = 0;

  const leads = Array.from({ length: TEAMS }, (_, i) => i + 1);
  const memberIds = Array.from({ length: TEAMS * (MEMBERS_PER_TEAM - 1) }, (_, i) => TEAMS + 1 + i);
  const teamOf = (id: number): number | null => {
    if (id <= TEAMS) return id;
    if (id <= TEAMS + memberIds.length) return ((id - TEAMS - 1) % TEAMS) + 1;
    return null;
  };
  const loners = Array.from({ length: LONERS }, (_, i) => TEAMS + memberIds.length + 1 + i);
  const everyone = [...leads, ...memberIds, ...loners];
  const byTeam = (team: number) => everyone.filter((id) => teamOf(id) === team);

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('teams')
      .values(leads.map((id) => ({ id, name: `模板团队${id}`, lead_id: id, created_at: stamp })))
      .execute();
    await trx
      .insertInto('products')
      .values(Array.from({ length: PRODUCTS }, (_, i) => ({ id: i + 1, name: `产品${i + 1}`, category: '模板压测' })))
      .execute();
    const designers = everyone.map((id) => ({
      id,
      phone: `171${String(id).padStart(8, '0')}`,
      password_hash: 'bench',
      designer_type: id <= TEAMS ? 0 : 1,
      real_name: `设计师${id}`,
      nickname: `t${id}`,
      invite_code: `TPL${id}`,
      team_id: teamOf(id),
      team_role: id <= TEAMS ? 'lead' : 'member',
      current_registration_step: 6,
      account_status: 1,
      online_ticket_status: 0,
      daily_capacity: 20,
      create_time: stamp,
      update_time: stamp,
    }));
    await inChunks(designers, 500, (c) => trx.insertInto('designers').values(c).execute());
    rows += leads.length + PRODUCTS + designers.length;
  });

  const team1 = byTeam(1);
  const otherOwners = everyone.filter((id) => teamOf(id) !== 1);
  const samples: SeedResult['samples'] = [];
  const SLICE = 2_000;
  let fileId = 0;
  for (let from = 1; from <= total; from += SLICE) {
    const to = Math.min(total, from + SLICE - 1);
    const templates: Insertable<TemplateTable>[] = [];
    const tags: Insertable<TemplateTagTable>[] = [];
    const products: { template_id: number; product_id: number }[] = [];
    const files: Insertable<TemplateFileTable>[] = [];
    const grams: Insertable<TemplateSearchGramTable>[] = [];
    const favourites: { designer_id: number; template_id: number; created_at: string }[] = [];
    for (let id = from; id <= to; id++) {
      // Ids grow with created_at, as uploads do.
      const createdMs = now - ((total - id) / total) * 365 * DAY - 3_600_000;
      const owner = rand() < 0.7 ? pick(team1) : pick(otherOwners);
      const team = teamOf(owner);
      const category = pick(CATEGORIES);
      const style = pick(STYLES);
      const industry = pick(INDUSTRIES);
      const colour = rand() < 0.3 ? pick(COLOURS) : '';
      const title = `${colour}${style}${industry}${pick(SUBJECTS[category]!)}${pick(SUFFIXES)}`;
      const tagSet = new Set<string>([style, industry]);
      if (colour || rand() < 0.4) tagSet.add(colour || pick(COLOURS));
      if (rand() < 0.25) tagSet.add(pick(FESTIVALS));
      const extras = Math.floor(rand() * 3);
      for (let k = 0; k < extras; k++) tagSet.add(pick(EXTRA_TAGS));
      const tagList = [...tagSet];
      const published = rand() < 0.9;
      const featured = published && rand() < 0.005 ? 1 : 0;
      const created = iso(createdMs);
      templates.push({
        id,
        title,
        category,
        description: `${title}，适合${industry}行业使用，文字与图片均可替换。`,
        owner_id: owner,
        team_id: team,
        status: published ? 'published' : 'private',
        featured,
        use_count: Math.floor(rand() ** 3 * 500),
        search_text: searchText(title, tagList),
        created_at: created,
        updated_at: created,
        published_at: published ? iso(createdMs + 3_600_000) : null,
      });
      tagList.forEach((tag, position) => tags.push({ template_id: id, tag, position }));
      const productCount = Math.floor(rand() * 4);
      for (const p of new Set(Array.from({ length: productCount }, () => Math.floor(rand() * PRODUCTS) + 1))) products.push({ template_id: id, product_id: p });
      const day = created.slice(0, 10).replaceAll('-', '');
      const key = `template/D${String(owner).padStart(6, '0')}/${day}/t${id}`;
      const ext = pick(SOURCE_TYPES);
      const portrait = category === '海报' || category === '展架';
      files.push({
        id: ++fileId,
        template_id: id,
        kind: 'preview',
        position: 0,
        object_key: `${key}/preview.png`,
        name: 'preview.png',
        size: 180_000 + (id % 50_000),
        content_type: 'image/png',
        ext: 'png',
        thumb_key: `template-thumb/D${String(owner).padStart(6, '0')}/${day}/t${id}/preview.png.webp`,
        width: portrait ? 1200 : 1800,
        height: portrait ? 1800 : 1080,
      });
      files.push({
        id: ++fileId,
        template_id: id,
        kind: 'source',
        position: 0,
        object_key: `${key}/source.${ext}`,
        name: `${title}.${ext}`,
        size: 2_000_000 + (id % 900_000),
        content_type: 'application/octet-stream',
        ext,
        thumb_key: null,
        width: null,
        height: null,
      });
      for (const gram of indexGrams(title, tagList)) grams.push({ gram, template_id: id });
      if (team === 1 && published && rand() < 0.02) {
        for (const fan of [1, team1[1]!, team1[2]!]) favourites.push({ designer_id: fan, template_id: id, created_at: created });
      }
      if (team === 1 && published && samples.length < 2_000 && rand() < 0.15) samples.push({ title, tags: tagList });
    }
    await db.transaction().execute(async (trx) => {
      await inChunks(templates, 500, (c) => trx.insertInto('templates').values(c).execute());
      await inChunks(tags, 3_000, (c) => trx.insertInto('template_tags').values(c).execute());
      if (products.length) await inChunks(products, 3_000, (c) => trx.insertInto('template_products').values(c).execute());
      await inChunks(files, 1_000, (c) => trx.insertInto('template_files').values(c).execute());
      await inChunks(grams, 5_000, (c) => trx.insertInto('template_search_grams').values(c).execute());
      if (favourites.length) await inChunks(favourites, 3_000, (c) => trx.insertInto('template_favourites').values(c).execute());
    });
    rows += templates.length + tags.length + products.length + files.length + grams.length + favourites.length;
  }

  if (dialect === 'postgres') {
    // Explicit ids: move the identity sequences past them so new rows get fresh ids.
    for (const table of ['teams', 'designers', 'products', 'templates', 'template_files']) {
      await sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`).execute(db);
    }
  }
  // PostgreSQL in service has been vacuumed and analysed (autovacuum). SQLite is left without
  // statistics: the app never runs ANALYZE there, so the planner works as it does in service.
  if (dialect === 'postgres') await sql.raw('vacuum analyze').execute(db);
  return { templates: total, rows, ms: performance.now() - started, lead: 1, members: team1.filter((id) => id !== 1), samples };
}
