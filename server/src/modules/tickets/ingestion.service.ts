/**
 * Kept whole on purpose (~415 lines): the single order, the group-committed single orders and the
 * batch are three ways into one ingestion (the same validation, ranking, capacity claim and
 * messages); in one file the group's fallback to one transaction per call can only ever run the
 * single order's own code. The queue itself is lib/group-commit.ts; the SQL is in the repositories.
 *
 * New orders from the upstream order system (the integration API, and the demo simulator in its
 * place): each becomes a ticket, system-assigned at once, one order per call (group-committed) or
 * a batch in one transaction, with its timeline events and messages (product.md §6). What the
 * upstream system reports later about those orders is `upstream-events.service.ts`'s.
 */
import type { RawBuilder, Transaction } from 'kysely';
import type { Db, Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isoAfter, nowIso } from '../../lib/time.js';
import { isUniqueViolation } from '../../db/errors.js';
import { createGroupCommitter, type GroupCommitStats, type Outcome, settle } from '../../lib/group-commit.js';
import { type MessageService, MESSAGE_TYPE, type UnitOfWork, type WorkContext } from '../messages/index.js';
import { designerCode, displayName } from '../../domain/designers.js';
import { SYSTEM, UPSTREAM } from '../../domain/actor.js';
import { allocationIds, insertAllocations, nextAllocationId } from './allocation-rows.repository.js';
import { takeBatchTurn } from './allocation.repository.js';
import type { Allocator, Candidate } from './allocation.service.js';
import { productNames, shopNames, teamExists } from './catalog.repository.js';
import { joinMarkers } from './markers.js';
import { itemOrThrow, ticketInfo } from './ticket-access.js';
import { minutesText } from './ticket.model.js';
import { addTicketEvents, findTicketByOrderNo, insertTicket, insertTickets, type NewTicket, type TicketEvent, ticketsByOrderNos, ticketItems, toItemFromRow } from './ticket.repository.js';
import type { OrderInput, TicketItem } from './ticket.schemas.js';

type Trx = Transaction<Database>;
type Source = 'upstream' | 'simulator';

export interface IngestionDeps {
  db: Db;
  dialect: Dialect;
  messages: MessageService;
  unitOfWork: UnitOfWork;
  allocator: Allocator;
}

/** The outcome of one order of a batch, in the batch's order. */
export interface BatchResult {
  order_no: string;
  created: boolean;
  ticket_id: number;
  designer_id: string | null;
}

class DuplicateOrder extends Error {}

/** One call of single-order ingestion, waiting for its group's commit. */
interface QueuedOrder {
  input: OrderInput;
  source: Source;
  productLabel: string;
}

/** What a single-order call answers. */
interface Ingested {
  ticket: TicketItem;
  created: boolean;
}

/** Group commit of single-order calls: the most orders one commit takes, and how long a call waits for others. */
const GROUP_MAX_ORDERS = 200;
const GROUP_MAX_WAIT_MS = 5;

/** What group commit of single-order ingestion did so far in this process (tests and benches read it). */
export interface IngestionStats extends GroupCommitStats {
  /** Transactions committed for single-order calls (one per group, or one per order of a group that fell back). */
  commits: number;
}

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

function assignedTitle(orderNo: string, product: string, minutes: number) {
  return `系统为你分配了新工单 ${orderNo}（${product}），请在${minutesText(minutes)}内完成设计`;
}

/** The row of a new order's ticket, assigned to `chosen` (with its allocation's id) or unassigned. */
function newTicketRow(input: OrderInput, chosen: Candidate | null, allocationId: number | RawBuilder<number> | null, now: string): NewTicket {
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

export function createIngestionService({ db, dialect, messages, unitOfWork, allocator }: IngestionDeps) {
  /** 422 unless every shop, product and team the orders name exists; `field` names the failing order's field. */
  async function checkCatalog(inputs: OrderInput[], field: (index: number, key: string) => string): Promise<Map<number, string>> {
    const teamIds = [...new Set(inputs.map((o) => o.team_id).filter((t): t is number => typeof t === 'number'))];
    const [shops, products, teams] = await Promise.all([
      shopNames(db, [...new Set(inputs.map((o) => o.shop_id))]),
      productNames(db, [...new Set(inputs.map((o) => o.product_id))]),
      Promise.all(teamIds.map(async (id) => [id, await teamExists(db, id)] as const)),
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

  /**
   * Inside `trx`: creates the ticket of a new order and system-assigns it (the designer is picked
   * and their capacity claimed first, then the ticket is inserted already assigned; allocation,
   * events and message 2 follow in the same transaction). Throws DuplicateOrder when the order_no
   * exists, which rolls the whole transaction (and the capacity claim) back.
   */
  async function createOrder(trx: Trx, ctx: WorkContext, input: OrderInput, source: Source, productLabel: string, now: string) {
    const chosen = await allocator.pickDesigner(trx, { product_id: input.product_id, team_id: input.team_id ?? null }, now);
    // The allocation's id is taken now, so the ticket row is written once (no UPDATE after).
    const ticket = await insertTicket(trx, newTicketRow(input, chosen, chosen ? nextAllocationId(dialect) : null, now));
    if (!ticket) throw new DuplicateOrder();
    const created: TicketEvent = { ticket_id: ticket.id, type: 'created', actor: source === 'upstream' ? UPSTREAM : SYSTEM, detail: { order_no: ticket.order_no, source } };
    if (!chosen) {
      await addTicketEvents(trx, [created], now);
      return { ticket, designer: null };
    }
    const allocationId = ticket.current_allocation_id!;
    await insertAllocations(trx, [{ id: allocationId, ticket_id: ticket.id, designer_id: chosen.id, how: 'system', assigned_by: null, assigned_at: now }]);
    await allocator.linkShopsOnce(trx, ctx, [{ designer_id: chosen.id, shop_id: ticket.shop_id }]);
    await addTicketEvents(
      trx,
      [
        created,
        { ticket_id: ticket.id, type: 'system_assigned', actor: SYSTEM, detail: { allocation_id: allocationId, designer_id: designerCode(chosen.id), designer_name: displayName(chosen) } },
      ],
      now,
    );
    // Message 2 is written in this transaction (one commit per order, not two) and published after it.
    const assigned = await messages.persist(trx, [chosen.id], {
      type: MESSAGE_TYPE.SYSTEM_ASSIGNED,
      title: assignedTitle(ticket.order_no, productLabel, ticket.allowed_minutes),
      info: ticketInfo(ticket, allocationId),
    });
    ctx.after(assigned.publish);
    return { ticket, designer: chosen };
  }

  let commits = 0;

  /**
   * One order in a transaction of its own, as before group commit: a group of one call, and each
   * call of a group whose shared transaction failed. A second ticket with the same order_no is
   * never created; the repeat (even a concurrent one) answers with the existing ticket.
   */
  async function ingestAlone({ input, source, productLabel }: QueuedOrder): Promise<Ingested> {
    try {
      const done = await retryOnDeadlock(() => unitOfWork((trx, ctx) => createOrder(trx, ctx, input, source, productLabel, nowIso())));
      commits += 1;
      return { ticket: await toItemFromRow(db, done.ticket, done.designer), created: true };
    } catch (err) {
      if (!(err instanceof DuplicateOrder) && !isUniqueViolation(err)) throw err;
      // The order exists (sent before, or by a concurrent request that won).
      const row = await findTicketByOrderNo(db, input.order_no);
      if (!row) throw err;
      return { ticket: await itemOrThrow(db, row.id), created: false };
    }
  }

  /**
   * The orders of several concurrent calls in one transaction and one commit, written set-wise as
   * a batch is (`createOrders`: the same ranking and capacity rules; every assignment of the group
   * carries the same time, so ties between designers go by id). Orders stored already, and repeats
   * of an order earlier in the group, answer `created: false` with the stored ticket. Throws
   * DuplicateOrder when another transaction created one of the orders meanwhile (redo the group).
   */
  async function commitGroup(items: QueuedOrder[]): Promise<{ id: number; created: boolean; designer: Candidate | null }[]> {
    const labels = new Map(items.map((q) => [q.input.product_id, q.productLabel]));
    const placed = await retryOnDeadlock(() =>
      unitOfWork(async (trx, ctx) => {
        // PostgreSQL: groups and batches take turns (their load-row locks would deadlock).
        if (dialect === 'postgres') await takeBatchTurn(trx);
        const now = nowIso();
        const stored = await ticketsByOrderNos(trx, [...new Set(items.map((q) => q.input.order_no))]);
        // The first call of each order not stored yet creates it; per source (upstream, simulator).
        const firstOf = new Map<string, number>();
        const fresh = new Map<Source, OrderInput[]>();
        items.forEach((q, i) => {
          if (stored.has(q.input.order_no) || firstOf.has(q.input.order_no)) return;
          firstOf.set(q.input.order_no, i);
          if (!fresh.has(q.source)) fresh.set(q.source, []);
          fresh.get(q.source)!.push(q.input);
        });
        const created = new Map<string, { id: number; designer: Candidate | null }>();
        for (const [source, orders] of fresh) {
          for (const [orderNo, c] of await createOrders(trx, ctx, orders, source, labels, now)) created.set(orderNo, c);
        }
        return items.map((q, i) => {
          const orderNo = q.input.order_no;
          const isNew = firstOf.get(orderNo) === i;
          return { id: (stored.get(orderNo) ?? created.get(orderNo))!.id, created: isNew, designer: isNew ? created.get(orderNo)!.designer : null };
        });
      }),
    );
    commits += 1;
    return placed;
  }

  /**
   * Runs the calls of one group: in one shared transaction, redone when a concurrent request
   * created one of the orders meanwhile; and when the shared transaction fails for another reason,
   * each call again in a transaction of its own, so an order that cannot be written fails its own
   * call only. On PostgreSQL a group of one runs alone as before group commit (its ranking in SQL
   * with `FOR UPDATE SKIP LOCKED` lets other instances' single orders proceed beside it); on SQLite
   * it runs as a group too, so it ranks from the kept candidates (`planBatch`) and, unlike the
   * one-order path, leaves them valid for the next group.
   */
  async function runGroup(items: QueuedOrder[]): Promise<Outcome<Ingested>[]> {
    if (items.length === 1 && dialect === 'postgres') return [await settle(ingestAlone(items[0]!))];
    let placed: Awaited<ReturnType<typeof commitGroup>> | undefined;
    for (let attempt = 1; attempt <= 3 && !placed; attempt++) {
      try {
        placed = await commitGroup(items);
      } catch (err) {
        if (!(err instanceof DuplicateOrder) && !isUniqueViolation(err)) break;
      }
    }
    if (!placed) {
      const alone: Outcome<Ingested>[] = [];
      for (const q of items) alone.push(await settle(ingestAlone(q)));
      return alone;
    }
    // Committed: the answers are read after the commit, in one read.
    const known = new Map(placed.flatMap((p) => (p.designer ? [[p.designer.id, p.designer] as const] : [])));
    const views = await ticketItems(db, [...new Set(placed.map((p) => p.id))], known);
    return placed.map((p): Outcome<Ingested> => {
      const ticket = views.get(p.id);
      return ticket ? { ok: true, value: { ticket, created: p.created } } : { ok: false, error: notFound('工单不存在') };
    });
  }

  const group = createGroupCommitter(runGroup, { maxItems: GROUP_MAX_ORDERS, maxWaitMs: GROUP_MAX_WAIT_MS });

  /**
   * Creates the ticket of an order and system-assigns it; answers once it is committed. The order
   * is checked first (422, nothing written, this call only), then joins the group commit of the
   * calls arriving with it: one transaction and one commit for the group (`runGroup`).
   */
  async function ingest(input: OrderInput, source: Source = 'upstream'): Promise<Ingested> {
    const products = await checkCatalog([input], (_, key) => key);
    return group.submit({ input, source, productLabel: products.get(input.product_id)! });
  }

  function ingestionStats(): IngestionStats {
    return { ...group.stats(), commits };
  }

  /**
   * The batch form of `createOrder`: the same rows (ticket, allocation, timeline events, shop link,
   * message 2) for many new orders, written in multi-row inserts. Throws DuplicateOrder when one of
   * the orders was created meanwhile (the caller redoes the batch).
   */
  async function createOrders(
    trx: Trx,
    ctx: WorkContext,
    orders: OrderInput[],
    source: Source,
    productLabels: Map<number, string>,
    now: string,
  ): Promise<Map<string, { id: number; designer_id: number | null; designer: Candidate | null }>> {
    const out = new Map<string, { id: number; designer_id: number | null; designer: Candidate | null }>();
    if (!orders.length) return out;
    const picks = await allocator.planBatch(trx, ctx, orders, now);
    const allocIds = await allocationIds(trx, dialect, picks.filter(Boolean).length);
    let nextAlloc = 0;
    const rows = orders.map((input, k) => {
      const chosen = picks[k]!;
      return { input, chosen, allocationId: chosen ? allocIds[nextAlloc++]! : null };
    });
    const CHUNK = 200;
    const ticketIds = new Map<string, number>();
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK);
      const inserted = await insertTickets(
        trx,
        chunk.map(({ input, chosen, allocationId }) => newTicketRow(input, chosen, allocationId, now)),
      );
      if (inserted.length !== chunk.length) throw new DuplicateOrder(); // rolls the whole batch back
      for (const r of inserted) ticketIds.set(r.order_no, r.id);
    }
    const assigned = rows.filter((r) => r.chosen !== null);
    for (let i = 0; i < assigned.length; i += CHUNK) {
      await insertAllocations(
        trx,
        assigned.slice(i, i + CHUNK).map((r) => ({
          id: r.allocationId!,
          ticket_id: ticketIds.get(r.input.order_no)!,
          designer_id: r.chosen!.id,
          how: 'system' as const,
          assigned_by: null,
          assigned_at: now,
        })),
      );
    }
    await allocator.linkShopsOnce(
      trx,
      ctx,
      assigned.map((r) => ({ designer_id: r.chosen!.id, shop_id: r.input.shop_id })),
    );
    const actor = source === 'upstream' ? UPSTREAM : SYSTEM;
    const events = rows.flatMap(({ input, chosen, allocationId }): TicketEvent[] => {
      const ticket_id = ticketIds.get(input.order_no)!;
      const list: TicketEvent[] = [{ ticket_id, type: 'created', actor, detail: { order_no: input.order_no, source } }];
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
    await addTicketEvents(trx, events, now);
    // Message 2 for every assignment, in this transaction; published after the commit.
    const persisted = await messages.persistEach(
      trx,
      assigned.map((r) => ({
        designerId: r.chosen!.id,
        message: {
          type: MESSAGE_TYPE.SYSTEM_ASSIGNED,
          title: assignedTitle(r.input.order_no, productLabels.get(r.input.product_id) ?? '', r.input.allowed_minutes),
          info: ticketInfo({ id: ticketIds.get(r.input.order_no)! }, r.allocationId),
        },
      })),
    );
    ctx.after(persisted.publish);
    for (const r of rows) out.set(r.input.order_no, { id: ticketIds.get(r.input.order_no)!, designer_id: r.chosen?.id ?? null, designer: r.chosen });
    return out;
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
  async function ingestBatch(inputs: OrderInput[], source: Source = 'upstream'): Promise<BatchResult[]> {
    const products = await checkCatalog(inputs, (i, key) => `orders.${i}.${key}`);
    for (let attempt = 1; ; attempt++) {
      try {
        return await retryOnDeadlock(() =>
          unitOfWork(async (trx, ctx) => {
            // PostgreSQL: batches take turns. Two batches each holding the load rows of the designers
            // they assigned so far would wait on each other's rows (deadlock, and a retry of both).
            // A single-order ingestion holds at most one load row, so it runs alongside.
            if (dialect === 'postgres') await takeBatchTurn(trx);
            const now = nowIso();
            const existing = await ticketsByOrderNos(trx, [...new Set(inputs.map((o) => o.order_no))]);
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

  return { ingest, ingestBatch, ingestionStats };
}
