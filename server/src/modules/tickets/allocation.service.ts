/**
 * Who gets a ticket: the system's pick for a new order (one at a time, or a whole batch), the
 * capacity each assignment claims, and opening an allocation (first assignment, hall grab,
 * transfer). Ingestion, lead actions and designer actions all allocate through this; the SQL is
 * allocation.repository.ts.
 *
 * The ranking follows the team's allocation rules (`allocation_rules`; a ticket of no team, or a
 * team that never set them: the defaults). least_loaded (default): fewest tickets assigned today
 * first, then the one whose last assignment is oldest (never assigned: first), then the lowest id;
 * round_robin: the oldest last assignment first, then the lowest id. Only designers qualified for
 * the product (unless skill by product is off) and under today's capacity (the order-plan cell
 * when there is one, else daily_capacity; with capacity from the plan off, always daily_capacity).
 */
import type { Transaction } from 'kysely';
import type { Db, Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { conflict } from '../../lib/errors.js';
import type { WorkContext } from '../messages/index.js';
import { shanghaiDay } from '../../domain/calendar.js';
import {
  type AllocationRules,
  allocationVersion,
  type Candidate,
  candidateQuery,
  findAllocationRules,
  claimCapacity,
  ensureLoadRows,
  lockBestFreeLoad,
  lockLoads,
  rankedCandidates,
  topCandidates,
  writeLoads,
} from './allocation.repository.js';
import { endAllocation, insertAllocations, linkShops, pointTicketAt } from './allocation-rows.repository.js';
import { CHANGED_MESSAGE, TAKEN_MESSAGE } from './ticket-access.js';
import type { AllocationHow } from './ticket.model.js';
import type { TicketRow } from './ticket.repository.js';
import type { OrderInput } from './ticket.schemas.js';

type Trx = Transaction<Database>;

export type { Candidate } from './allocation.repository.js';

/** A designer's count of tickets today and their last assignment's time ('' if never). */
interface Load {
  today: number;
  last: string;
}

/** Whether candidate `c` ranks before `best` (least_loaded: fewer today first; then the older last assignment; then the lower id). */
function isBetter(byLoad: boolean, c: Candidate, l: Load, best: Candidate, bestLoad: Load): boolean {
  if (byLoad && l.today !== bestLoad.today) return l.today < bestLoad.today;
  if (l.last !== bestLoad.last) return l.last < bestLoad.last;
  return c.id < best.id;
}

/** The key of a (product, team) ranking: candidates are grouped, and rules looked up, by it. */
function rankKey(product: number, team: number | null): string {
  return `${product}|${team ?? ''}`;
}

/** The products the orders name, per team (no team: null). */
function productsByTeam(orders: readonly OrderInput[]): Map<number | null, Set<number>> {
  const out = new Map<number | null, Set<number>>();
  for (const o of orders) {
    const team = o.team_id ?? null;
    if (!out.has(team)) out.set(team, new Set());
    out.get(team)!.add(o.product_id);
  }
  return out;
}

export type Allocator = ReturnType<typeof createAllocator>;

export function createAllocator({ dialect }: { dialect: Dialect }) {
  const dayOf = (now: string) => shanghaiDay(Date.parse(now));

  /**
   * Counts one more ticket for the designer today; with `cap`, only while under it (atomic, so
   * concurrent assignments cannot overshoot). False when full. A lead passes no cap: they may go
   * over capacity on purpose.
   */
  function claim(trx: Trx, designerId: number, cap: number | null, now: string): Promise<boolean> {
    return claimCapacity(trx, designerId, cap, dayOf(now), now);
  }

  /** Shop links committed by this instance (rows are never deleted, so this only saves inserts). */
  const knownShopLinks = new Set<string>();

  /** Records that the designers worked for the shops, skipping links this instance has written before. */
  async function linkShopsOnce(trx: Trx, ctx: WorkContext, links: { designer_id: number; shop_id: number }[]): Promise<void> {
    const fresh = new Map<string, { designer_id: number; shop_id: number }>();
    for (const l of links) {
      const key = `${l.designer_id}:${l.shop_id}`;
      if (!knownShopLinks.has(key)) fresh.set(key, l);
    }
    if (!fresh.size) return;
    await linkShops(trx, [...fresh.values()]);
    ctx.after(() => {
      for (const key of fresh.keys()) knownShopLinks.add(key);
    });
  }

  /**
   * Opens an allocation of `ticket` to `designer` (ending `previous` for a transfer) and points the
   * ticket at it. Throws 409 when the ticket changed since it was read; a second open allocation
   * is refused by the unique index (the caller maps that violation).
   */
  async function openAllocation(
    trx: Trx,
    ctx: WorkContext,
    ticket: TicketRow,
    designer: Candidate,
    how: AllocationHow,
    by: number | null,
    now: string,
    previous?: { allocationId: number; reason: string },
  ): Promise<number> {
    if (previous && !(await endAllocation(trx, previous.allocationId, previous.reason, now))) throw conflict(CHANGED_MESSAGE);
    const [allocationId] = await insertAllocations(trx, [{ ticket_id: ticket.id, designer_id: designer.id, how, assigned_by: by, assigned_at: now }]);
    if (!(await pointTicketAt(trx, ticket, designer, allocationId!, previous?.allocationId ?? null, now))) throw conflict(previous ? CHANGED_MESSAGE : TAKEN_MESSAGE);
    await linkShopsOnce(trx, ctx, [{ designer_id: designer.id, shop_id: ticket.shop_id }]);
    return allocationId!;
  }

  /** The system's ranking of designers for a ticket, best first, by the team's rules (for tests and the bench too). */
  async function systemCandidates(exec: Db | Trx, ticket: Pick<TicketRow, 'product_id' | 'team_id'>, now: string, limit: number, rules?: AllocationRules) {
    return rankedCandidates(exec, ticket.product_id, ticket.team_id, dayOf(now), limit, rules ?? (await findAllocationRules(exec, ticket.team_id)));
  }

  /**
   * Picks and claims a designer for a new ticket inside `trx`; null when nobody is free.
   *
   * On PostgreSQL concurrent ingestions read the same ranking and would all queue on the best
   * designer's load row; instead each takes the best row nobody else holds (`FOR UPDATE SKIP
   * LOCKED`), so they proceed side by side and spread over the next-best designers. SQLite runs
   * one write transaction at a time and needs none of this.
   */
  async function pickDesigner(trx: Trx, ticket: Pick<TicketRow, 'product_id' | 'team_id'>, now: string): Promise<Candidate | null> {
    const rules = await findAllocationRules(trx, ticket.team_id);
    for (let round = 0; round < 3; round++) {
      const candidates = await systemCandidates(trx, ticket, now, 8, rules);
      if (dialect === 'postgres' && candidates.length > 1) {
        // Never assigned designers rank first and have no row to lock yet.
        for (const c of candidates.filter((x) => Number(x.has_load) === 0)) {
          if (await claim(trx, c.id, c.daily_capacity, now)) return c;
        }
        const withLoad = candidates.filter((x) => Number(x.has_load) === 1);
        if (withLoad.length) {
          const free = await lockBestFreeLoad(trx, withLoad.map((c) => c.id), dayOf(now), rules.strategy);
          const c = free !== undefined && withLoad.find((x) => x.id === free);
          if (c && (await claim(trx, c.id, c.daily_capacity, now))) return c;
        }
      }
      // In rank order, waiting for a row another transaction holds if need be.
      for (const c of candidates) {
        if (await claim(trx, c.id, c.daily_capacity, now)) return c; // else: filled meanwhile
      }
      if (candidates.length < 8) return null;
    }
    return null;
  }

  /**
   * Picks the designer of each order of a batch, in order, by the rules of `pickDesigner` (the
   * team's strategy, qualification and capacity), and writes the new day counts. The candidates' load rows are created when missing
   * and locked (PostgreSQL, in id order) before they are read, so the counts are exact while the
   * batch runs; single-order ingestions wait on a locked row, never the other way round. Every
   * assignment of the batch carries the same time, so the ranking breaks those ties by id. On
   * SQLite, which runs one write transaction at a time, the candidates are kept between batches
   * instead (`planKept`).
   */
  async function planBatch(trx: Trx, ctx: WorkContext, orders: OrderInput[], now: string): Promise<(Candidate | null)[]> {
    if (dialect === 'sqlite') return planKept(trx, ctx, orders, now);
    const day = dayOf(now);
    const groupKey = (o: OrderInput) => rankKey(o.product_id, o.team_id ?? null);
    // One candidate query per team the orders name (usually just "no team"), over all their products.
    const byTeam = productsByTeam(orders);
    const strategyOf = new Map<string, AllocationRules['strategy']>();
    const rulesOf = new Map<number | null, AllocationRules>();
    for (const [team, products] of byTeam) {
      const rules = await findAllocationRules(trx, team);
      rulesOf.set(team, rules);
      for (const product of products) strategyOf.set(rankKey(product, team), rules.strategy);
    }

    /**
     * The candidates of every (product, team) the orders name, and each one's load as read. With
     * `perProduct`, only the best that many of each product: every pick of the batch only makes its
     * designer rank lower (one more today, last assignment now), so the n-th pick of a batch of n
     * orders is still among the first n of its product's ranking as read.
     */
    async function read(perProduct: number | null) {
      const groups = new Map<string, Candidate[]>();
      const seen = new Map<number, { cap: number; today: number; last: string; hasLoad: boolean }>();
      for (const [team, products] of byTeam) {
        const rules = rulesOf.get(team)!;
        for (const product of products) groups.set(rankKey(product, team), []);
        const rows =
          perProduct === null
            ? await candidateQuery(trx, [...products], team, day, rules).execute()
            : await topCandidates(trx, dialect, [...products], team, day, rules, perProduct);
        for (const r of rows) {
          groups.get(rankKey(r.product_id, team))!.push(r);
          seen.set(r.id, { cap: Number(r.daily_capacity), today: Number(r.today), last: r.last_at, hasLoad: Number(r.has_load) === 1 });
        }
      }
      const ids = [...seen.keys()].sort((x, y) => x - y);
      // A row to lock for every candidate: only those who never had one need it.
      await ensureLoadRows(trx, ids.filter((id) => !seen.get(id)!.hasLoad), day);
      const load = await lockLoads(trx, dialect, ids, day);
      return { groups, seen, load };
    }

    let { groups, seen, load } = await read(orders.length);
    // PostgreSQL: a single-order ingestion may have assigned one of them between the read and the
    // lock. The ranking read is then stale and the best n may be others: read them all, as locked.
    if (dialect === 'postgres' && [...seen].some(([id, s]) => load.get(id)!.today !== s.today || load.get(id)!.last !== s.last)) {
      ({ groups, seen, load } = await read(null));
    }
    const touched = new Set<number>();
    const picks = orders.map((o) => {
      let best: Candidate | null = null;
      let bestLoad: { today: number; last: string } | undefined;
      const byLoad = strategyOf.get(groupKey(o)) === 'least_loaded';
      for (const c of groups.get(groupKey(o))!) {
        const l = load.get(c.id)!;
        if (l.today >= seen.get(c.id)!.cap) continue;
        if (!best || isBetter(byLoad, c, l, best, bestLoad!)) {
          best = c;
          bestLoad = l;
        }
      }
      if (best) {
        bestLoad!.today += 1;
        bestLoad!.last = now;
        touched.add(best.id);
      }
      return best;
    });
    await writeLoads(trx, [...touched].map((id) => ({ designer_id: id, assigned_today: load.get(id)!.today })), day, now);
    return picks;
  }

  /**
   * SQLite: the candidates of every (product, team) the process has planned for, their capacities
   * and day counts, and the teams' rules, as they were at `version` of `allocation_versions`
   * (issue #19: reading and ranking them took ~40% of a group of single orders' CPU). Exact:
   * used only while the number read inside the group's write transaction is still `version`, so
   * any change by anyone since (a lead's assignment, a designer pausing, a plan, another worker)
   * drops it all; after a group commits, its own new day counts are applied and `version` becomes
   * the number its writes moved the row to.
   */
  let kept: { version: number; day: string; rules: Map<number | null, AllocationRules>; groups: Map<string, Candidate[]>; cap: Map<number, number>; load: Map<number, Load> } | undefined;

  /** `planBatch` on SQLite: the same picks, ranked in memory over the kept candidates. */
  async function planKept(trx: Trx, ctx: WorkContext, orders: OrderInput[], now: string): Promise<(Candidate | null)[]> {
    const day = dayOf(now);
    const version = await allocationVersion(trx);
    if (!kept || kept.version !== version || kept.day !== day) kept = { version, day, rules: new Map(), groups: new Map(), cap: new Map(), load: new Map() };
    const k = kept;
    // What this group names and the process has not read at this version: every candidate (not
    // only the best few), so later groups rank from memory too.
    for (const [team, products] of productsByTeam(orders)) {
      let rules = k.rules.get(team);
      if (!rules) {
        rules = await findAllocationRules(trx, team);
        k.rules.set(team, rules);
      }
      const missing = [...products].filter((p) => !k.groups.has(rankKey(p, team)));
      if (!missing.length) continue;
      for (const p of missing) k.groups.set(rankKey(p, team), []);
      for (const r of await candidateQuery(trx, missing, team, day, rules).execute()) {
        k.groups.get(rankKey(r.product_id, team))!.push(r);
        k.cap.set(r.id, Number(r.daily_capacity));
        if (!k.load.has(r.id)) k.load.set(r.id, { today: Number(r.today), last: r.last_at });
      }
    }
    // The group's own counts stay beside the kept ones until its commit.
    const mine = new Map<number, Load>();
    const loadOf = (id: number) => mine.get(id) ?? k.load.get(id)!;
    const picks = orders.map((o) => {
      const team = o.team_id ?? null;
      const byLoad = k.rules.get(team)!.strategy === 'least_loaded';
      let best: Candidate | null = null;
      let bestLoad: Load | undefined;
      for (const c of k.groups.get(rankKey(o.product_id, team))!) {
        const l = loadOf(c.id);
        if (l.today >= k.cap.get(c.id)!) continue;
        if (!best || isBetter(byLoad, c, l, best, bestLoad!)) {
          best = c;
          bestLoad = l;
        }
      }
      if (best) mine.set(best.id, { today: bestLoad!.today + 1, last: now });
      return best;
    });
    if (mine.size) await writeLoads(trx, [...mine].map(([id, l]) => ({ designer_id: id, assigned_today: l.today })), day, now);
    const moved = await allocationVersion(trx);
    ctx.after(() => {
      if (kept !== k) return;
      for (const [id, l] of mine) k.load.set(id, l);
      k.version = moved;
    });
    return picks;
  }

  return { claim, linkShopsOnce, openAllocation, pickDesigner, planBatch, systemCandidates };
}
