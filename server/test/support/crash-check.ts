/**
 * The check of the crash harness (crash-load.ts): what is in the database against the ledger of
 * writes. Every acknowledged write present exactly once, nothing refused present, every committed
 * event's message rows for every recipient (exactly one each), nothing left unpublished once the
 * relay has run. `checkRun` is a pure function of a `Snapshot`, so a test can plant a defect in one
 * and see it reported.
 */
import type { Db } from '../../src/db/database.js';
import { parseDesignerCode } from '../../src/domain/designers.js';
import { MESSAGE_TYPE } from '../../src/modules/messages/message-types.js';
import { type World, type Write, WRITE_KINDS, type WriteKind } from './crash-load.js';

export interface SnapshotMessage {
  id: number;
  designer_id: number;
  message_type: number;
  title: string;
  info: { ticket_id?: number; allocation_id?: number; appeal_id?: number };
  published_at: string | null;
}

export interface Snapshot {
  tickets: { id: number; order_no: string; product_id: number }[];
  events: { id: number; ticket_id: number; type: string; detail: Record<string, unknown>; created_at: string }[];
  allocations: { id: number; ticket_id: number; designer_id: number; assigned_at: string }[];
  messages: SnapshotMessage[];
  appeals: { id: number; ticket_id: number; reason: string }[];
  drafts: { id: number; ticket_id: number; note: string }[];
  /** Active leads of the world's team (the recipients of an appeal's message). */
  leadIds: number[];
}

/** Everything of the world's tickets, as the database has it now. */
export async function loadSnapshot(db: Db, world: World): Promise<Snapshot> {
  const products = [world.productId, world.poolProductId];
  const people = [...world.leads, ...world.designers].map((a) => a.id);
  const tickets = await db.selectFrom('tickets').select(['id', 'order_no', 'product_id']).where('product_id', 'in', products).orderBy('id').execute();
  const events = await db
    .selectFrom('ticket_events as e')
    .innerJoin('tickets as t', 't.id', 'e.ticket_id')
    .select(['e.id', 'e.ticket_id', 'e.type', 'e.detail', 'e.created_at'])
    .where('t.product_id', 'in', products)
    .orderBy('e.id')
    .execute();
  const allocations = await db
    .selectFrom('allocations as a')
    .innerJoin('tickets as t', 't.id', 'a.ticket_id')
    .select(['a.id', 'a.ticket_id', 'a.designer_id', 'a.assigned_at'])
    .where('t.product_id', 'in', products)
    .orderBy('a.id')
    .execute();
  const messages = await db
    .selectFrom('messages')
    .select(['id', 'designer_id', 'message_type', 'title', 'ext_json', 'published_at'])
    .where('designer_id', 'in', people)
    .orderBy('id')
    .execute();
  const appeals = await db
    .selectFrom('appeals as p')
    .innerJoin('tickets as t', 't.id', 'p.ticket_id')
    .select(['p.id', 'p.ticket_id', 'p.reason'])
    .where('t.product_id', 'in', products)
    .execute();
  const drafts = await db
    .selectFrom('drafts as d')
    .innerJoin('tickets as t', 't.id', 'd.ticket_id')
    .select(['d.id', 'd.ticket_id', 'd.note'])
    .where('t.product_id', 'in', products)
    .execute();
  const leads = await db
    .selectFrom('designers')
    .select('id')
    .where('team_id', '=', world.teamId)
    .where('designer_type', '=', 0)
    .where('account_status', '=', 1)
    .execute();
  return {
    tickets,
    events: events.map((e) => ({ ...e, detail: JSON.parse(e.detail) as Record<string, unknown> })),
    allocations,
    messages: messages.map(({ ext_json, ...m }) => ({ ...m, info: (JSON.parse(ext_json) as { info?: SnapshotMessage['info'] }).info ?? {} })),
    appeals,
    drafts,
    leadIds: leads.map((l) => l.id),
  };
}

/** One thing the check found: what and where. */
export interface Finding {
  what: string;
  detail: string;
}

export interface CheckReport {
  acked: Record<WriteKind, number>;
  unknown: number;
  /** Acknowledged writes not in the database. */
  lost: Finding[];
  /** Writes (or their events) present more than once. */
  doubled: Finding[];
  /** Writes refused with a 4xx that are in the database all the same. */
  refusedPresent: Finding[];
  /** Events that should have sent a message, by missing (event, recipient). */
  eventsWithoutMessages: Finding[];
  /** (event, recipient) pairs with more than one message row. */
  doubledMessages: Finding[];
  /** Message rows of the world's tickets that no event accounts for. */
  orphanMessages: number;
  /** How many message rows the events expect (all were checked). */
  expectedMessages: number;
  /** Message rows of the world not published or marked. */
  unpublished: number;
}

interface Expected {
  event: number;
  type: number;
  ticket: number;
  to?: number;
  allocation?: number;
  appeal?: number;
  titleHas?: string;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
const designer = (v: unknown): number | undefined => (typeof v === 'string' ? parseDesignerCode(v) : undefined);

/** The message rows each committed event must have (product.md §6 for the paths the load drives). */
export function expectedMessages(s: Snapshot): Expected[] {
  const allocationsOf = new Map<number, Snapshot['allocations']>();
  for (const a of s.allocations) allocationsOf.set(a.ticket_id, [...(allocationsOf.get(a.ticket_id) ?? []), a]);
  const out: Expected[] = [];
  for (const e of s.events) {
    const d = e.detail;
    const base = { event: e.id, ticket: e.ticket_id };
    switch (e.type) {
      case 'system_assigned':
        out.push({ ...base, type: MESSAGE_TYPE.SYSTEM_ASSIGNED, to: designer(d.designer_id), allocation: num(d.allocation_id) });
        break;
      case 'manual_assigned':
        out.push({ ...base, type: MESSAGE_TYPE.MANUALLY_ASSIGNED, to: designer(d.designer_id), allocation: num(d.allocation_id) });
        break;
      case 'transferred': {
        const allocation = num(d.allocation_id);
        const chain = allocationsOf.get(e.ticket_id) ?? [];
        // The allocation the transfer ended: the ticket's one before the new one.
        const previous = chain.filter((a) => allocation !== undefined && a.id < allocation).at(-1)?.id;
        // The new designer's title carries the reason; the old one's names the new designer.
        out.push({ ...base, type: MESSAGE_TYPE.TICKET_TRANSFERRED, to: designer(d.to_designer_id), allocation, titleHas: str(d.reason) || undefined });
        out.push({ ...base, type: MESSAGE_TYPE.TICKET_TRANSFERRED, to: designer(d.from_designer_id), allocation: previous ?? -1, titleHas: `转派给${str(d.to_name) ?? ''}` });
        break;
      }
      case 'urged':
        out.push({ ...base, type: MESSAGE_TYPE.DRAFT_URGED, to: designer(d.designer_id), titleHas: str(d.note) });
        break;
      case 'marked_abnormal':
        // A message only when someone held the ticket then.
        if ((allocationsOf.get(e.ticket_id) ?? []).some((a) => a.assigned_at <= e.created_at)) {
          out.push({ ...base, type: MESSAGE_TYPE.MARKED_ABNORMAL, titleHas: str(d.reason) });
        }
        break;
      case 'appeal_filed':
        for (const lead of s.leadIds) out.push({ ...base, type: MESSAGE_TYPE.FEE_APPEAL_FILED, to: lead, appeal: num(d.appeal_id) });
        break;
      default:
        break;
    }
  }
  return out;
}

const describeExpected = (x: Expected) =>
  `event ${x.event} (ticket ${x.ticket}) → message ${x.type}${x.to !== undefined ? ` to ${x.to}` : ''}${x.allocation !== undefined ? `, allocation ${x.allocation}` : ''}${x.appeal !== undefined ? `, appeal ${x.appeal}` : ''}${x.titleHas ? `, “${x.titleHas}”` : ''}`;

/** The database (a snapshot) against the ledger. Pure: plant a defect in a snapshot and it is reported. */
export function checkRun(s: Snapshot, writes: readonly Write[]): CheckReport {
  const report: CheckReport = {
    acked: Object.fromEntries(WRITE_KINDS.map((k) => [k, 0])) as Record<WriteKind, number>,
    unknown: 0,
    lost: [],
    doubled: [],
    refusedPresent: [],
    eventsWithoutMessages: [],
    doubledMessages: [],
    orphanMessages: 0,
    expectedMessages: 0,
    unpublished: s.messages.filter((m) => m.published_at === null).length,
  };
  const countBy = <T>(items: readonly T[], key: (item: T) => string | undefined) => {
    const m = new Map<string, number>();
    for (const item of items) {
      const k = key(item);
      if (k !== undefined) m.set(k, (m.get(k) ?? 0) + 1);
    }
    return m;
  };
  const orders = countBy(s.tickets, (t) => t.order_no);
  const eventsOf = (type: string, field: string) => countBy(s.events.filter((e) => e.type === type), (e) => str(e.detail[field]) ?? (num(e.detail[field]) !== undefined ? String(e.detail[field]) : undefined));
  const byKind: Record<WriteKind, Map<string, number>> = {
    order: orders,
    assign: countBy(s.events.filter((e) => e.type === 'manual_assigned'), (e) => `assign:${e.ticket_id}`),
    transfer: eventsOf('transferred', 'reason'),
    urge: eventsOf('urged', 'note'),
    abnormal: eventsOf('marked_abnormal', 'reason'),
    appeal: countBy(s.appeals, (a) => a.reason),
    draft: countBy(s.drafts, (d) => d.note),
  };
  const appealIds = new Set(s.appeals.map((a) => a.id));
  const draftIds = new Set(s.drafts.map((d) => d.id));
  const appealEvents = eventsOf('appeal_filed', 'appeal_id');
  const draftEvents = eventsOf('draft_submitted', 'draft_id');

  for (const w of writes) {
    const n = byKind[w.kind].get(w.token) ?? 0;
    const where = `${w.kind} ${w.token}${w.ticketId ? ` (ticket ${w.ticketId})` : ''}`;
    if (n > 1) report.doubled.push({ what: w.kind, detail: `${where}: ${n} times` });
    if (w.outcome === 'acked') {
      report.acked[w.kind]++;
      if (n === 0) report.lost.push({ what: w.kind, detail: `${where}: acknowledged, not in the database` });
      if (w.kind === 'appeal' && (w.id === undefined || !appealIds.has(w.id) || appealEvents.get(String(w.id)) !== 1)) {
        report.lost.push({ what: 'appeal', detail: `${where}: appeal ${w.id} or its one timeline event missing` });
      }
      if (w.kind === 'draft' && (w.id === undefined || !draftIds.has(w.id) || draftEvents.get(String(w.id)) !== 1)) {
        report.lost.push({ what: 'draft', detail: `${where}: draft ${w.id} or its one timeline event missing` });
      }
    } else if (w.outcome === 'unknown') {
      report.unknown++;
    } else if (n > 0 && w.kind !== 'assign' && w.kind !== 'order') {
      // A refused assign may lose to another lead's, and a refused order is never expected; tokens of
      // the others are the write's own.
      report.refusedPresent.push({ what: w.kind, detail: `${where}: refused, yet in the database` });
    }
  }
  // Whatever the ledger says: one ticket per order number, one creation and at most one system
  // assignment per ticket, one manual assignment at most.
  for (const [order, n] of orders) if (n > 1) report.doubled.push({ what: 'order', detail: `order ${order}: ${n} tickets` });
  for (const [type, most] of [
    ['created', 1],
    ['system_assigned', 1],
    ['manual_assigned', 1],
  ] as const) {
    for (const [ticket, n] of countBy(s.events.filter((e) => e.type === type), (e) => String(e.ticket_id))) {
      if (n > most) report.doubled.push({ what: type, detail: `ticket ${ticket}: ${n} ${type} events` });
    }
  }
  const created = new Set(s.events.filter((e) => e.type === 'created').map((e) => e.ticket_id));
  for (const t of s.tickets) if (!created.has(t.id)) report.lost.push({ what: 'created', detail: `ticket ${t.id} (${t.order_no}) has no creation event` });

  // The outbox: each expected (event, recipient) has exactly one message row. Expectations with the
  // same signature (two urges of one ticket without notes, say) share the rows they match, as many
  // rows as expectations.
  const index = new Map<string, SnapshotMessage[]>();
  for (const m of s.messages) {
    const k = `${m.message_type}|${m.info.ticket_id}`;
    index.set(k, [...(index.get(k) ?? []), m]);
  }
  const used = new Set<number>();
  const expected = expectedMessages(s);
  report.expectedMessages = expected.length;
  const groups = new Map<string, Expected[]>();
  for (const x of expected) {
    const k = JSON.stringify([x.type, x.ticket, x.to, x.allocation, x.appeal, x.titleHas]);
    groups.set(k, [...(groups.get(k) ?? []), x]);
  }
  for (const group of groups.values()) {
    const x = group[0]!;
    const found = (index.get(`${x.type}|${x.ticket}`) ?? []).filter(
      (m) =>
        (x.to === undefined || m.designer_id === x.to) &&
        (x.allocation === undefined || m.info.allocation_id === x.allocation) &&
        (x.appeal === undefined || m.info.appeal_id === x.appeal) &&
        (x.titleHas === undefined || m.title.includes(x.titleHas)),
    );
    for (const m of found) used.add(m.id);
    for (const missing of group.slice(found.length)) report.eventsWithoutMessages.push({ what: String(missing.type), detail: describeExpected(missing) });
    if (found.length > group.length) {
      report.doubledMessages.push({ what: String(x.type), detail: `${describeExpected(x)}: ${found.length} rows for ${group.length} event(s)` });
    }
  }
  const ticketIds = new Set(s.tickets.map((t) => t.id));
  report.orphanMessages = s.messages.filter((m) => m.info.ticket_id !== undefined && ticketIds.has(m.info.ticket_id) && !used.has(m.id)).length;
  return report;
}

/** The report's figures on a few lines. */
export function describeReport(r: CheckReport): string[] {
  const acked = WRITE_KINDS.map((k) => `${k} ${r.acked[k]}`).join(', ');
  const total = WRITE_KINDS.reduce((a, k) => a + r.acked[k], 0);
  const sample = (f: Finding[]) => (f.length ? ` (${f.slice(0, 3).map((x) => x.detail).join('; ')}${f.length > 3 ? '; …' : ''})` : '');
  return [
    `acknowledged writes: ${total} (${acked}); ${r.unknown} without a known outcome`,
    `lost: ${r.lost.length}${sample(r.lost)}; doubled: ${r.doubled.length}${sample(r.doubled)}; refused yet present: ${r.refusedPresent.length}${sample(r.refusedPresent)}`,
    `events without their message: ${r.eventsWithoutMessages.length} of ${r.expectedMessages} expected message rows${sample(r.eventsWithoutMessages)}; doubled messages: ${r.doubledMessages.length}${sample(r.doubledMessages)}; messages no event accounts for: ${r.orphanMessages}`,
    `unpublished message rows: ${r.unpublished}`,
  ];
}
