/**
 * Every change to a ticket: ingestion from upstream, allocation (system, manual, hall grab,
 * transfer), lead actions, upstream status changes, drafts and their audit results.
 *
 * Each change runs in one transaction that also writes its timeline event; the messages of
 * product.md §6 are sent after the commit (the message service persists, then publishes).
 * "At most one open allocation per ticket" is enforced by the partial unique index
 * `allocations_one_open_uq`; every state-dependent update is conditional on the state it read, so
 * concurrent requests (on one instance or many) cannot both win.
 */
import { type InsertObject, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Db, Dialect } from '../../db/database.js';
import type { Database, Designer } from '../../db/schema.js';
import { AppError, conflict, forbidden, invalid, notFound } from '../../lib/errors.js';
import { isoAfter, nowIso } from '../../lib/time.js';
import { type MessageService, type UnitOfWork, type WorkContext, MESSAGE_TYPE } from '../messages/index.js';
import { feeRef, postLine, type SettlementPeriod } from '../settlements/index.js';
import { joinMarkers, type MarkerCode, parseMarkers, withMarker } from './markers.js';
import { capacityOn, effectiveCapacitySql, planCellsOf } from '../order-plans/index.js';
import { productNames, shopNames } from './catalog-names.js';
import { canRead, findTicket, ticketItem, type TicketRow, toDraft, toItemFromRow } from './ticket.repository.js';
import { type AllocationHow, type DraftKind, type EventType, minutesText, OPEN_STATUSES, TICKET_STATUS, type TicketStatus } from './ticket.model.js';
import type { DraftView, OrderInput, TicketItem, UpstreamEvent } from './ticket.schemas.js';
import { designerCode, parseDesignerCode, displayName } from '../../domain/designers.js';
import { type Actor, SYSTEM, UPSTREAM } from '../../domain/actor.js';
import { isUniqueViolation } from '../../db/errors.js';
import { shanghaiDay } from '../../domain/calendar.js';

type Trx = Transaction<Database>;

const hasControlChar = (value: string) => [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
type Exec = Db | Trx;

export const TAKEN_MESSAGE = '该工单已被领取';
const CHANGED_MESSAGE = '工单状态已变化，请刷新后重试';

export interface TicketServiceDeps {
  db: Db;
  dialect: Dialect;
  messages: MessageService;
  /** Runs each change and the messages it sends as one transaction (messages/unit-of-work.ts). */
  unitOfWork: UnitOfWork;
  /** Settlement period of fee lines posted on completion (SETTLEMENT_PERIOD; default week). */
  settlementPeriod?: SettlementPeriod;
}

type Candidate = Pick<Designer, 'id' | 'team_id' | 'daily_capacity' | 'real_name' | 'nickname'>;

export type TicketService = ReturnType<typeof createTicketService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Every change to tickets goes through this service (routes, integration API, simulator, seed). */
    tickets: TicketService;
  }
}

export function createTicketService({ db, dialect, messages, unitOfWork, settlementPeriod = 'week' }: TicketServiceDeps) {
  // -------------------------------------------------------------------------------------------
  // Plumbing

  /** Messages queued by a change (written in its transaction) and work after its commit. */
  type Ctx = WorkContext;

  /** Every change: one transaction with its timeline events and messages (the unit of work). */
  const change = unitOfWork;

  type EventRow = { type: EventType; actor: Actor; detail: Record<string, unknown> };

  async function addEvents(trx: Exec, ticketId: number, events: EventRow[], at: string) {
    await trx
      .insertInto('ticket_events')
      .values(
        events.map((e) => ({
          ticket_id: ticketId,
          type: e.type,
          actor_kind: e.actor.kind,
          actor_id: e.actor.kind === 'designer' ? e.actor.id : null,
          detail: JSON.stringify(e.detail),
          created_at: at,
        })),
      )
      .execute();
  }

  async function addEvent(trx: Exec, ticketId: number, type: EventType, actor: Actor, detail: Record<string, unknown>, at: string) {
    await addEvents(trx, ticketId, [{ type, actor, detail }], at);
  }

  async function teamLeads(trx: Exec, teamId: number | null): Promise<number[]> {
    if (teamId === null) return [];
    const rows = await trx
      .selectFrom('designers')
      .select('id')
      .where('team_id', '=', teamId)
      .where('designer_type', '=', 0)
      .where('account_status', '=', 1)
      .execute();
    return rows.map((r) => r.id);
  }

  // Shops, products and teams are never deleted: remember the ones seen.
  const CATALOG_TTL_MS = 5 * 60_000;
  function remembered<V>(load: (id: number) => Promise<V | undefined>) {
    const seen = new Map<number, { value: V; at: number }>();
    return async (id: number): Promise<V | undefined> => {
      const hit = seen.get(id);
      if (hit && Date.now() - hit.at < CATALOG_TTL_MS) return hit.value;
      const value = await load(id);
      if (value !== undefined) seen.set(id, { value, at: Date.now() });
      return value;
    };
  }
  const productNameOf = async (id: number) => (await productNames(db, [id])).get(id);
  const teamExists = remembered((id) => db.selectFrom('teams').select('id').where('id', '=', id).executeTakeFirst().then((r) => (r ? true : undefined)));

  async function productName(_trx: Exec, productId: number): Promise<string> {
    return (await productNameOf(productId)) ?? '';
  }

  async function designerById(trx: Exec, id: number) {
    return trx.selectFrom('designers').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async function itemOrThrow(ticketId: number): Promise<TicketItem> {
    const item = await ticketItem(db, ticketId);
    if (!item) throw notFound('工单不存在');
    return item;
  }

  const info = (t: { id: number }, allocationId: number | null) => ({ ticket_id: t.id, allocation_id: allocationId ?? 0 });

  // -------------------------------------------------------------------------------------------
  // Allocation core

  /**
   * Counts one more ticket for the designer today; with `cap`, only while under it (atomic
   * compare-and-increment, so concurrent assignments cannot overshoot). False when full.
   *
   * A conditional UPDATE first: on PostgreSQL a row that fails its WHERE is not kept locked
   * (an `ON CONFLICT DO UPDATE … WHERE` would keep it, and two transactions trying designers in a
   * different order could deadlock). Then an insert for a designer without a row yet.
   */
  async function claimCapacity(trx: Trx, designerId: number, cap: number | null, now: string): Promise<boolean> {
    if (cap !== null && cap <= 0) return false;
    const day = shanghaiDay(Date.parse(now));
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

  /** Shop links committed by this instance (rows are never deleted, so this only saves inserts). */
  const knownShopLinks = new Set<string>();

  async function linkShop(trx: Trx, ctx: Ctx, designerId: number, shopId: number) {
    const key = `${designerId}:${shopId}`;
    if (knownShopLinks.has(key)) return;
    await trx
      .insertInto('designer_shops')
      .values({ designer_id: designerId, shop_id: shopId })
      .onConflict((oc) => oc.columns(['designer_id', 'shop_id']).doNothing())
      .execute();
    ctx.after(() => knownShopLinks.add(key));
  }

  /**
   * Opens an allocation of `ticket` to `designer` (ending `previous` for a transfer) and points the
   * ticket at it. Throws 409 when the ticket changed since it was read; a second open allocation
   * is refused by the unique index (the caller maps that violation).
   */
  async function openAllocation(
    trx: Trx,
    ctx: Ctx,
    ticket: TicketRow,
    designer: Candidate,
    how: AllocationHow,
    by: number | null,
    now: string,
    previous?: { allocationId: number; reason: string },
  ): Promise<number> {
    if (previous) {
      const ended = await trx
        .updateTable('allocations')
        .set({ ended_at: now, end_reason: previous.reason })
        .where('id', '=', previous.allocationId)
        .where('ended_at', 'is', null)
        .executeTakeFirst();
      if (Number(ended.numUpdatedRows) !== 1) throw conflict(CHANGED_MESSAGE);
    }
    const allocation = await trx
      .insertInto('allocations')
      .values({ ticket_id: ticket.id, designer_id: designer.id, how, assigned_by: by, assigned_at: now, ended_at: null, end_reason: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const startedAt = ticket.started_at ?? now;
    const updated = await trx
      .updateTable('tickets')
      .set({
        designer_id: designer.id,
        current_allocation_id: allocation.id,
        team_id: designer.team_id ?? ticket.team_id,
        started_at: startedAt,
        due_at: isoAfter(ticket.allowed_minutes * 60_000, Date.parse(startedAt)),
        updated_at: now,
      })
      .where('id', '=', ticket.id)
      .where('current_allocation_id', previous ? '=' : 'is', previous ? previous.allocationId : null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw conflict(previous ? CHANGED_MESSAGE : TAKEN_MESSAGE);
    await linkShop(trx, ctx, designer.id, ticket.shop_id);
    return allocation.id;
  }

  /**
   * Designers the system may give a ticket to, best first: regular designers (type 1) who accept
   * tickets, are active and onboarded, are qualified for the product (and in the ticket's team, if
   * it has one) and are under today's capacity; fewest tickets assigned today first, then the one
   * whose last assignment is oldest (never assigned: first), then the lowest id.
   */
  function candidateQuery(trx: Exec, productIds: readonly number[], teamId: number | null, day: string) {
    let q = trx
      .selectFrom('designer_products as dp')
      .innerJoin('designers as d', 'd.id', 'dp.designer_id')
      .leftJoin('designer_loads as l', 'l.designer_id', 'd.id')
      .leftJoin(planCellsOf(trx, day).as('cell'), (j) => j.onRef('cell.designer_id', '=', 'd.id').onRef('cell.team_id', '=', 'd.team_id'))
      .select((eb) => {
        const today = eb.case().when('l.day', '=', day).then(eb.ref('l.assigned_today')).else(0).end();
        return [
          'd.id',
          'd.team_id',
          'dp.product_id',
          // Today's capacity: the order-plan cell when there is one, else daily_capacity.
          effectiveCapacitySql.as('daily_capacity'),
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
      .where('d.current_registration_step', '>=', 6)
      .where((eb) => eb(eb.case().when('l.day', '=', day).then(eb.ref('l.assigned_today')).else(0).end(), '<', effectiveCapacitySql));
    q = productIds.length === 1 ? q.where('dp.product_id', '=', productIds[0]!) : q.where('dp.product_id', 'in', productIds);
    if (teamId !== null) q = q.where('d.team_id', '=', teamId);
    return q;
  }

  async function systemCandidates(trx: Exec, ticket: Pick<TicketRow, 'product_id' | 'team_id'>, now: string, limit: number) {
    const day = shanghaiDay(Date.parse(now));
    return candidateQuery(trx, [ticket.product_id], ticket.team_id, day).orderBy('today').orderBy('last_at').orderBy('d.id').limit(limit).execute();
  }

  /**
   * Picks and claims a designer for a new ticket inside `trx`; null when nobody is free.
   *
   * On PostgreSQL concurrent ingestions read the same ranking and would all queue on the best
   * designer's load row; instead each takes the best row nobody else holds (`FOR UPDATE SKIP
   * LOCKED`), so they proceed side by side and spread over the next-best designers. SQLite runs
   * one write transaction at a time and needs none of this.
   */
  async function pickDesigner(trx: Trx, ticket: Pick<TicketRow, 'product_id' | 'team_id'>, now: string) {
    const day = shanghaiDay(Date.parse(now));
    for (let round = 0; round < 3; round++) {
      const candidates = await systemCandidates(trx, ticket, now, 8);
      if (dialect === 'postgres' && candidates.length > 1) {
        // Never assigned designers rank first and have no row to lock yet.
        for (const c of candidates.filter((x) => Number(x.has_load) === 0)) {
          if (await claimCapacity(trx, c.id, c.daily_capacity, now)) return c;
        }
        const withLoad = candidates.filter((x) => Number(x.has_load) === 1);
        if (withLoad.length) {
          const free = await trx
            .selectFrom('designer_loads')
            .select('designer_id')
            .where('designer_id', 'in', withLoad.map((c) => c.id))
            .orderBy((eb) => eb.case().when('day', '=', day).then(eb.ref('assigned_today')).else(0).end())
            .orderBy('last_assigned_at')
            .orderBy('designer_id')
            .limit(1)
            .forUpdate()
            .skipLocked()
            .executeTakeFirst();
          const c = free && withLoad.find((x) => x.id === free.designer_id);
          if (c && (await claimCapacity(trx, c.id, c.daily_capacity, now))) return c;
        }
      }
      // In rank order, waiting for a row another transaction holds if need be.
      for (const c of candidates) {
        if (await claimCapacity(trx, c.id, c.daily_capacity, now)) return c; // else: filled meanwhile
      }
      if (candidates.length < 8) return null;
    }
    return null;
  }

  function assignedTitle(orderNo: string, product: string, minutes: number) {
    return `系统为你分配了新工单 ${orderNo}（${product}），请在${minutesText(minutes)}内完成设计`;
  }

  // -------------------------------------------------------------------------------------------
  // Ingestion (integration API and simulator)

  class DuplicateOrder extends Error {}

  /** PostgreSQL may still pick a deadlock victim under heavy contention: the work is retried whole. */
  async function retryOnDeadlock<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
    for (let i = 1; ; i++) {
      try {
        return await work();
      } catch (err) {
        const code = (err as { code?: unknown }).code;
        if (i >= attempts || (code !== '40P01' && code !== '40001')) throw err;
      }
    }
  }

  /**
   * The id the next allocation row gets, read inside the writing transaction: PostgreSQL takes it
   * from the identity sequence; SQLite's AUTOINCREMENT would use sqlite_sequence + 1 (the
   * transaction holds the write lock from its BEGIN IMMEDIATE (db/database.ts), so nobody else
   * takes it meanwhile, in this process or another worker on the same file).
   */
  function nextAllocationId() {
    return dialect === 'postgres'
      ? sql<number>`nextval(pg_get_serial_sequence('allocations', 'id'))`
      : sql<number>`(coalesce((select seq from sqlite_sequence where name = 'allocations'), 0) + 1)`;
  }

  /** 422 unless every shop, product and team the orders name exists; `field` names the failing order's field. */
  async function checkCatalog(inputs: OrderInput[], field: (index: number, key: string) => string): Promise<Map<number, string>> {
    const [shops, products, teams] = await Promise.all([
      shopNames(db, [...new Set(inputs.map((o) => o.shop_id))]),
      productNames(db, [...new Set(inputs.map((o) => o.product_id))]),
      Promise.all([...new Set(inputs.map((o) => o.team_id).filter((t): t is number => typeof t === 'number'))].map(async (id) => [id, await teamExists(id)] as const)),
    ]);
    const knownTeams = new Set(teams.filter(([, known]) => known).map(([id]) => id));
    const errors: { field: string; message: string }[] = [];
    inputs.forEach((o, i) => {
      if (!shops.has(o.shop_id)) errors.push({ field: field(i, 'shop_id'), message: '店铺不存在' });
      if (!products.has(o.product_id)) errors.push({ field: field(i, 'product_id'), message: '产品不存在' });
      if (typeof o.team_id === 'number' && !knownTeams.has(o.team_id)) errors.push({ field: field(i, 'team_id'), message: '团队不存在' });
    });
    if (errors.length) throw new AppError(422, errors[0]!.message, errors);
    return products;
  }

  /** The row of a new order's ticket, assigned to `chosen` (with its allocation's id) or unassigned. */
  function newTicketRow(input: OrderInput, chosen: Candidate | null, allocationId: number | RawBuilder<number> | null, now: string): InsertObject<Database, 'tickets'> {
    return {
      order_no: input.order_no,
      shop_id: input.shop_id,
      product_id: input.product_id,
      title: input.title,
      requirements: input.requirements,
      customer_notes: input.customer_notes,
      attachments: JSON.stringify(input.attachments),
      status: input.status,
      order_markers: joinMarkers(input.order_markers),
      work_markers: '',
      stage: 'waiting',
      allowed_minutes: input.allowed_minutes,
      started_at: chosen ? now : null,
      due_at: chosen ? isoAfter(input.allowed_minutes * 60_000, Date.parse(now)) : null,
      fee_cents: input.fee_cents,
      team_id: chosen?.team_id ?? input.team_id ?? null,
      designer_id: chosen?.id ?? null,
      current_allocation_id: allocationId,
      created_at: now,
      updated_at: now,
    };
  }

  /**
   * Inside `trx`: creates the ticket of a new order and system-assigns it (the designer is picked
   * and their capacity claimed first, then the ticket is inserted already assigned; allocation,
   * events and message 2 follow in the same transaction). Throws DuplicateOrder when the order_no
   * exists, which rolls the whole transaction (and the capacity claim) back.
   */
  async function createOrder(trx: Trx, ctx: Ctx, input: OrderInput, source: 'upstream' | 'simulator', productLabel: string, now: string) {
    const teamId = input.team_id ?? null;
    const chosen = await pickDesigner(trx, { product_id: input.product_id, team_id: teamId }, now);
    const ticket = await trx
      .insertInto('tickets')
      // The allocation's id is taken now, so the ticket row is written once (no UPDATE after).
      .values(newTicketRow(input, chosen, chosen ? nextAllocationId() : null, now))
      .onConflict((oc) => oc.column('order_no').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!ticket) throw new DuplicateOrder();
    const createdEvent: EventRow = { type: 'created', actor: source === 'upstream' ? UPSTREAM : SYSTEM, detail: { order_no: ticket.order_no, source } };
    if (!chosen) {
      await addEvents(trx, ticket.id, [createdEvent], now);
      return { ticket, designer: null };
    }
    const allocationId = ticket.current_allocation_id!;
    await trx
      .insertInto('allocations')
      .values({ id: allocationId, ticket_id: ticket.id, designer_id: chosen.id, how: 'system', assigned_by: null, assigned_at: now, ended_at: null, end_reason: null })
      .execute();
    await linkShop(trx, ctx, chosen.id, ticket.shop_id);
    await addEvents(
      trx,
      ticket.id,
      [createdEvent, { type: 'system_assigned', actor: SYSTEM, detail: { allocation_id: allocationId, designer_id: designerCode(chosen.id), designer_name: displayName(chosen) } }],
      now,
    );
    // Message 2 is written in this transaction (one commit per order, not two) and published after it.
    const assigned = await messages.persist(trx, [chosen.id], { type: MESSAGE_TYPE.SYSTEM_ASSIGNED, title: assignedTitle(ticket.order_no, productLabel, ticket.allowed_minutes), info: info(ticket, allocationId) });
    ctx.after(assigned.publish);
    return { ticket, designer: chosen };
  }

  /**
   * Creates the ticket of an order and system-assigns it in one transaction. A second ticket with
   * the same order_no is never created; the repeat (even a concurrent one) answers with the
   * existing ticket.
   */
  async function ingest(input: OrderInput, source: 'upstream' | 'simulator' = 'upstream'): Promise<{ ticket: TicketItem; created: boolean }> {
    const products = await checkCatalog([input], (_, key) => key);
    try {
      const done = await retryOnDeadlock(() => change((trx, ctx) => createOrder(trx, ctx, input, source, products.get(input.product_id)!, nowIso())));
      return { ticket: await toItemFromRow(db, done.ticket, done.designer), created: true };
    } catch (err) {
      if (!(err instanceof DuplicateOrder) && !isUniqueViolation(err)) throw err;
      // The order exists (sent before, or by a concurrent request that won).
      const row = await db.selectFrom('tickets').select('id').where('order_no', '=', input.order_no).executeTakeFirst();
      if (!row) throw err;
      return { ticket: await itemOrThrow(row.id), created: false };
    }
  }

  /**
   * Picks the designer of each order of a batch, in order, by the rules of `pickDesigner` (fewest
   * tickets today, then the longest since the last one, then the lowest id; under today's
   * capacity), and writes the new day counts. The candidates' load rows are created when missing
   * and locked (PostgreSQL, in id order) before they are read, so the counts are exact while the
   * batch runs; single-order ingestions wait on a locked row, never the other way round. Every
   * assignment of the batch carries the same time, so the ranking breaks those ties by id.
   */
  async function planBatch(trx: Trx, orders: OrderInput[], now: string): Promise<(Candidate | null)[]> {
    const day = shanghaiDay(Date.parse(now));
    const groupKey = (o: OrderInput) => `${o.product_id}|${o.team_id ?? ''}`;
    const groups = new Map<string, Candidate[]>();
    const caps = new Map<number, number>();
    const withoutLoad = new Set<number>();
    // One candidate query per team the orders name (usually just "no team"), over all their products.
    const productsByTeam = new Map<number | null, Set<number>>();
    for (const o of orders) {
      const team = o.team_id ?? null;
      if (!productsByTeam.has(team)) productsByTeam.set(team, new Set());
      productsByTeam.get(team)!.add(o.product_id);
    }
    for (const [team, products] of productsByTeam) {
      for (const product of products) groups.set(`${product}|${team ?? ''}`, []);
      const rows = await candidateQuery(trx, [...products], team, day).execute();
      for (const r of rows) {
        groups.get(`${r.product_id}|${team ?? ''}`)!.push(r);
        caps.set(r.id, Number(r.daily_capacity));
        if (Number(r.has_load) === 0) withoutLoad.add(r.id);
      }
    }
    const ids = [...caps.keys()].sort((x, y) => x - y);
    const load = new Map<number, { today: number; last: string }>();
    // A row to lock for every candidate: only those who never had one need it (a concurrent first
    // assignment may have created it since; then nothing is inserted).
    const missing = ids.filter((id) => withoutLoad.has(id));
    for (let i = 0; i < missing.length; i += 500) {
      await trx
        .insertInto('designer_loads')
        .values(missing.slice(i, i + 500).map((designer_id) => ({ designer_id, day, assigned_today: 0, last_assigned_at: '' })))
        .onConflict((oc) => oc.column('designer_id').doNothing())
        .execute();
    }
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      let q = trx.selectFrom('designer_loads').select(['designer_id', 'day', 'assigned_today', 'last_assigned_at']).where('designer_id', 'in', chunk).orderBy('designer_id');
      if (dialect === 'postgres') q = q.forUpdate();
      for (const r of await q.execute()) load.set(r.designer_id, { today: r.day === day ? Number(r.assigned_today) : 0, last: r.last_assigned_at });
    }
    const touched = new Set<number>();
    const picks = orders.map((o) => {
      let best: Candidate | null = null;
      let bestLoad: { today: number; last: string } | undefined;
      for (const c of groups.get(groupKey(o))!) {
        const l = load.get(c.id)!;
        if (l.today >= caps.get(c.id)!) continue;
        if (!best || l.today < bestLoad!.today || (l.today === bestLoad!.today && (l.last < bestLoad!.last || (l.last === bestLoad!.last && c.id < best.id)))) {
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
    const changed = [...touched].sort((x, y) => x - y);
    for (let i = 0; i < changed.length; i += 500) {
      await trx
        .insertInto('designer_loads')
        .values(changed.slice(i, i + 500).map((id) => ({ designer_id: id, day, assigned_today: load.get(id)!.today, last_assigned_at: now })))
        .onConflict((oc) =>
          oc.column('designer_id').doUpdateSet((eb) => ({
            day: eb.ref('excluded.day'),
            assigned_today: eb.ref('excluded.assigned_today'),
            last_assigned_at: eb.ref('excluded.last_assigned_at'),
          })),
        )
        .execute();
    }
    return picks;
  }

  /**
   * `n` allocation ids, taken now (PostgreSQL: the identity sequence; SQLite: after sqlite_sequence,
   * under the write lock the transaction took at BEGIN IMMEDIATE, which holds across processes).
   */
  async function allocationIds(trx: Trx, n: number): Promise<number[]> {
    if (!n) return [];
    if (dialect === 'postgres') {
      const r = await sql<{ id: number }>`select nextval(pg_get_serial_sequence('allocations', 'id')) as id from generate_series(1, ${n})`.execute(trx);
      return r.rows.map((x) => Number(x.id)).sort((x, y) => x - y);
    }
    const r = await sql<{ seq: number | null }>`select (select seq from sqlite_sequence where name = 'allocations') as seq`.execute(trx);
    const base = Number(r.rows[0]?.seq ?? 0);
    return Array.from({ length: n }, (_, k) => base + k + 1);
  }

  /**
   * The batch form of `createOrder`: the same rows (ticket, allocation, timeline events, shop link,
   * message 2) for many new orders, written in multi-row inserts. Throws DuplicateOrder when one of
   * the orders was created meanwhile (the caller redoes the batch).
   */
  async function createOrders(
    trx: Trx,
    ctx: Ctx,
    orders: OrderInput[],
    source: 'upstream' | 'simulator',
    productLabels: Map<number, string>,
    now: string,
  ): Promise<Map<string, { id: number; designer_id: number | null }>> {
    const out = new Map<string, { id: number; designer_id: number | null }>();
    if (!orders.length) return out;
    const picks = await planBatch(trx, orders, now);
    const allocIds = await allocationIds(trx, picks.filter(Boolean).length);
    let nextAlloc = 0;
    const rows = orders.map((input, k) => {
      const chosen = picks[k]!;
      return {
        input,
        chosen,
        allocationId: chosen ? allocIds[nextAlloc++]! : null,
      };
    });
    const CHUNK = 200;
    const ticketIds = new Map<string, number>();
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK);
      const inserted = await trx
        .insertInto('tickets')
        .values(chunk.map(({ input, chosen, allocationId }) => newTicketRow(input, chosen, allocationId, now)))
        .onConflict((oc) => oc.column('order_no').doNothing())
        .returning(['id', 'order_no'])
        .execute();
      if (inserted.length !== chunk.length) throw new DuplicateOrder(); // rolls the whole batch back
      for (const r of inserted) ticketIds.set(r.order_no, r.id);
    }
    const assigned = rows.filter((r) => r.chosen !== null);
    for (let i = 0; i < assigned.length; i += CHUNK) {
      await trx
        .insertInto('allocations')
        .values(
          assigned.slice(i, i + CHUNK).map((r) => ({
            id: r.allocationId!,
            ticket_id: ticketIds.get(r.input.order_no)!,
            designer_id: r.chosen!.id,
            how: 'system' as const,
            assigned_by: null,
            assigned_at: now,
            ended_at: null,
            end_reason: null,
          })),
        )
        .execute();
    }
    const links = new Map<string, { designer_id: number; shop_id: number }>();
    for (const r of assigned) {
      const key = `${r.chosen!.id}:${r.input.shop_id}`;
      if (!knownShopLinks.has(key)) links.set(key, { designer_id: r.chosen!.id, shop_id: r.input.shop_id });
    }
    if (links.size) {
      await trx
        .insertInto('designer_shops')
        .values([...links.values()])
        .onConflict((oc) => oc.columns(['designer_id', 'shop_id']).doNothing())
        .execute();
      ctx.after(() => {
        for (const key of links.keys()) knownShopLinks.add(key);
      });
    }
    const actor = source === 'upstream' ? UPSTREAM : SYSTEM;
    const events = rows.flatMap(({ input, chosen, allocationId }) => {
      const ticket_id = ticketIds.get(input.order_no)!;
      const list: { ticket_id: number; type: EventType; actor: Actor; detail: Record<string, unknown> }[] = [
        { ticket_id, type: 'created', actor, detail: { order_no: input.order_no, source } },
      ];
      if (chosen) {
        list.push({
          ticket_id,
          type: 'system_assigned',
          actor: SYSTEM,
          detail: { allocation_id: allocationId, designer_id: designerCode(chosen.id), designer_name: displayName(chosen) },
        });
      }
      return list;
    });
    for (let i = 0; i < events.length; i += CHUNK) {
      await trx
        .insertInto('ticket_events')
        .values(
          events.slice(i, i + CHUNK).map((e) => ({
            ticket_id: e.ticket_id,
            type: e.type,
            actor_kind: e.actor.kind,
            actor_id: e.actor.kind === 'designer' ? e.actor.id : null,
            detail: JSON.stringify(e.detail),
            created_at: now,
          })),
        )
        .execute();
    }
    // Message 2 for every assignment, in this transaction; published after the commit.
    const persisted = await messages.persistEach(
      trx,
      assigned.map((r) => ({
        designerId: r.chosen!.id,
        message: {
          type: MESSAGE_TYPE.SYSTEM_ASSIGNED,
          title: assignedTitle(r.input.order_no, productLabels.get(r.input.product_id) ?? '', r.input.allowed_minutes),
          info: info({ id: ticketIds.get(r.input.order_no)! }, r.allocationId),
        },
      })),
    );
    ctx.after(persisted.publish);
    for (const r of rows) out.set(r.input.order_no, { id: ticketIds.get(r.input.order_no)!, designer_id: r.chosen?.id ?? null });
    return out;
  }

  /** The PostgreSQL advisory lock batches take turns on ('dwpb'). */
  const BATCH_LOCK_KEY = 0x64777062;

  /** The outcome of one order of a batch, in the batch's order. */
  interface BatchResult {
    order_no: string;
    created: boolean;
    ticket_id: number;
    designer_id: string | null;
  }

  /**
   * Many orders in one transaction and one commit: each order is created and assigned exactly as
   * `ingest` would, one after another (the same ranking and capacity rules), so a batch costs one
   * round trip and one commit instead of one per order. All or nothing: the catalog is checked for
   * every order first (422 naming `orders.{i}.field`, nothing written), and the answer comes after
   * the commit. Orders that exist already (or repeat within the batch) answer `created: false`
   * with the existing ticket. When a concurrent request creates one of the orders meanwhile, the
   * whole batch is redone; it then finds that order existing.
   */
  async function ingestBatch(inputs: OrderInput[], source: 'upstream' | 'simulator' = 'upstream'): Promise<BatchResult[]> {
    const products = await checkCatalog(inputs, (i, key) => `orders.${i}.${key}`);
    for (let attempt = 1; ; attempt++) {
      try {
        return await retryOnDeadlock(() =>
          change(async (trx, ctx) => {
            // PostgreSQL: batches take turns. Two batches each holding the load rows of the designers
            // they assigned so far would wait on each other's rows (deadlock, and a retry of both).
            // A single-order ingestion holds at most one load row, so it runs alongside.
            if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${BATCH_LOCK_KEY})`.execute(trx);
            const now = nowIso();
            const orderNos = [...new Set(inputs.map((o) => o.order_no))];
            const existing = new Map<string, { id: number; designer_id: number | null }>();
            for (let i = 0; i < orderNos.length; i += 500) {
              const rows = await trx.selectFrom('tickets').select(['id', 'order_no', 'designer_id']).where('order_no', 'in', orderNos.slice(i, i + 500)).execute();
              for (const r of rows) existing.set(r.order_no, { id: r.id, designer_id: r.designer_id });
            }
            // The new orders: the first occurrence of each order_no not stored yet.
            const fresh: OrderInput[] = [];
            const taken = new Set(existing.keys());
            for (const input of inputs) {
              if (taken.has(input.order_no)) continue;
              taken.add(input.order_no);
              fresh.push(input);
            }
            const created = await createOrders(trx, ctx, fresh, source, products, now);
            for (const [orderNo, c] of created) existing.set(orderNo, c);
            const firstSeen = new Set<string>();
            return inputs.map((input): BatchResult => {
              const row = existing.get(input.order_no)!;
              const isNew = created.has(input.order_no) && !firstSeen.has(input.order_no);
              firstSeen.add(input.order_no);
              return { order_no: input.order_no, created: isNew, ticket_id: row.id, designer_id: row.designer_id === null ? null : designerCode(row.designer_id) };
            });
          }),
        );
      } catch (err) {
        if (attempt >= 3 || (!(err instanceof DuplicateOrder) && !isUniqueViolation(err))) throw err;
      }
    }
  }

  // -------------------------------------------------------------------------------------------
  // Upstream status changes and audit results

  const UPSTREAM_CHANGES: Record<UpstreamEvent, { status: TicketStatus; event: EventType; message?: number }> = {
    refund: { status: TICKET_STATUS.refunded, event: 'refunded' },
    completion: { status: TICKET_STATUS.completed, event: 'completed' },
    close: { status: TICKET_STATUS.orderClosed, event: 'order_closed', message: MESSAGE_TYPE.ORDER_CLOSED },
    factory_reject: { status: TICKET_STATUS.factoryRejected, event: 'factory_rejected', message: MESSAGE_TYPE.FACTORY_REJECTED },
  };

  async function upstreamStatus(orderNo: string, event: UpstreamEvent, reason: string): Promise<{ ticket: TicketItem; changed: boolean }> {
    const row = await db.selectFrom('tickets').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
    if (!row) throw notFound('订单不存在');
    const spec = UPSTREAM_CHANGES[event];
    if (row.status === spec.status) return { ticket: await itemOrThrow(row.id), changed: false };
    const changed = await change(async (trx, { send }) => {
      const now = nowIso();
      const patch: { status: string; updated_at: string; stage?: string; work_markers?: string } = { status: spec.status, updated_at: now };
      if (event === 'completion') patch.stage = 'done';
      if (event === 'factory_reject') patch.work_markers = withMarker(row.work_markers, 'FACTORY_REJECT');
      const r = await trx.updateTable('tickets').set(patch).where('id', '=', row.id).where('status', '=', row.status).executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return false; // another change won; the caller may retry
      await addEvent(trx, row.id, spec.event, UPSTREAM, { from: row.status, to: spec.status, reason }, now);
      // The completion notice earns the current designer the ticket's fee (once per ticket and designer).
      if (event === 'completion' && row.designer_id !== null && row.fee_cents > 0) {
        await postLine(
          trx,
          { designerId: row.designer_id, kind: 'fee', amountCents: row.fee_cents, refKey: feeRef(row.id, row.designer_id), at: now, ticketId: row.id, description: `工单费用：${row.title}` },
          settlementPeriod,
          now,
        );
      }
      if (spec.message && row.designer_id !== null) {
        const title =
          spec.message === 28
            ? `工单 ${row.order_no} 对应的订单已关闭${reason ? `：${reason}` : ''}`
            : `工单 ${row.order_no} 被工厂驳回${reason ? `：${reason}` : '，请及时处理'}`;
        send([row.designer_id], { type: spec.message, title, info: info(row, row.current_allocation_id) });
      }
      return true;
    });
    if (!changed) throw conflict(CHANGED_MESSAGE);
    return { ticket: await itemOrThrow(row.id), changed: true };
  }

  const SYNC_TEXT: Record<number, string> = { 1: '同步成功', 2: '同步失败', 3: '自动检查异常' };

  async function auditDraft(draftId: number, syncStatus: number, result: string): Promise<{ draft: DraftView; changed: boolean }> {
    const draft = await db.selectFrom('drafts').selectAll().where('id', '=', draftId).executeTakeFirst();
    if (!draft) throw notFound('稿件不存在');
    if (draft.sync_status === syncStatus && (draft.audit_result ?? '') === result) return { draft: toDraft(draft), changed: false };
    await change(async (trx, { send }) => {
      const now = nowIso();
      await trx.updateTable('drafts').set({ sync_status: syncStatus, audit_result: result, audited_at: now }).where('id', '=', draft.id).execute();
      await trx.updateTable('tickets').set({ updated_at: now }).where('id', '=', draft.ticket_id).execute();
      await addEvent(trx, draft.ticket_id, 'draft_audited', UPSTREAM, { draft_id: draft.id, kind: draft.kind, sync_status: syncStatus, result }, now);
      const ticket = await trx.selectFrom('tickets').select(['id', 'order_no']).where('id', '=', draft.ticket_id).executeTakeFirstOrThrow();
      const first = draft.kind === 'first';
      send([draft.designer_id], {
        type: first ? MESSAGE_TYPE.FIRST_DRAFT_CHECKED : MESSAGE_TYPE.FINAL_DRAFT_CHECKED,
        title: `工单 ${ticket.order_no} 的${first ? '初稿' : '终稿'}缩略图与轮廓检查已完成：${SYNC_TEXT[syncStatus] ?? ''}`,
        info: info(ticket, draft.allocation_id),
      });
    });
    const fresh = await db.selectFrom('drafts').selectAll().where('id', '=', draftId).executeTakeFirstOrThrow();
    return { draft: toDraft(fresh), changed: true };
  }

  // -------------------------------------------------------------------------------------------
  // Team-lead actions (designer_type 0; the team's tickets and the unassigned pool)

  async function leadTicket(lead: Designer, ticketId: number): Promise<TicketRow> {
    if (lead.designer_type !== 0) throw forbidden('只有团队负责人可以执行该操作');
    const t = await findTicket(db, ticketId);
    if (!t || !canRead(lead, t)) throw notFound('工单不存在');
    return t;
  }

  function requireOpen(t: TicketRow) {
    if (!OPEN_STATUSES.includes(t.status as TicketStatus)) throw conflict('工单已结束，不能执行该操作');
  }

  async function teamDesigner(lead: Designer, code: string): Promise<Designer> {
    const id = parseDesignerCode(code);
    const d = id ? await designerById(db, id) : undefined;
    if (!d || d.team_id === null || d.team_id !== lead.team_id) throw invalid('designer_id', '该设计师不在你的团队中');
    if (d.designer_type === 0) throw invalid('designer_id', '只能指派给团队中的设计师');
    if (d.account_status !== 1) throw invalid('designer_id', '该设计师账号已停用');
    if (d.current_registration_step < 6) throw invalid('designer_id', '该设计师尚未完成入驻引导');
    return d;
  }

  const mapTaken = (err: unknown): never => {
    if (isUniqueViolation(err)) throw conflict(TAKEN_MESSAGE);
    throw err;
  };

  async function assign(lead: Designer, ticketId: number, code: string): Promise<TicketItem> {
    const t = await leadTicket(lead, ticketId);
    requireOpen(t);
    if (t.current_allocation_id !== null) throw conflict('该工单已分配，请使用转派');
    const target = await teamDesigner(lead, code);
    await change(async (trx, ctx) => {
      const { send } = ctx;
      const now = nowIso();
      await claimCapacity(trx, target.id, null, now); // a lead may go over capacity on purpose
      const allocationId = await openAllocation(trx, ctx, t, target, 'manual', lead.id, now);
      await addEvent(trx, t.id, 'manual_assigned', { kind: 'designer', id: lead.id }, { allocation_id: allocationId, designer_id: designerCode(target.id), designer_name: displayName(target) }, now);
      send([target.id], {
        type: MESSAGE_TYPE.MANUALLY_ASSIGNED,
        title: `${displayName(lead)}将工单 ${t.order_no}（${await productName(trx, t.product_id)}）指派给你`,
        info: info(t, allocationId),
      });
    }).catch(mapTaken);
    return itemOrThrow(t.id);
  }

  async function transfer(lead: Designer, ticketId: number, code: string, reason: string): Promise<TicketItem> {
    const t = await leadTicket(lead, ticketId);
    requireOpen(t);
    if (t.current_allocation_id === null || t.designer_id === null) throw conflict('该工单尚未分配，请使用指派');
    const target = await teamDesigner(lead, code);
    if (target.id === t.designer_id) throw invalid('designer_id', '该工单已由此设计师处理');
    const from = await designerById(db, t.designer_id);
    const previous = t.current_allocation_id;
    await change(async (trx, ctx) => {
      const { send } = ctx;
      const now = nowIso();
      await claimCapacity(trx, target.id, null, now);
      const allocationId = await openAllocation(trx, ctx, t, target, 'transfer', lead.id, now, { allocationId: previous, reason: 'transferred' });
      await addEvent(
        trx,
        t.id,
        'transferred',
        { kind: 'designer', id: lead.id },
        {
          allocation_id: allocationId,
          from_designer_id: designerCode(t.designer_id!),
          from_name: from ? displayName(from) : '',
          to_designer_id: designerCode(target.id),
          to_name: displayName(target),
          reason,
        },
        now,
      );
      send([target.id], { type: MESSAGE_TYPE.TICKET_TRANSFERRED, title: `${displayName(lead)}将工单 ${t.order_no} 转派给你${reason ? `：${reason}` : ''}`, info: info(t, allocationId) });
      send([t.designer_id!], { type: MESSAGE_TYPE.TICKET_TRANSFERRED, title: `工单 ${t.order_no} 已由${displayName(lead)}转派给${displayName(target)}`, info: info(t, previous) });
    }).catch(mapTaken);
    return itemOrThrow(t.id);
  }

  async function urge(lead: Designer, ticketId: number, note: string): Promise<TicketItem> {
    const t = await leadTicket(lead, ticketId);
    requireOpen(t);
    if (t.designer_id === null) throw conflict('该工单尚未分配，无法催稿');
    if (t.stage === 'final_draft' || t.stage === 'done') throw conflict('终稿已提交，无需催稿');
    const designerId = t.designer_id;
    await change(async (trx, { send }) => {
      const now = nowIso();
      await trx.updateTable('tickets').set({ updated_at: now }).where('id', '=', t.id).execute();
      await addEvent(trx, t.id, 'urged', { kind: 'designer', id: lead.id }, { designer_id: designerCode(designerId), note }, now);
      const what = t.stage === 'waiting' ? '初稿' : '终稿';
      send([designerId], { type: MESSAGE_TYPE.DRAFT_URGED, title: `${displayName(lead)}催促工单 ${t.order_no} 尽快提交${what}${note ? `：${note}` : ''}`, info: info(t, t.current_allocation_id) });
    });
    return itemOrThrow(t.id);
  }

  async function markAbnormal(lead: Designer, ticketId: number, reason: string): Promise<TicketItem> {
    const t = await leadTicket(lead, ticketId);
    requireOpen(t);
    if (parseMarkers(t.work_markers).includes('ABNORMAL')) throw conflict('该工单已标记为异常');
    await change(async (trx, { send }) => {
      const now = nowIso();
      const r = await trx
        .updateTable('tickets')
        .set({ work_markers: withMarker(t.work_markers, 'ABNORMAL'), updated_at: now })
        .where('id', '=', t.id)
        .where('work_markers', '=', t.work_markers)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) throw conflict(CHANGED_MESSAGE);
      await addEvent(trx, t.id, 'marked_abnormal', { kind: 'designer', id: lead.id }, { reason }, now);
      if (t.designer_id !== null) {
        send([t.designer_id], { type: MESSAGE_TYPE.MARKED_ABNORMAL, title: `工单 ${t.order_no} 被标记为异常：${reason}`, info: info(t, t.current_allocation_id) });
      }
    });
    return itemOrThrow(t.id);
  }

  async function close(lead: Designer, ticketId: number, reason: string): Promise<TicketItem> {
    const t = await leadTicket(lead, ticketId);
    requireOpen(t);
    await change(async (trx, { send }) => {
      const now = nowIso();
      const r = await trx
        .updateTable('tickets')
        .set({ status: TICKET_STATUS.manuallyClosed, updated_at: now })
        .where('id', '=', t.id)
        .where('status', '=', t.status)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) throw conflict(CHANGED_MESSAGE);
      await addEvent(trx, t.id, 'closed', { kind: 'designer', id: lead.id }, { from: t.status, to: TICKET_STATUS.manuallyClosed, reason }, now);
      if (t.designer_id !== null) {
        send([t.designer_id], { type: MESSAGE_TYPE.ORDER_CLOSED, title: `工单 ${t.order_no} 已被${displayName(lead)}关闭：${reason}`, info: info(t, t.current_allocation_id) });
      }
    });
    return itemOrThrow(t.id);
  }

  // -------------------------------------------------------------------------------------------
  // Order hall

  async function grab(me: Designer, ticketId: number): Promise<TicketItem> {
    if (me.designer_type !== 2 && me.designer_type !== 3) throw forbidden('接单大厅仅对兼职设计师开放');
    if (me.current_registration_step < 6) throw forbidden('请先完成入驻引导');
    const t = await findTicket(db, ticketId);
    const qualified =
      t &&
      (await db.selectFrom('designer_products').select('product_id').where('designer_id', '=', me.id).where('product_id', '=', t.product_id).executeTakeFirst());
    if (!t || !qualified || (t.team_id !== null && t.team_id !== me.team_id)) throw notFound('工单不存在');
    if (t.current_allocation_id !== null) throw conflict(TAKEN_MESSAGE);
    if (t.status !== '0' && t.status !== '7') throw conflict('该工单已关闭');
    await change(async (trx, ctx) => {
      const now = nowIso();
      const cap = await capacityOn(trx, me, shanghaiDay(Date.parse(now))); // the order plan's cell, else daily_capacity
      if (!(await claimCapacity(trx, me.id, cap, now))) throw conflict(`今日领取已达上限（${cap}单）`);
      const allocationId = await openAllocation(trx, ctx, t, me, 'hall', me.id, now);
      await addEvent(trx, t.id, 'grabbed', { kind: 'designer', id: me.id }, { allocation_id: allocationId, designer_id: designerCode(me.id), designer_name: displayName(me) }, now);
    }).catch(mapTaken);
    return itemOrThrow(t.id);
  }

  // -------------------------------------------------------------------------------------------
  // The designer's own actions

  /** The ticket if `me` is its current designer: 404 for others, 403 for the team's lead. */
  async function ownTicket(me: Designer, ticketId: number): Promise<TicketRow> {
    const t = await findTicket(db, ticketId);
    if (!t || !canRead(me, t)) throw notFound('工单不存在');
    if (t.designer_id !== me.id) throw forbidden('只有负责该工单的设计师可以执行该操作');
    requireOpen(t);
    return t;
  }

  async function submitDraft(me: Designer, ticketId: number, input: { kind: DraftKind; files: string[]; note: string }): Promise<DraftView> {
    const t = await ownTicket(me, ticketId);
    const prefix = `draft/${designerCode(me.id)}/`;
    input.files.forEach((key, i) => {
      if (!/^draft\/D\d{6,}\/\d{8}\/[A-Za-z0-9_-]{1,64}\/[^/\\]{1,200}$/.test(key) || key.includes('..') || key.endsWith('/.') || hasControlChar(key)) {
        throw invalid(`files.${i}`, '文件路径不正确');
      }
      if (!key.startsWith(prefix)) throw invalid(`files.${i}`, '只能提交自己上传的文件');
    });
    if (new Set(input.files).size !== input.files.length) throw invalid('files', '文件重复');
    if (input.kind === 'final' && t.stage === 'waiting') throw conflict('请先提交初稿');
    if (input.kind === 'first' && (t.stage === 'final_draft' || t.stage === 'done')) throw conflict('终稿已提交，不能再提交初稿');
    const draftId = await change(async (trx) => {
      const now = nowIso();
      const late = t.due_at !== null && t.due_at < now;
      const markers: MarkerCode[] = late ? ['LATE'] : [];
      const r = await trx
        .updateTable('tickets')
        .set({
          stage: input.kind === 'first' ? 'first_draft' : 'final_draft',
          work_markers: joinMarkers(t.work_markers, markers.join(',')),
          updated_at: now,
        })
        .where('id', '=', t.id)
        .where('current_allocation_id', '=', t.current_allocation_id)
        .where('stage', '=', t.stage)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) throw conflict(CHANGED_MESSAGE);
      const draft = await trx
        .insertInto('drafts')
        .values({
          ticket_id: t.id,
          allocation_id: t.current_allocation_id!,
          designer_id: me.id,
          kind: input.kind,
          files: JSON.stringify(input.files),
          note: input.note,
          sync_status: 0,
          audit_result: null,
          audited_at: null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await addEvent(trx, t.id, 'draft_submitted', { kind: 'designer', id: me.id }, { draft_id: draft.id, kind: input.kind, files: input.files.length, late, note: input.note }, now);
      return draft.id;
    });
    const fresh = await db.selectFrom('drafts').selectAll().where('id', '=', draftId).executeTakeFirstOrThrow();
    return toDraft(fresh);
  }

  async function applyFinalReview(me: Designer, ticketId: number, note: string): Promise<TicketItem> {
    const t = await ownTicket(me, ticketId);
    if (t.stage !== 'final_draft') throw conflict('请先提交终稿');
    if (parseMarkers(t.work_markers).includes('SUBMIT')) throw conflict('已申请终稿审核，请等待审核结果');
    await change(async (trx, { send }) => {
      const now = nowIso();
      const r = await trx
        .updateTable('tickets')
        .set({ work_markers: withMarker(t.work_markers, 'SUBMIT'), updated_at: now })
        .where('id', '=', t.id)
        .where('work_markers', '=', t.work_markers)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) throw conflict(CHANGED_MESSAGE);
      await addEvent(trx, t.id, 'final_review_applied', { kind: 'designer', id: me.id }, { note }, now);
      send(await teamLeads(trx, t.team_id), {
        type: MESSAGE_TYPE.FINAL_REVIEW_APPLIED,
        title: `${displayName(me)}申请工单 ${t.order_no} 的终稿审核${note ? `：${note}` : ''}`,
        info: info(t, t.current_allocation_id),
      });
    });
    return itemOrThrow(t.id);
  }

  /**
   * The latest event of an application kind on a ticket (applied, approved or refused): an
   * application is pending while its latest event is the application itself.
   */
  async function latestApplicationEvent(trx: Exec, ticketId: number, types: EventType[]) {
    return trx
      .selectFrom('ticket_events')
      .select(['id', 'type', 'actor_id', 'detail', 'created_at'])
      .where('ticket_id', '=', ticketId)
      .where('type', 'in', types)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }
  const FACTORY_REJECT_EVENTS: EventType[] = ['factory_reject_applied', 'factory_reject_approved', 'factory_reject_refused'];
  const FINAL_REVIEW_EVENTS: EventType[] = ['final_review_applied', 'final_review_approved', 'final_review_rejected'];
  const PENDING_FACTORY_REJECT = '已提交工厂驳回申请，请等待审核';

  async function applyFactoryReject(me: Designer, ticketId: number, reason: string): Promise<TicketItem> {
    const t = await ownTicket(me, ticketId);
    if (t.status === TICKET_STATUS.factoryRejected) throw conflict('该工单已是工厂驳回状态');
    // One pending application per ticket; after a decision the designer may apply again.
    if ((await latestApplicationEvent(db, t.id, FACTORY_REJECT_EVENTS))?.type === 'factory_reject_applied') throw conflict(PENDING_FACTORY_REJECT);
    await change(async (trx, { send }) => {
      const now = nowIso();
      // Locks the ticket row first, so of two concurrent applications the second sees the first.
      await trx.updateTable('tickets').set({ updated_at: now }).where('id', '=', t.id).execute();
      if ((await latestApplicationEvent(trx, t.id, FACTORY_REJECT_EVENTS))?.type === 'factory_reject_applied') throw conflict(PENDING_FACTORY_REJECT);
      await addEvent(trx, t.id, 'factory_reject_applied', { kind: 'designer', id: me.id }, { reason }, now);
      send(await teamLeads(trx, t.team_id), {
        type: MESSAGE_TYPE.FACTORY_REJECT_APPLIED,
        title: `${displayName(me)}提交了工单 ${t.order_no} 的工厂驳回申请：${reason}`,
        info: info(t, t.current_allocation_id),
      });
    });
    return itemOrThrow(t.id);
  }

  // -------------------------------------------------------------------------------------------
  // Team-lead decisions on applications (final review: message 10; factory reject: message 22)

  type Decision = { decision: 'approve' | 'reject'; note: string };

  /** The pending application's event, locked with the ticket row; 409 when there is none. */
  async function pendingApplication(trx: Trx, t: TicketRow, types: EventType[], now: string) {
    await trx.updateTable('tickets').set({ updated_at: now }).where('id', '=', t.id).execute();
    const e = await latestApplicationEvent(trx, t.id, types);
    if (!e) throw conflict('没有待审核的申请');
    if (e.type !== types[0]) throw conflict('该申请已处理');
    if (e.actor_id === null) throw conflict('没有待审核的申请');
    return { ...e, applicantId: e.actor_id };
  }

  async function reviewFinalReview(lead: Designer, ticketId: number, input: Decision): Promise<TicketItem> {
    const t = await leadTicket(lead, ticketId);
    if (input.decision === 'reject' && !input.note) throw invalid('note', '请填写驳回理由');
    const approve = input.decision === 'approve';
    await change(async (trx, { send }) => {
      const now = nowIso();
      const application = await pendingApplication(trx, t, FINAL_REVIEW_EVENTS, now);
      if (!approve) {
        // Rejected: SUBMIT comes off so the designer can revise and apply again.
        const fresh = await trx.selectFrom('tickets').select('work_markers').where('id', '=', t.id).executeTakeFirstOrThrow();
        const markers = parseMarkers(fresh.work_markers).filter((m) => m !== 'SUBMIT').join(',');
        await trx.updateTable('tickets').set({ work_markers: markers }).where('id', '=', t.id).execute();
      }
      await addEvent(
        trx,
        t.id,
        approve ? 'final_review_approved' : 'final_review_rejected',
        { kind: 'designer', id: lead.id },
        { note: input.note, application_event_id: application.id, designer_id: designerCode(application.applicantId) },
        now,
      );
      send([application.applicantId], {
        type: MESSAGE_TYPE.DRAFT_AUDITED,
        title: approve
          ? `工单 ${t.order_no} 的终稿审核已通过${input.note ? `：${input.note}` : ''}`
          : `工单 ${t.order_no} 的终稿审核未通过：${input.note}，请修改后重新申请`,
        info: info(t, t.current_allocation_id),
      });
    });
    return itemOrThrow(t.id);
  }

  async function reviewFactoryReject(lead: Designer, ticketId: number, input: Decision): Promise<TicketItem> {
    const t = await leadTicket(lead, ticketId);
    if (input.decision === 'reject' && !input.note) throw invalid('note', '请填写驳回理由');
    const approve = input.decision === 'approve';
    await change(async (trx, { send }) => {
      const now = nowIso();
      const application = await pendingApplication(trx, t, FACTORY_REJECT_EVENTS, now);
      const detail: Record<string, unknown> = { note: input.note, application_event_id: application.id, designer_id: designerCode(application.applicantId) };
      if (approve) {
        const fresh = await trx.selectFrom('tickets').select(['status', 'work_markers']).where('id', '=', t.id).executeTakeFirstOrThrow();
        const r = await trx
          .updateTable('tickets')
          .set({ status: TICKET_STATUS.factoryRejected, work_markers: withMarker(fresh.work_markers, 'FACTORY_REJECT'), updated_at: now })
          .where('id', '=', t.id)
          .where('status', 'in', [TICKET_STATUS.normal, TICKET_STATUS.oneClick])
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) throw conflict('工单已结束或已是工厂驳回状态，不能通过该申请');
        Object.assign(detail, { from: fresh.status, to: TICKET_STATUS.factoryRejected });
      }
      await addEvent(trx, t.id, approve ? 'factory_reject_approved' : 'factory_reject_refused', { kind: 'designer', id: lead.id }, detail, now);
      send([application.applicantId], {
        type: MESSAGE_TYPE.FACTORY_REJECT_APPLICATION_DECIDED,
        title: approve
          ? `工单 ${t.order_no} 的工厂驳回申请已通过${input.note ? `：${input.note}` : ''}`
          : `工单 ${t.order_no} 的工厂驳回申请未通过：${input.note}`,
        info: info(t, t.current_allocation_id),
      });
    });
    return itemOrThrow(t.id);
  }

  return {
    reviewFinalReview,
    reviewFactoryReject,
    ingest,
    ingestBatch,
    upstreamStatus,
    auditDraft,
    assign,
    transfer,
    urge,
    markAbnormal,
    close,
    grab,
    submitDraft,
    applyFinalReview,
    applyFactoryReject,
    /** Exposed for tests and the bench: the system's ranking of designers for a ticket. */
    systemCandidates: (ticket: Pick<TicketRow, 'product_id' | 'team_id'>, limit = 10) => systemCandidates(db, ticket, nowIso(), limit),
  };
}
