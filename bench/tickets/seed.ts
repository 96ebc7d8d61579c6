/**
 * Bulk data for the ticket bench: 2,000 designers in 10 teams, 20 products, 40 shops and 200,000
 * tickets with their allocations, drafts and timeline, written with multi-row inserts in one
 * transaction per table (explicit ids, so no round trip waits for generated keys).
 *
 * The first 50 regular designers ("heavy") hold 2,000 tickets each (so page 50 of a filtered list
 * exists); the others share the rest; 5,000 tickets are unassigned.
 */
import { type Insertable, sql } from 'kysely';
import type { Db, Dialect } from '../../server/src/db/database.js';
import type { AllocationTable, DraftTable, TicketEventTable, TicketTable } from '../../server/src/db/schema.js';
import { seededRandom } from '../../server/src/modules/tickets/demo-orders.js';

export const TEAMS = 10;
export const DESIGNERS = 2_000;
export const PRODUCTS = 20;
export const SHOPS = 40;
export const HEAVY = 50;
export const HEAVY_TICKETS = 2_000;
export const UNASSIGNED = 5_000;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface SeedResult {
  tickets: number;
  rows: number;
  ms: number;
  /** Designer ids of the heavy designers. */
  heavy: number[];
  leads: number[];
  /** Ticket ids per heavy designer (a sample, for detail requests). */
  sampleTickets: Map<number, number[]>;
}

function productsOf(designerId: number): number[] {
  return [...new Set([designerId % PRODUCTS, (designerId * 7 + 3) % PRODUCTS, (designerId * 13 + 5) % PRODUCTS])].map((p) => p + 1);
}

function shopsOf(designerId: number): number[] {
  return [((designerId * 3) % SHOPS) + 1, ((designerId * 3 + 1) % SHOPS) + 1];
}

function designerType(id: number): number {
  if (id <= TEAMS) return 0;
  if (id <= TEAMS + 200) return id % 2 ? 2 : 3;
  return 1;
}

const STATUS: [string, number][] = [['0', 70], ['4', 12], ['2', 4], ['3', 3], ['5', 4], ['6', 3], ['1', 2], ['7', 2]];
const MARKERS = ['', '', '', '', 'URGENT', 'PROOF', 'OLD_CUS', 'URGENT,OLD_CUS', 'AFTER', 'CUSTOM'];
const ALLOWED = [240, 480, 720, 1440, 2880];
/**
 * What is ordered, at the head of each title: the words a designer searches for (two characters
 * and longer, so the search bench meets Chinese partial words that a trigram index cannot serve).
 */
export const TITLE_WORDS = [
  '商务名片', '开业海报', '餐厅菜单', '产品包装盒', '易拉宝', '宣传单页', '门头招牌', '不干胶贴纸', '手提袋', '企业台历',
  '活动展板', '婚礼请柬', '会员卡', '电商主图', '详情页', '折页画册', '横幅', '优惠券', '水牌', '标签',
];

function weighted(r: number, table: [string, number][]): string {
  const total = table.reduce((s, [, w]) => s + w, 0);
  let x = r * total;
  for (const [v, w] of table) {
    x -= w;
    if (x < 0) return v;
  }
  return table[0]![0];
}

async function inChunks<T>(rows: T[], size: number, write: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

export async function seedBench(db: Db, dialect: Dialect, totalTickets = 200_000): Promise<SeedResult> {
  const started = performance.now();
  const rand = seededRandom(42);
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  let rows = 0;

  const firstHeavy = TEAMS + 200 + 1;
  const heavy = Array.from({ length: HEAVY }, (_, i) => firstHeavy + i);
  const others = Array.from({ length: DESIGNERS }, (_, i) => i + 1).filter((id) => designerType(id) !== 0 && !heavy.includes(id));
  const leads = Array.from({ length: TEAMS }, (_, i) => i + 1);
  const sampleTickets = new Map<number, number[]>(heavy.map((h) => [h, []]));

  await db.transaction().execute(async (trx) => {
    const stamp = iso(now - 90 * DAY);
    await trx
      .insertInto('teams')
      .values(leads.map((id) => ({ id, name: `压测团队${id}`, lead_id: id, created_at: stamp })))
      .execute();
    await trx
      .insertInto('products')
      .values(Array.from({ length: PRODUCTS }, (_, i) => ({ id: i + 1, name: `产品${i + 1}`, category: '压测' })))
      .execute();
    await trx
      .insertInto('shops')
      .values(Array.from({ length: SHOPS }, (_, i) => ({ id: i + 1, name: `店铺${i + 1}`, platform: '天猫' })))
      .execute();
    const designers = Array.from({ length: DESIGNERS }, (_, i) => {
      const id = i + 1;
      const type = designerType(id);
      return {
        id,
        phone: `170${String(id).padStart(8, '0')}`,
        password_hash: 'bench',
        designer_type: type,
        real_name: `设计师${id}`,
        nickname: `d${id}`,
        invite_code: `BENCH${id}`,
        team_id: ((id - 1) % TEAMS) + 1,
        team_role: type === 0 ? 'lead' : 'member',
        current_registration_step: 6,
        account_status: 1,
        online_ticket_status: type !== 0 && id % 10 < 7 ? 1 : 0,
        daily_capacity: type >= 2 ? 8 : 20,
        create_time: stamp,
        update_time: stamp,
      };
    });
    await inChunks(designers, 500, (c) => trx.insertInto('designers').values(c).execute());
    const qualified = designers.filter((d) => d.designer_type !== 0).flatMap((d) => productsOf(d.id).map((product_id) => ({ designer_id: d.id, product_id })));
    await inChunks(qualified, 2_000, (c) => trx.insertInto('designer_products').values(c).execute());
    const shops = designers.filter((d) => d.designer_type !== 0).flatMap((d) => shopsOf(d.id).map((shop_id) => ({ designer_id: d.id, shop_id })));
    await inChunks(shops, 2_000, (c) => trx.insertInto('designer_shops').values(c).execute());
    rows += TEAMS + PRODUCTS + SHOPS + designers.length + qualified.length + shops.length;
  });

  // Tickets in arrival order (ids grow with created_at), generated and written in slices.
  const SLICE = 20_000;
  const heavyTotal = HEAVY * HEAVY_TICKETS;
  let draftId = 0;
  let eventId = 0;
  const lastAssigned = new Map<number, number>();
  for (let from = 1; from <= totalTickets; from += SLICE) {
    const to = Math.min(totalTickets, from + SLICE - 1);
    const tickets: Insertable<TicketTable>[] = [];
    const allocations: Insertable<AllocationTable>[] = [];
    const drafts: Insertable<DraftTable>[] = [];
    const events: Insertable<TicketEventTable>[] = [];
    for (let id = from; id <= to; id++) {
      const unassigned = id > totalTickets - UNASSIGNED;
      // Heavy designers' tickets are spread through the whole period, like everyone else's.
      const designer = unassigned ? null : id % 2 === 0 && id / 2 <= heavyTotal ? heavy[(id / 2) % HEAVY]! : others[id % others.length]!;
      const createdMs = now - ((totalTickets - id) / totalTickets) * 60 * DAY - 10 * MINUTE;
      const products = designer ? productsOf(designer) : [(id % PRODUCTS) + 1];
      const shopIds = designer ? shopsOf(designer) : [(id % SHOPS) + 1];
      const status = unassigned ? '0' : weighted(rand(), STATUS);
      const r = rand();
      const stage = status === '4' ? 'done' : unassigned ? 'waiting' : r < 0.4 ? 'waiting' : r < 0.7 ? 'first_draft' : 'final_draft';
      const allowed = ALLOWED[id % ALLOWED.length]!;
      const startedMs = createdMs + 2 * MINUTE;
      tickets.push({
        id,
        order_no: `BN${String(id).padStart(9, '0')}`,
        shop_id: shopIds[id % shopIds.length]!,
        product_id: products[id % products.length]!,
        title: `${TITLE_WORDS[Math.floor(id / 100) % TITLE_WORDS.length]}｜产品${products[id % products.length]}设计｜第${id}单｜客户${id % 997}`,
        requirements: '请按照客户提供的Logo和文案排版，主色调参考附件图片。尺寸以下单规格为准，文字需转曲，颜色使用CMYK。',
        customer_notes: id % 3 === 0 ? '客户比较着急，请尽快出初稿' : '',
        attachments: id % 2 ? JSON.stringify([{ name: '参考图.jpg', url: `attachment/reference/BN${id}.jpg` }]) : '[]',
        status,
        order_markers: MARKERS[id % MARKERS.length]!,
        work_markers: stage === 'final_draft' && id % 4 === 0 ? 'SUBMIT' : '',
        stage,
        allowed_minutes: allowed,
        started_at: designer ? iso(startedMs) : null,
        due_at: designer ? iso(startedMs + allowed * MINUTE) : null,
        fee_cents: 1_500 + (id % 100) * 100,
        team_id: designer ? ((designer - 1) % TEAMS) + 1 : null,
        designer_id: designer,
        current_allocation_id: designer ? id : null,
        created_at: iso(createdMs),
        updated_at: iso(startedMs + (stage === 'waiting' ? 0 : 60 * MINUTE)),
      });
      events.push({ id: ++eventId, ticket_id: id, type: 'created', actor_kind: 'upstream', actor_id: null, detail: '{}', created_at: iso(createdMs) });
      if (!designer) continue;
      const sample = sampleTickets.get(designer);
      if (sample && sample.length < 200) sample.push(id);
      lastAssigned.set(designer, startedMs);
      allocations.push({ id, ticket_id: id, designer_id: designer, how: 'system', assigned_by: null, assigned_at: iso(startedMs), ended_at: null, end_reason: null });
      events.push({ id: ++eventId, ticket_id: id, type: 'system_assigned', actor_kind: 'system', actor_id: null, detail: '{}', created_at: iso(startedMs) });
      const kinds = stage === 'waiting' ? [] : stage === 'first_draft' ? ['first'] : ['first', 'final'];
      for (const kind of kinds) {
        const at = iso(startedMs + (kind === 'first' ? 30 : 60) * MINUTE);
        drafts.push({
          id: ++draftId,
          ticket_id: id,
          allocation_id: id,
          designer_id: designer,
          kind,
          files: JSON.stringify([`draft/D${String(designer).padStart(6, '0')}/20261101/bn${id}/${kind}.pdf`]),
          note: '',
          sync_status: 1,
          audit_result: '缩略图与轮廓正常',
          audited_at: at,
          created_at: at,
        });
        events.push({ id: ++eventId, ticket_id: id, type: 'draft_submitted', actor_kind: 'designer', actor_id: designer, detail: `{"kind":"${kind}"}`, created_at: at });
      }
    }
    await db.transaction().execute(async (trx) => {
      await inChunks(tickets, 1_000, (c) => trx.insertInto('tickets').values(c).execute());
      await inChunks(allocations, 2_000, (c) => trx.insertInto('allocations').values(c).execute());
      await inChunks(drafts, 2_000, (c) => trx.insertInto('drafts').values(c).execute());
      await inChunks(events, 3_000, (c) => trx.insertInto('ticket_events').values(c).execute());
    });
    rows += tickets.length + allocations.length + drafts.length + events.length;
  }

  // Load rows as live assignments leave them (last assignment; nothing assigned today yet).
  const loads = [...lastAssigned].map(([designer_id, ms]) => ({
    designer_id,
    day: new Date(ms + 8 * 3600_000).toISOString().slice(0, 10),
    assigned_today: 1,
    last_assigned_at: iso(ms),
  }));
  await db.transaction().execute((trx) => inChunks(loads, 1_000, (c) => trx.insertInto('designer_loads').values(c).execute()));
  rows += loads.length;

  if (dialect === 'postgres') {
    // Explicit ids: move the identity sequences past them so new rows get fresh ids.
    for (const table of ['teams', 'designers', 'products', 'shops', 'tickets', 'allocations', 'drafts', 'ticket_events']) {
      await sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`).execute(db);
    }
  }
  // A database in service has been vacuumed (autovacuum): index-only scans need the visibility map.
  await sql.raw(dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(db);
  return { tickets: totalTickets, rows, ms: performance.now() - started, heavy, leads, sampleTickets };
}
