/**
 * Bulk data for the exports bench: team 1 (lead 1 and 50 designers) holds `tickets` tickets, team 2
 * (lead 2 and 10 designers) a tenth as many, which team 1's export must skip. Only the tickets
 * table and what it refers to: an export reads nothing else. Multi-row inserts with explicit ids,
 * one transaction per slice.
 */
import { type Insertable, sql } from 'kysely';
import type { Db, Dialect } from '../../server/src/db/database.js';
import type { TicketTable } from '../../server/src/db/schema.js';

export const MEMBERS = 50;
const OTHER_MEMBERS = 10;
const PRODUCTS = 20;
const SHOPS = 10;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const STATUSES = ['0', '0', '0', '0', '0', '4', '4', '5', '2', '7'];
const MARKERS = ['', '', '', 'URGENT', 'PROOF', 'OLD_CUS', 'URGENT,OLD_CUS'];

export interface ExportSeed {
  tickets: number;
  ms: number;
  /** Team 1's lead and one of its designers. */
  leadId: number;
  designerId: number;
}

export async function seedExports(db: Db, dialect: Dialect, tickets: number): Promise<ExportSeed> {
  const started = performance.now();
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const stamp = iso(now - 120 * DAY);
  // Designer ids: 1 and 2 lead teams 1 and 2; 3.. are team 1's members, then team 2's.
  const designers = [
    ...[1, 2].map((id) => ({ id, team: id, type: 0 })),
    ...Array.from({ length: MEMBERS }, (_, i) => ({ id: 3 + i, team: 1, type: 1 })),
    ...Array.from({ length: OTHER_MEMBERS }, (_, i) => ({ id: 3 + MEMBERS + i, team: 2, type: 1 })),
  ];
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('teams').values([1, 2].map((id) => ({ id, name: `导出压测团队${id}`, lead_id: id, created_at: stamp }))).execute();
    await trx.insertInto('products').values(Array.from({ length: PRODUCTS }, (_, i) => ({ id: i + 1, name: `产品${i + 1}`, category: '压测' }))).execute();
    await trx.insertInto('shops').values(Array.from({ length: SHOPS }, (_, i) => ({ id: i + 1, name: `店铺${i + 1}`, platform: '天猫' }))).execute();
    await trx
      .insertInto('designers')
      .values(
        designers.map((d) => ({
          id: d.id,
          phone: `171${String(d.id).padStart(8, '0')}`,
          password_hash: 'bench',
          designer_type: d.type,
          real_name: `设计师${d.id}`,
          nickname: `d${d.id}`,
          invite_code: `EXPORT${d.id}`,
          team_id: d.team,
          team_role: d.type === 0 ? 'lead' : 'member',
          current_registration_step: 6,
          account_status: 1,
          online_ticket_status: 1,
          daily_capacity: 20,
          create_time: stamp,
          update_time: stamp,
        })),
      )
      .execute();
  });
  const others = Math.floor(tickets / 10);
  const total = tickets + others;
  const SLICE = 20_000;
  for (let from = 1; from <= total; from += SLICE) {
    const rows: Insertable<TicketTable>[] = [];
    for (let id = from; id <= Math.min(total, from + SLICE - 1); id++) {
      const mine = id <= tickets;
      const designer = mine ? 3 + (id % MEMBERS) : 3 + MEMBERS + (id % OTHER_MEMBERS);
      const createdMs = now - ((total - id) / total) * 90 * DAY - 10 * MINUTE;
      const allowed = 480;
      const status = STATUSES[id % STATUSES.length]!;
      rows.push({
        id,
        order_no: `EX${String(id).padStart(9, '0')}`,
        shop_id: (id % SHOPS) + 1,
        product_id: (id % PRODUCTS) + 1,
        title: `产品${(id % PRODUCTS) + 1}设计｜第${id}单｜客户${id % 997}`,
        requirements: '请按照客户提供的Logo和文案排版。',
        status,
        order_markers: MARKERS[id % MARKERS.length]!,
        stage: status === '4' ? 'done' : id % 3 === 0 ? 'first_draft' : 'waiting',
        allowed_minutes: allowed,
        started_at: iso(createdMs + 2 * MINUTE),
        due_at: iso(createdMs + 2 * MINUTE + allowed * MINUTE),
        fee_cents: 1_500 + (id % 100) * 37,
        team_id: mine ? 1 : 2,
        designer_id: designer,
        current_allocation_id: null,
        created_at: iso(createdMs),
        updated_at: iso(createdMs + 60 * MINUTE),
      });
    }
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 1_000) await trx.insertInto('tickets').values(rows.slice(i, i + 1_000)).execute();
    });
  }
  if (dialect === 'postgres') {
    for (const table of ['teams', 'designers', 'products', 'shops', 'tickets']) {
      await sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`).execute(db);
    }
  }
  await sql.raw(dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(db);
  return { tickets, ms: performance.now() - started, leadId: 1, designerId: 3 };
}
