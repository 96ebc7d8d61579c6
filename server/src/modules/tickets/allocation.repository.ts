/**
 * The ranking of designers the system may give a ticket to, and the day counts it reads: how many
 * tickets each designer got today (`designer_loads`), a team's allocation rules, and the number
 * that says whether a kept ranking is still true (`allocationVersion`). Every function takes `db`
 * or a transaction first; the choices (who, in which order, how many tries) are
 * allocation.service.ts. The allocation rows themselves and the shop links are
 * allocation-rows.repository.ts.
 *
 * One file on purpose (~300 lines): the candidate ranking (`candidateQuery`,
 * `rankedCandidates`, `assignmentFacts`), the day counts (`claimCapacity`, `lockLoads`,
 * `writeLoads`) and `allocationVersion` share the one definition of "today's load" and "today's
 * capacity"; split apart, each half would have to re-state it.
 */
import { sql, type Transaction } from 'kysely';
import type { Db, Dialect } from '../../db/database.js';
import type { Database, Designer } from '../../db/schema.js';
import { REGISTRATION_COMPLETE_STEP } from '../../domain/designers.js';
import { effectiveCapacitySql, planCellOf } from '../order-plans/index.js';

type Trx = Transaction<Database>;
type Exec = Db | Trx;

/** A designer the system may pick, with today's capacity (the plan's cell, else daily_capacity). */
export type Candidate = Pick<Designer, 'id' | 'team_id' | 'daily_capacity' | 'real_name' | 'nickname'>;

/**
 * Counts one more ticket for the designer today; with `cap`, only while under it (atomic
 * compare-and-increment, so concurrent assignments cannot overshoot). False when full.
 *
 * A conditional UPDATE first: on PostgreSQL a row that fails its WHERE is not kept locked
 * (an `ON CONFLICT DO UPDATE … WHERE` would keep it, and two transactions trying designers in a
 * different order could deadlock). Then an insert for a designer without a row yet.
 */
export async function claimCapacity(trx: Trx, designerId: number, cap: number | null, day: string, now: string): Promise<boolean> {
  if (cap !== null && cap <= 0) return false;
  const bump = async () => {
    let q = trx
      .updateTable('designer_loads')
      .set((eb) => ({
        assigned_today: eb.case().when('day', '=', day).then(eb('assigned_today', '+', 1)).else(1).end(),
        day,
        last_assigned_at: now,
      }))
      .where('designer_id', '=', designerId);
    if (cap !== null) q = q.where((eb) => eb.or([eb('day', '<>', day), eb('assigned_today', '<', cap)]));
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  };
  if (await bump()) return true;
  const inserted = await trx
    .insertInto('designer_loads')
    .values({ designer_id: designerId, day, assigned_today: 1, last_assigned_at: now })
    .onConflict((oc) => oc.column('designer_id').doNothing())
    .returning('designer_id')
    .executeTakeFirst();
  if (inserted) return true;
  // The row exists: it was full, or another transaction has just created it.
  return bump();
}

/**
 * A team's allocation rules (table `allocation_rules`): how the system picks the designer of a
 * new ticket. A team without a row, and a ticket of no team, use `DEFAULT_ALLOCATION_RULES`.
 */
export interface AllocationRules {
  /** least_loaded: fewest tickets today first; round_robin: the longest since the last assignment first. */
  strategy: AllocationStrategy;
  /** Only designers qualified for the ticket's product. */
  skill_by_product: boolean;
  /** Today's capacity is the order-plan cell when there is one (else daily_capacity); off: always daily_capacity. */
  capacity_from_plan: boolean;
}
export const ALLOCATION_STRATEGIES = ['least_loaded', 'round_robin'] as const;
export type AllocationStrategy = (typeof ALLOCATION_STRATEGIES)[number];
export const DEFAULT_ALLOCATION_RULES: AllocationRules = { strategy: 'least_loaded', skill_by_product: true, capacity_from_plan: true };

/** The team's rules with when and by whom they were last changed (null: never, the defaults). */
export async function findAllocationRules(db: Exec, teamId: number | null): Promise<AllocationRules & { updated_at: string | null; updated_by: number | null }> {
  const row = teamId === null ? undefined : await db.selectFrom('allocation_rules').selectAll().where('team_id', '=', teamId).executeTakeFirst();
  if (!row) return { ...DEFAULT_ALLOCATION_RULES, updated_at: null, updated_by: null };
  return {
    strategy: (ALLOCATION_STRATEGIES as readonly string[]).includes(row.strategy) ? (row.strategy as AllocationStrategy) : DEFAULT_ALLOCATION_RULES.strategy,
    skill_by_product: Number(row.skill_by_product) === 1,
    capacity_from_plan: Number(row.capacity_from_plan) === 1,
    updated_at: row.updated_at,
    updated_by: row.updated_by,
  };
}

/** Writes the team's rules (insert or replace). */
export async function saveAllocationRules(trx: Trx, teamId: number, rules: AllocationRules, by: number, now: string): Promise<void> {
  const values = {
    strategy: rules.strategy,
    skill_by_product: rules.skill_by_product ? 1 : 0,
    capacity_from_plan: rules.capacity_from_plan ? 1 : 0,
    updated_by: by,
    updated_at: now,
  };
  await trx
    .insertInto('allocation_rules')
    .values({ team_id: teamId, ...values })
    .onConflict((oc) => oc.column('team_id').doUpdateSet(values))
    .execute();
}

/** Today's capacity of designer row `d` (joined with the plan cells as `cell`) under the rules. */
const capacitySql = (rules: AllocationRules) => (rules.capacity_from_plan ? effectiveCapacitySql : sql<number>`d.daily_capacity`);

/**
 * Designers the system may give a ticket to: regular designers (type 1) who accept tickets, are
 * active and onboarded, are qualified for the product (unless the rules turn skill by product
 * off: then every designer, once per product) and in the ticket's team, if it has one, and are
 * under today's capacity (by the rules: the plan's cell or daily_capacity).
 */
export function candidateQuery(db: Exec, productIds: readonly number[], teamId: number | null, day: string, rules: AllocationRules = DEFAULT_ALLOCATION_RULES) {
  const skilled = db.selectFrom('designer_products as dp').innerJoin('designers as d', 'd.id', 'dp.designer_id').select('dp.product_id');
  // Skill off: every designer paired with each product asked for; the product's id stands in for
  // designer_products.product_id, so the rest of the query is the same.
  const anyone = db
    .selectFrom('products as dp')
    .innerJoin('designers as d', (j) => j.onTrue())
    .select('dp.id as product_id') as unknown as typeof skilled;
  const capacity = capacitySql(rules);
  let q = (rules.skill_by_product ? skilled : anyone)
    .leftJoin('designer_loads as l', 'l.designer_id', 'd.id')
    .leftJoin('order_plan_cells as cell', (j) => j.on(planCellOf(day)))
    .select((eb) => {
      const today = eb.case().when('l.day', '=', day).then(eb.ref('l.assigned_today')).else(0).end();
      return [
        'd.id',
        'd.team_id',
        // Today's capacity: by the rules, the order-plan cell when there is one, else daily_capacity.
        capacity.as('daily_capacity'),
        'd.real_name',
        'd.nickname',
        today.as('today'),
        eb.fn.coalesce('l.last_assigned_at', eb.val('')).as('last_at'),
        eb.case().when('l.designer_id', 'is', null).then(0).else(1).end().as('has_load'),
      ];
    })
    .where('d.designer_type', '=', 1)
    .where('d.online_ticket_status', '=', 1)
    .where('d.account_status', '=', 1)
    .where('d.current_registration_step', '>=', REGISTRATION_COMPLETE_STEP)
    .where((eb) => eb(eb.case().when('l.day', '=', day).then(eb.ref('l.assigned_today')).else(0).end(), '<', capacity));
  if (rules.skill_by_product) {
    q = productIds.length === 1 ? q.where('dp.product_id', '=', productIds[0]!) : q.where('dp.product_id', 'in', productIds);
  } else {
    q = productIds.length === 1 ? q.where(sql.ref('dp.id'), '=', productIds[0]!) : q.where(sql.ref('dp.id'), 'in', productIds);
  }
  if (teamId !== null) q = q.where('d.team_id', '=', teamId);
  return q;
}

/**
 * The best `limit` candidates for one product by the rules' strategy: least_loaded: fewest tickets
 * today, then the oldest last assignment (never: first), then the lowest id; round_robin: the
 * oldest last assignment, then the lowest id.
 */
export function rankedCandidates(db: Exec, productId: number, teamId: number | null, day: string, limit: number, rules: AllocationRules = DEFAULT_ALLOCATION_RULES) {
  let q = candidateQuery(db, [productId], teamId, day, rules);
  if (rules.strategy === 'least_loaded') q = q.orderBy('today');
  return q.orderBy('last_at').orderBy('d.id').limit(limit).execute();
}

/**
 * What a lead's assignment to these designers would meet: per designer, whether they accept
 * tickets, today's count and capacity (by the rules), and the products (of `productIds`) they are
 * qualified for.
 */
export async function assignmentFacts(db: Exec, teamId: number, productIds: readonly number[], day: string, rules: AllocationRules) {
  const rows = await db
    .selectFrom('designers as d')
    .leftJoin('designer_loads as l', 'l.designer_id', 'd.id')
    .leftJoin('order_plan_cells as cell', (j) => j.on(planCellOf(day)))
    .select((eb) => [
      'd.id',
      'd.real_name',
      'd.nickname',
      'd.online_ticket_status',
      capacitySql(rules).as('capacity'),
      eb.case().when('l.day', '=', day).then(eb.ref('l.assigned_today')).else(0).end().as('today'),
    ])
    .where('d.team_id', '=', teamId)
    .where('d.designer_type', '<>', 0)
    .where('d.account_status', '=', 1)
    .where('d.current_registration_step', '>=', REGISTRATION_COMPLETE_STEP)
    .orderBy('d.id')
    .execute();
  const qualified = rows.length && productIds.length
    ? await db
        .selectFrom('designer_products')
        .select(['designer_id', 'product_id'])
        .where('designer_id', 'in', rows.map((r) => r.id))
        .where('product_id', 'in', productIds)
        .execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    real_name: r.real_name,
    nickname: r.nickname,
    online: Number(r.online_ticket_status) === 1,
    today: Number(r.today),
    capacity: Number(r.capacity),
    products: qualified.filter((q) => q.designer_id === r.id).map((q) => q.product_id),
  }));
}

/**
 * PostgreSQL: of these designers' load rows, the best-ranked one (by the strategy) no other transaction holds,
 * locked (`FOR UPDATE SKIP LOCKED`).
 */
export async function lockBestFreeLoad(trx: Trx, designerIds: number[], day: string, strategy: AllocationStrategy = 'least_loaded'): Promise<number | undefined> {
  let q = trx.selectFrom('designer_loads').select('designer_id').where('designer_id', 'in', designerIds);
  if (strategy === 'least_loaded') q = q.orderBy((eb) => eb.case().when('day', '=', day).then(eb.ref('assigned_today')).else(0).end());
  const free = await q
    .orderBy('last_assigned_at')
    .orderBy('designer_id')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  return free?.designer_id;
}

/**
 * SQLite: the number that moves with every change the ranking reads (migration
 * 20261210T1000_allocation_versions). Read inside a write transaction, so nobody moves it meanwhile.
 */
export async function allocationVersion(trx: Trx): Promise<number> {
  const row = await trx.selectFrom('allocation_versions').select('n').where('id', '=', 1).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Creates empty load rows for designers who never had one (a concurrent first assignment may have made one: then nothing). */
export async function ensureLoadRows(trx: Trx, designerIds: number[], day: string): Promise<void> {
  for (let i = 0; i < designerIds.length; i += 500) {
    await trx
      .insertInto('designer_loads')
      .values(designerIds.slice(i, i + 500).map((designer_id) => ({ designer_id, day, assigned_today: 0, last_assigned_at: '' })))
      .onConflict((oc) => oc.column('designer_id').doNothing())
      .execute();
  }
}

/** Today's load of each designer, read in id order and (PostgreSQL) locked until the transaction ends. */
export async function lockLoads(trx: Trx, dialect: Dialect, designerIds: number[], day: string): Promise<Map<number, { today: number; last: string }>> {
  const load = new Map<number, { today: number; last: string }>();
  const ids = [...designerIds].sort((x, y) => x - y);
  for (let i = 0; i < ids.length; i += 500) {
    let q = trx
      .selectFrom('designer_loads')
      .select(['designer_id', 'day', 'assigned_today', 'last_assigned_at'])
      .where('designer_id', 'in', ids.slice(i, i + 500))
      .orderBy('designer_id');
    if (dialect === 'postgres') q = q.forUpdate();
    for (const r of await q.execute()) load.set(r.designer_id, { today: r.day === day ? Number(r.assigned_today) : 0, last: r.last_assigned_at });
  }
  return load;
}

/** Writes designers' day counts as computed by the caller (under the locks `lockLoads` took). */
export async function writeLoads(trx: Trx, rows: { designer_id: number; assigned_today: number }[], day: string, now: string): Promise<void> {
  const sorted = [...rows].sort((x, y) => x.designer_id - y.designer_id);
  for (let i = 0; i < sorted.length; i += 500) {
    await trx
      .insertInto('designer_loads')
      .values(sorted.slice(i, i + 500).map((r) => ({ designer_id: r.designer_id, day, assigned_today: r.assigned_today, last_assigned_at: now })))
      .onConflict((oc) =>
        oc.column('designer_id').doUpdateSet((eb) => ({
          day: eb.ref('excluded.day'),
          assigned_today: eb.ref('excluded.assigned_today'),
          last_assigned_at: eb.ref('excluded.last_assigned_at'),
        })),
      )
      .execute();
  }
}

/** The PostgreSQL advisory lock batches take turns on ('dwpb'). */
const BATCH_LOCK_KEY = 0x64777062;

/** PostgreSQL: waits for this transaction's turn among batch ingestions (released at its end). */
export async function takeBatchTurn(trx: Trx): Promise<void> {
  await sql`select pg_advisory_xact_lock(${BATCH_LOCK_KEY})`.execute(trx);
}

/** Whether the designer is qualified for the product. */
export async function isQualified(db: Exec, designerId: number, productId: number): Promise<boolean> {
  const row = await db.selectFrom('designer_products').select('product_id').where('designer_id', '=', designerId).where('product_id', '=', productId).executeTakeFirst();
  return row !== undefined;
}

/** A designer a ticket may be given to (a lead's assignment or transfer checks who they are). */
export function findDesigner(db: Exec, id: number) {
  return db.selectFrom('designers').selectAll().where('id', '=', id).executeTakeFirst();
}
