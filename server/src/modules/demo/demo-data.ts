/**
 * The demo data of an empty database (product.md §2): the demo team and logins, products, shops,
 * announcements, then each module's own demo seed (tickets, money, plans, comments, courses and
 * exams, each with the messages its events would have sent), and the files all of them name,
 * written into the object store.
 *
 * A data script: it writes its rows with its own SQL (designers through the user module's
 * `insertDesigner`) in one transaction of its own, and nothing goes through the unit of work: the
 * seeded messages are history that was delivered long ago.
 */
import type { OssConfig } from '../../config/env.js';
import type { Db } from '../../db/database.js';
import { hashPassword } from '../../lib/crypto.js';
import { renderSampleFile, type SampleFile } from '../../lib/sample-files.js';
import { nowIso } from '../../lib/time.js';
import { seedDemoMoney } from '../appeals/index.js';
import { seedDemoComments } from '../comments/index.js';
import { seedDemoStudy } from '../study/index.js';
import { putObjects } from '../files/index.js';
import { seedDemoPlans } from '../order-plans/index.js';
import { seedDemoTemplates } from '../templates/index.js';
import { seedDemoTickets } from '../tickets/index.js';
import { insertDesigner } from '../user/index.js';
import { REGISTRATION_COMPLETE_STEP } from '../../domain/designers.js';

export const DEMO_PASSWORD = 'Demo@2026';

export const DEMO_ACCOUNTS = [
  { phone: '13800000000', designer_type: 0, step: REGISTRATION_COMPLETE_STEP, real_name: '林晓岚', nickname: '晓岚', team_role: 'lead' },
  { phone: '13800000001', designer_type: 1, step: REGISTRATION_COMPLETE_STEP, real_name: '陈思远', nickname: '思远', team_role: 'member' },
  { phone: '13800000002', designer_type: 2, step: REGISTRATION_COMPLETE_STEP, real_name: '王雨桐', nickname: '雨桐', team_role: 'member' },
  { phone: '13800000003', designer_type: 3, step: REGISTRATION_COMPLETE_STEP, real_name: '赵子涵', nickname: '子涵', team_role: 'member' },
  { phone: '13800000004', designer_type: 1, step: 2, real_name: '刘一诺', nickname: '一诺', team_role: 'member' },
] as const;

const PRODUCTS = [
  ['不干胶标签', '标签贴纸'],
  ['手提袋', '包装'],
  ['彩盒', '包装'],
  ['宣传单页', '印刷品'],
  ['名片', '印刷品'],
  ['海报', '印刷品'],
  ['画册', '印刷品'],
  ['易拉宝', '展示物料'],
] as const;

const SHOPS = [
  ['印象设计旗舰店', '天猫'],
  ['优印包装专营店', '京东'],
  ['快印工坊', '拼多多'],
  ['创意印品馆', '淘宝'],
] as const;

/**
 * The demo's pictures, each rendered once per process: a reference image and a draft preview of
 * one order look alike, and the server tests seed a database for every test file (deflating these
 * was ~0.7 s of CPU of each seed). A picture shows only its label (the order number, the same all
 * day), so this holds one day's demo pictures at most; the PDFs carry times and are cheap to write,
 * so they are not kept.
 */
const pictures = new Map<string, Buffer>();

function renderOnce(f: SampleFile): Buffer {
  if (f.kind !== 'png') return renderSampleFile(f);
  let body = pictures.get(f.label);
  if (!body) {
    body = renderSampleFile(f);
    pictures.set(f.label, body);
  }
  return body;
}

/**
 * Seeds the demo team and logins of product.md §2 when the database has no designers, and writes
 * every file the demo data names (reference images, drafts, appeal evidence) into the object store
 * `oss` (the local store's disk, or the configured bucket). The files are written before the
 * transaction commits: a store that refuses them leaves no demo data naming missing files.
 */
export async function seedDemoIfEmpty(db: Db, oss: OssConfig): Promise<boolean> {
  const { n } = await db
    .selectFrom('designers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(n) > 0) return false;

  // The demo logins share one published password, so one hash serves them all (scrypt at N=2^15
  // costs ~0.1 s of CPU each; every test file's demo team paid it five times).
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    const team = await trx
      .insertInto('teams')
      .values({ name: '星河设计一组', lead_id: null, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const products = await trx
      .insertInto('products')
      .values(PRODUCTS.map(([name, category]) => ({ name, category })))
      .returning('id')
      .execute();
    const shops = await trx
      .insertInto('shops')
      .values(SHOPS.map(([name, platform]) => ({ name, platform })))
      .returning('id')
      .execute();

    const designerIds: number[] = [];
    for (const [i, a] of DEMO_ACCOUNTS.entries()) {
      const finished = a.step >= REGISTRATION_COMPLETE_STEP;
      const d = await insertDesigner(trx, {
        phone: a.phone,
        password_hash: passwordHash,
        designer_type: a.designer_type,
        nickname: a.nickname,
        real_name: a.real_name,
        gender: i % 2 === 0 ? 2 : 1,
        city: ['杭州', '上海', '苏州', '南京', '合肥'][i]!,
        email: `demo${i}@example.com`,
        wechat: `wx_demo_${i}`,
        work_purpose: finished ? (a.designer_type >= 2 ? 'side_income' : 'full_time') : 'full_time',
        current_occupation: finished ? '平面设计师' : '',
        available_time: finished ? '工作日 09:00-18:00' : '',
        specialty_tags: JSON.stringify(finished ? ['包装设计', '海报设计'] : []),
        software_tags: JSON.stringify(finished ? ['Photoshop', 'Illustrator'] : []),
        current_registration_step: a.step,
        team_id: team.id,
        team_role: a.team_role,
        online_ticket_status: finished && a.designer_type !== 0 ? 1 : 0,
        daily_capacity: a.designer_type >= 2 ? 8 : 20,
        ...(finished
          ? { bank_account_name: a.real_name, bank_name: '招商银行', bank_branch: '杭州分行', bank_account_no: `62148500000${String(i).padStart(5, '0')}` }
          : {}),
      });
      designerIds.push(d.id);
      if (a.designer_type === 0) {
        await trx.updateTable('teams').set({ lead_id: d.id }).where('id', '=', team.id).execute();
      } else {
        // Designers are qualified for a rotating subset of products and take tickets from two shops.
        const mine = products.filter((_, k) => (k + i) % 3 !== 0);
        if (mine.length) {
          await trx.insertInto('designer_products').values(mine.map((p) => ({ designer_id: d.id, product_id: p.id }))).execute();
        }
        await trx
          .insertInto('designer_shops')
          .values([shops[i % shops.length]!, shops[(i + 1) % shops.length]!].map((s) => ({ designer_id: d.id, shop_id: s.id })))
          .execute();
      }
    }
    await seedAnnouncements(trx, designerIds[0]!, products.map((p) => p.id));
    const files: SampleFile[] = [];
    await seedDemoTickets(trx, { teamId: team.id, leadId: designerIds[0]!, files });
    await seedDemoMoney(trx, { teamId: team.id, leadId: designerIds[0]!, designerIds: designerIds.slice(1, 3), files });
    await seedDemoPlans(trx, { teamId: team.id, leadId: designerIds[0]! });
    await seedDemoComments(trx, { teamId: team.id, leadId: designerIds[0]! });
    // The lead and the designers who finished registering made the team's templates.
    await seedDemoTemplates(trx, { teamId: team.id, designerIds: designerIds.filter((_, i) => DEMO_ACCOUNTS[i]!.step >= REGISTRATION_COMPLETE_STEP), oss });
    await seedDemoStudy(trx, { teamId: team.id, leadId: designerIds[0]!, designerIds: designerIds.slice(1, 4), productIds: products.map((p) => p.id), files });
    await putObjects(oss, files.map((f) => ({ key: f.key, body: () => renderOnce(f) })));
  });
  return true;
}

const ANNOUNCEMENTS = [
  { scope: 4, title: '平台服务升级通知', body: '各位设计师好：\n\n本周六 22:00-24:00 平台进行服务升级，期间可能短暂无法上传稿件。\n\n- 升级前请保存好本地文件\n- 升级完成后**无需重新登录**\n\n感谢理解与支持！' },
  { scope: 1, title: '设计师月度优秀作品评选开始', body: '本月优秀作品评选已开始，请在月底前提交你最满意的3个作品。\n\n获选作品将获得额外奖励。' },
  { scope: 2, title: '兼职设计师接单须知', body: '接单大厅每天 9:00 开放。\n\n- 每人每天最多领取8单\n- 领取后请在时限内完成初稿' },
  { scope: 0, title: '团队负责人周会安排', body: '本周五 16:00 召开团队负责人周会，请准时参加。' },
  { scope: 4, title: '包装类产品设计规范更新', body: '包装类产品（手提袋、彩盒）的出血和刀版要求已更新，请在设计前查阅最新规范。', productIndexes: [1, 2] },
];

async function seedAnnouncements(trx: Db, leadId: number, productIds: number[]) {
  const base = Date.now() - 3 * 24 * 3600_000;
  for (const [k, a] of ANNOUNCEMENTS.entries()) {
    const published_at = new Date(base + k * 3600_000).toISOString();
    const row = await trx
      .insertInto('announcements')
      // Done long ago, as far as the outbox relay is concerned: the seed pushes nothing live, and
      // writes no type-29 messages for these.
      .values({ title: a.title, body: a.body, scope: a.scope, published_by: leadId, published_at, messages_at: published_at, broadcast_at: published_at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const products = (a.productIndexes ?? []).map((i) => productIds[i]).filter((p): p is number => p !== undefined);
    if (products.length) {
      await trx.insertInto('announcement_products').values(products.map((product_id) => ({ announcement_id: row.id, product_id }))).execute();
    }
  }
}
