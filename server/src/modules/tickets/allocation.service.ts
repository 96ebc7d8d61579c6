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
   * The candidates of every (product, team) the process has planned for, their capacities and day
   * counts, which of them have a day-count row, and the teams' rules, as they were at `version` of
   * `allocation_versions` (issue #19: reading and ranking them took ~40% of a group of single
   * orders' CPU on SQLite, and the ranking was the longest statement of a PostgreSQL group). Used
   * only while the number read inside the group's transaction is still `version`. On SQLite every
   * change the ranking reads moves it, day counts included (one writer at a time, so nothing
   * changes under a group). On PostgreSQL a day count that rises does not (migration
   * 20261212T1000_allocation_versions_postgres): the kept counts of others may be low, which only
   * ever ranks them too high, so a group locks the rows of the designers it picked and checks them
   * (`planBatch`). After a group commits, its own new day counts are applied.
   */
  let kept:
    | { version: number; day: string; rules: Map<number | null, AllocationRules>; groups: Map<string, Candidate[]>; cap: Map<number, number>; load: Map<number, Load>; rowed: Set<number> }
    | undefined;

  /**
   * Picks the designer of each order of a batch (or of a group of single orders), in order, by the
   * rules of `pickDesigner` (the team's strategy, qualification and capacity), ranked in memory over
   * the kept candidates, and writes the new day counts. Every assignment of the batch carries the
   * same time, so the ranking breaks those ties by id. Inside `trx`, which on PostgreSQL holds the
   * batch turn (`takeBatchTurn`), so groups and batches never plan side by side.
   */
  async function planBatch(trx: Trx, ctx: WorkContext, orders: OrderInput[], now: string): Promise<(Candidate | null)[]> {
    const day = dayOf(now);
    const version = await allocationVersion(trx);
    if (!kept || kept.version !== version || kept.day !== day) kept = { version, day, rules: new Map(), groups: new Map(), cap: new Map(), load: new Map(), rowed: new Set() };
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
        if (Number(r.has_load) === 1) k.rowed.add(r.id);
      }
    }
    // The group's own counts, and the counts its locks found (PostgreSQL), stay beside the kept
    // ones until its commit: a group that fails leaves nothing behind, and a count this transaction
    // wrote itself (a group of both sources plans twice) is never kept before it is committed.
    let mine = new Map<number, Load>();
    const found = new Map<number, Load>();
    const plan = () => {
      mine = new Map();
      const loadOf = (id: number) => mine.get(id) ?? found.get(id) ?? k.load.get(id)!;
      return orders.map((o) => {
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
    };
    let picks = plan();
    const locked = new Set<number>();
    if (dialect === 'postgres') {
      // Lock the picked designers' rows (created first if they have none, so a concurrent first
      // assignment cannot slip past the lock) and take the counts they hold; a count higher than
      // kept ranks its designer lower, so plan again until every pick is of a locked row. Each
      // round locks at least one more row, which then cannot change: it ends.
      for (;;) {
        const fresh = [...mine.keys()].filter((id) => !locked.has(id));
        if (!fresh.length) break;
        await ensureLoadRows(trx, fresh.filter((id) => !k.rowed.has(id)), day);
        let moved = false;
        for (const [id, l] of await lockLoads(trx, dialect, fresh, day)) {
          locked.add(id);
          const held = k.load.get(id)!;
          if (held.today === l.today && held.last === l.last) continue;
          found.set(id, l);
          moved = true;
        }
        const missing = fresh.find((id) => !locked.has(id));
        if (missing !== undefined) throw new Error(`designer_loads has no row for designer ${missing} after ensureLoadRows`);
        if (moved) picks = plan();
      }
    }
    if (mine.size) await writeLoads(trx, [...mine].map(([id, l]) => ({ designer_id: id, assigned_today: l.today })), day, now);
    // SQLite: the number its own writes moved the row to. PostgreSQL: raising counts does not move
    // it, and a number read now might include another transaction's change committed meanwhile,
    // which the kept candidates do not hold.
    const keptAt = dialect === 'sqlite' ? await allocationVersion(trx) : version;
    ctx.after(() => {
      if (kept !== k) return;
      for (const [id, l] of found) k.load.set(id, l);
      for (const [id, l] of mine) k.load.set(id, l);
      for (const id of [...locked, ...mine.keys()]) k.rowed.add(id);
      k.version = keptAt;
    });
    return picks;
  }

  return { claim, linkShopsOnce, openAllocation, pickDesigner, planBatch, systemCandidates };
}
