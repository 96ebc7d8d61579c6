/**
 * Bulk data for the team-board bench: `teams` teams of 50 designers (team 1 is measured, the others
 * are the rest of the platform the queries must not read), `perDay` tickets per designer per day
 * over 90 days, with allocations (5% transferred), drafts (2% fail the automatic audit, 8% late),
 * completion notices, factory rejections (3%), deductions (4%), appeals (2%) and one weekly
 * settlement per designer. Multi-row inserts with explicit ids, one transaction per slice.
 */
import { type Insertable, sql } from 'kysely';
import type { Db, Dialect } from '../../server/src/db/database.js';
import type {
  AllocationTable,
  AppealTable,
  DeductionTable,
  DraftTable,
  SettlementTable,
  TicketEventTable,
  TicketTable,
} from '../../server/src/db/schema.js';
import { seededRandom } from '../../server/src/modules/tickets/demo-orders.js';

export const DESIGNERS_PER_TEAM = 50;
export const DAYS = 90;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface BoardSeed {
  rows: number;
  tickets: number;
  ms: number;
  /** The measured team's lead. */
  leadId: number;
  /** A statement (period_start) of the measured team. */
  statement: string;
}

async function inChunks<T>(rows: T[], size: number, write: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

const shanghaiDay = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
const mondayOf = (day: string) => {
  const d = new Date(`${day}T00:00:00.000Z`);
  return new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * DAY).toISOString().slice(0, 10);
};

export async function seedBoard(db: Db, dialect: Dialect, teams: number, perDay: number): Promise<BoardSeed> {
  const started = performance.now();
  const rand = seededRandom(7);
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const stamp = iso(now - (DAYS + 1) * DAY);
  let rows = 0;
  // Designer ids: leads 1..teams, then team t's members.
  const memberId = (team: number, k: number) => teams + (team - 1) * DESIGNERS_PER_TEAM + k + 1;

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('teams')
      .values(Array.from({ length: teams }, (_, i) => ({ id: i + 1, name: `看板压测团队${i + 1}`, lead_id: i + 1, created_at: stamp })))
      .execute();
    await trx.insertInto('products').values({ id: 1, name: '压测产品', category: '压测' }).execute();
    await trx.insertInto('shops').values({ id: 1, name: '压测店铺', platform: '天猫' }).execute();
    const designers = [];
    for (let team = 1; team <= teams; team++) {
      const ids = [team, ...Array.from({ length: DESIGNERS_PER_TEAM }, (_, k) => memberId(team, k))];
      for (const id of ids) {
        const lead = id === team;
        designers.push({
          id,
          phone: `171${String(id).padStart(8, '0')}`,
          password_hash: 'bench',
          designer_type: lead ? 0 : 1,
          real_name: `设计师${id}`,
          invite_code: `BOARD${id}`,
          team_id: team,
          team_role: lead ? 'lead' : 'member',
          current_registration_step: 6,
          account_status: 1,
          online_ticket_status: lead ? 0 : 1,
          daily_capacity: 20,
          create_time: stamp,
          update_time: stamp,
        });
      }
    }
    await inChunks(designers, 500, (c) => trx.insertInto('designers').values(c).execute());
    await inChunks(
      designers.filter((d) => d.designer_type !== 0).map((d) => ({ designer_id: d.id, product_id: 1 })),
      2_000,
      (c) => trx.insertInto('designer_products').values(c).execute(),
    );
    rows += teams + 2 + designers.length * 2;
  });

  let ticketId = 0;
  let allocationId = 0;
  let draftId = 0;
  let eventId = 0;
  let deductionId = 0;
  let appealId = 0;
  const fees = new Map<string, number>(); // `${designer}|${week}` → gross
  const cuts = new Map<string, number>();
  for (let day = DAYS; day >= 1; day--) {
    const tickets: Insertable<TicketTable>[] = [];
    const allocations: Insertable<AllocationTable>[] = [];
    const drafts: Insertable<DraftTable>[] = [];
    const events: Insertable<TicketEventTable>[] = [];
    const deductions: Insertable<DeductionTable>[] = [];
    const appeals: Insertable<AppealTable>[] = [];
    const dayStart = now - day * DAY;
    for (let team = 1; team <= teams; team++) {
      for (let k = 0; k < DESIGNERS_PER_TEAM; k++) {
        const designer = memberId(team, k);
        for (let j = 0; j < perDay; j++) {
          const id = ++ticketId;
          const startMs = dayStart + Math.floor(rand() * DAY);
          const allowed = 480;
          const dueMs = startMs + allowed * MINUTE;
          const late = rand() < 0.08;
          const failedAudit = rand() < 0.02;
          const rejected = rand() < 0.03;
          // Older tickets are mostly completed; the last days' still open.
          const completed = day > 2 ? rand() < 0.9 : day === 2 ? rand() < 0.5 : false;
          const completeMs = late ? dueMs + 60 * MINUTE : dueMs - 60 * MINUTE;
          const stage = completed ? 'done' : rand() < 0.5 ? 'waiting' : 'first_draft';
          const transferred = rand() < 0.05;
          const fee = 1_500 + (id % 20) * 100;
          tickets.push({
            id,
            order_no: `TB${String(id).padStart(9, '0')}`,
            shop_id: 1,
            product_id: 1,
            title: `看板压测第${id}单`,
            status: completed ? '4' : '0',
            stage,
            work_markers: late ? 'LATE' : '',
            allowed_minutes: allowed,
            started_at: iso(startMs),
            due_at: iso(dueMs),
            fee_cents: fee,
            team_id: team,
            designer_id: designer,
            current_allocation_id: allocationId + (transferred ? 2 : 1),
            completed_at: completed ? iso(completeMs) : null,
            created_at: iso(startMs - MINUTE),
            updated_at: iso(completed ? completeMs : startMs),
          });
          if (transferred) {
            const from = memberId(team, (k + 1) % DESIGNERS_PER_TEAM);
            allocations.push({ id: ++allocationId, ticket_id: id, designer_id: from, how: 'system', assigned_by: null, assigned_at: iso(startMs), ended_at: iso(startMs + 30 * MINUTE), end_reason: 'transferred' });
            allocations.push({ id: ++allocationId, ticket_id: id, designer_id: designer, how: 'transfer', assigned_by: team, assigned_at: iso(startMs + 30 * MINUTE), ended_at: null, end_reason: null });
          } else {
            allocations.push({ id: ++allocationId, ticket_id: id, designer_id: designer, how: 'system', assigned_by: null, assigned_at: iso(startMs), ended_at: null, end_reason: null });
          }
          events.push({ id: ++eventId, ticket_id: id, type: 'created', actor_kind: 'upstream', actor_id: null, detail: '{}', created_at: iso(startMs - MINUTE) });
          events.push({ id: ++eventId, ticket_id: id, type: 'system_assigned', actor_kind: 'system', actor_id: null, detail: '{}', created_at: iso(startMs) });
          if (stage !== 'waiting') {
            const at = iso(late ? dueMs + 30 * MINUTE : startMs + 120 * MINUTE);
            drafts.push({ id: ++draftId, ticket_id: id, allocation_id: allocationId, designer_id: designer, kind: 'first', files: '[]', note: '', sync_status: failedAudit ? 3 : 1, audit_result: '', audited_at: at, created_at: at });
            events.push({ id: ++eventId, ticket_id: id, type: 'draft_submitted', actor_kind: 'designer', actor_id: designer, detail: '{}', created_at: at });
          }
          if (completed) {
            const at = iso(completeMs - 30 * MINUTE);
            drafts.push({ id: ++draftId, ticket_id: id, allocation_id: allocationId, designer_id: designer, kind: 'final', files: '[]', note: '', sync_status: 1, audit_result: '', audited_at: at, created_at: at });
            if (rejected) events.push({ id: ++eventId, ticket_id: id, type: 'factory_rejected', actor_kind: 'upstream', actor_id: null, detail: '{}', created_at: iso(completeMs - 10 * MINUTE) });
            events.push({ id: ++eventId, ticket_id: id, type: 'completed', actor_kind: 'upstream', actor_id: null, detail: '{}', created_at: iso(completeMs) });
            const key = `${designer}|${mondayOf(shanghaiDay(completeMs))}`;
            fees.set(key, (fees.get(key) ?? 0) + fee);
          }
          if (rand() < 0.04) {
            const cents = 500 + (id % 10) * 100;
            deductions.push({ id: ++deductionId, ticket_id: id, designer_id: designer, team_id: team, source: 'qc', amount_cents: cents, reason: '质检扣款', external_id: `bench-${id}`, created_by: null, created_at: iso(completeMs + DAY / 2) });
            const key = `${designer}|${mondayOf(shanghaiDay(completeMs + DAY / 2))}`;
            cuts.set(key, (cuts.get(key) ?? 0) + cents);
          }
          if (rand() < 0.02) {
            appeals.push({
              id: ++appealId,
              ticket_id: id,
              allocation_id: allocationId,
              designer_id: designer,
              team_id: team,
              type: 'fee',
              deduction_id: null,
              reason: '费用申诉',
              requested_cents: 500,
              status: day > 7 ? 'approved' : 'pending',
              reviewer_id: null,
              reviewed_at: null,
              created_at: iso(startMs + DAY / 4),
              updated_at: iso(startMs + DAY / 4),
            });
          }
        }
      }
    }
    await db.transaction().execute(async (trx) => {
      await inChunks(tickets, 1_000, (c) => trx.insertInto('tickets').values(c).execute());
      await inChunks(allocations, 2_000, (c) => trx.insertInto('allocations').values(c).execute());
      await inChunks(drafts, 2_000, (c) => trx.insertInto('drafts').values(c).execute());
      await inChunks(events, 3_000, (c) => trx.insertInto('ticket_events').values(c).execute());
      await inChunks(deductions, 2_000, (c) => trx.insertInto('deductions').values(c).execute());
      await inChunks(appeals, 1_000, (c) => trx.insertInto('appeals').values(c).execute());
    });
    rows += tickets.length + allocations.length + drafts.length + events.length + deductions.length + appeals.length;
  }

  const settlements: Insertable<SettlementTable>[] = [];
  const keys = new Set([...fees.keys(), ...cuts.keys()]);
  let settlementId = 0;
  for (const key of keys) {
    const [designer, week] = key.split('|') as [string, string];
    const id = Number(designer);
    const gross = fees.get(key) ?? 0;
    const cut = cuts.get(key) ?? 0;
    const end = new Date(Date.parse(`${week}T00:00:00.000Z`) + 6 * DAY).toISOString().slice(0, 10);
    settlements.push({
      id: ++settlementId,
      designer_id: id,
      team_id: Math.floor((id - teams - 1) / DESIGNERS_PER_TEAM) + 1,
      period_start: week,
      period_end: end,
      status: end < shanghaiDay(now) ? 'confirmed' : 'open',
      gross_cents: gross,
      deduction_cents: cut,
      adjustment_cents: 0,
      net_cents: gross - cut,
      line_count: 1,
      confirmed_at: null,
      paid_at: null,
      created_at: stamp,
      updated_at: stamp,
    });
  }
  await db.transaction().execute((trx) => inChunks(settlements, 1_000, (c) => trx.insertInto('settlements').values(c).execute()));
  rows += settlements.length;

  if (dialect === 'postgres') {
    for (const table of ['teams', 'designers', 'products', 'shops', 'tickets', 'allocations', 'drafts', 'ticket_events', 'deductions', 'appeals', 'settlements']) {
      await sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`).execute(db);
    }
  }
  await sql.raw(dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(db);
  const statement = settlements
    .filter((s) => s.team_id === 1)
    .map((s) => s.period_start)
    .sort()
    .at(-2)!;
  return { rows, tickets: ticketId, ms: performance.now() - started, leadId: 1, statement };
}
