/**
 * Demo tickets for an empty database (product.md §2): a few hundred tickets of the demo team over
 * the last three weeks, in every status and stage, with markers, allocations (system, manual, hall
 * grabs, transfers), drafts with audit results and a full timeline; some unassigned for the hall.
 * Written with batched inserts (no per-ticket round trips). The messages the services would have
 * sent for these events (assignments, transfers, draft checks, abnormal marks, closures, final
 * review requests) are written as delivered history, each naming its real ticket and allocation.
 * Every file a ticket names (the customer's reference image, each draft's preview and PDF) is
 * listed in `files`, for the demo seed to write into the object store: none is a dangling key.
 *
 * A data script, like a migration: it writes the tables directly rather than through the
 * repositories, whose writes each check a state the seed is creating from nothing.
 */
import type { Db } from '../../db/database.js';
import type { Insertable } from 'kysely';
import type { AllocationTable, DraftTable, MessageTable, TicketEventTable, TicketTable } from '../../db/schema.js';
import type { SampleFile } from '../../lib/sample-files.js';
import { nowMs } from '../../lib/time.js';
import { demoOrder, pick, type Random, referenceImageKey, seededRandom } from './demo-orders.js';
import { joinMarkers } from './markers.js';
import { type EventType, minutesText } from './ticket.model.js';
import { designerCode, displayName, REGISTRATION_COMPLETE_STEP } from '../../domain/designers.js';
import { historyMessage, MESSAGE_TYPE } from '../messages/index.js';
import { shanghaiDay } from '../../domain/calendar.js';

const CHUNK = 100;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface Member {
  id: number;
  type: number;
  products: number[];
  shops: number[];
}

interface Planned {
  row: Insertable<TicketTable>;
  owner: Member | null;
  how: 'system' | 'manual' | 'hall' | 'transfer';
  previous: Member | null;
  drafts: { kind: 'first' | 'final'; at: number; sync: number }[];
  events: { type: EventType; actor: 'upstream' | 'system' | number; at: number; detail: Record<string, unknown> }[];
}

function weighted<T>(rand: Random, table: [T, number][]): T {
  const total = table.reduce((s, [, w]) => s + w, 0);
  let x = rand() * total;
  for (const [v, w] of table) {
    x -= w;
    if (x < 0) return v;
  }
  return table[table.length - 1]![0];
}

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** Seeds `count` tickets for the team's onboarded designers (and the hall). Returns how many. */
export async function seedDemoTickets(db: Db, opts: { teamId: number; leadId: number; count?: number; files?: SampleFile[] }): Promise<number> {
  const files = opts.files ?? [];
  const rand = seededRandom(20261123);
  const now = nowMs();
  const count = opts.count ?? 320;

  const designers = await db
    .selectFrom('designers')
    .select(['id', 'designer_type', 'real_name', 'nickname'])
    .where('team_id', '=', opts.teamId)
    .where('designer_type', '<>', 0)
    .where('current_registration_step', '>=', REGISTRATION_COMPLETE_STEP)
    .orderBy('id')
    .execute();
  const [qualified, shopsOf, products, shops] = await Promise.all([
    db.selectFrom('designer_products').selectAll().execute(),
    db.selectFrom('designer_shops').selectAll().execute(),
    db.selectFrom('products').select(['id', 'name']).orderBy('id').execute(),
    db.selectFrom('shops').select('id').orderBy('id').execute(),
  ]);
  const lead = await db.selectFrom('designers').select(['id', 'real_name', 'nickname']).where('id', '=', opts.leadId).executeTakeFirstOrThrow();
  const nameOf = new Map([lead, ...designers].map((d) => [d.id, displayName(d)]));
  const members: Member[] = designers.map((d) => ({
    id: d.id,
    type: d.designer_type,
    products: qualified.filter((q) => q.designer_id === d.id).map((q) => q.product_id),
    shops: shopsOf.filter((s) => s.designer_id === d.id).map((s) => s.shop_id),
  }));
  const workers = members.filter((m) => m.products.length && m.shops.length);
  const partTimers = workers.filter((m) => m.type >= 2);
  if (!workers.length || !products.length || !shops.length) return 0;
  const hallProducts = [...new Set(partTimers.flatMap((m) => m.products))];
  const productName = new Map(products.map((p) => [p.id, p.name]));

  const plans: Planned[] = [];
  for (let i = 0; i < count; i++) {
    const hall = i % 8 === 0 && hallProducts.length > 0;
    const owner = hall ? null : weighted(rand, workers.map((m): [Member, number] => [m, m.type === 1 ? 5 : 2]));
    // Older tickets are rarer than recent ones; hall tickets are from the last two days.
    const ageMs = hall ? rand() * 2 * DAY : Math.floor(rand() ** 1.2 * 21 * DAY);
    const createdMs = now - ageMs - 5 * MINUTE;
    const productId = owner ? pick(rand, owner.products) : pick(rand, hallProducts);
    const shopId = owner ? pick(rand, owner.shops) : pick(rand, shops).id;
    const base = demoOrder(rand, '', { id: shopId }, { id: productId, name: productNameOf(productName, productId) });
    const old = ageMs > 3 * DAY;

    let status: string = base.status;
    if (!hall) {
      status = old
        ? weighted(rand, [['4', 51], ['0', 25], ['2', 6], ['3', 6], ['5', 1], ['6', 5], ['1', 3], ['7', 3]])
        : weighted(rand, [['0', 70], ['7', 8], ['5', 7], ['2', 4], ['3', 3], ['4', 4], ['6', 2], ['1', 2]]);
    }
    let stage: 'waiting' | 'first_draft' | 'final_draft' | 'done' = 'waiting';
    // A ticket past its allowance mostly has its drafts in, as in a team that works: a few of the last
    // days run late (hours, now and then a day or two); none still owes a draft weeks on.
    const pastAllowance = ageMs > base.allowed_minutes * MINUTE;
    if (status === '4') stage = 'done';
    else if (!hall) {
      stage = old
        ? weighted(rand, [['final_draft', 1]])
        : pastAllowance
          ? weighted(rand, [['final_draft', 80], ['first_draft', 12], ['waiting', 8]])
          : weighted(rand, [['waiting', 40], ['first_draft', 35], ['final_draft', 25]]);
    }

    const assignedMs = createdMs + (1 + Math.floor(rand() * 30)) * MINUTE;
    const how: Planned['how'] = !owner
      ? 'system'
      : owner.type >= 2
        ? 'hall'
        : weighted(rand, [['system', 80], ['manual', 12], ['transfer', 8]]);
    const others = workers.filter((m) => m !== owner);
    const previous = how === 'transfer' && others.length ? pick(rand, others) : null;
    const actualHow = how === 'transfer' && !previous ? 'system' : how;

    const work: string[] = [];
    const drafts: Planned['drafts'] = [];
    const span = Math.max(5 * MINUTE, Math.min(now - assignedMs, base.allowed_minutes * MINUTE));
    if (stage !== 'waiting') drafts.push({ kind: 'first', at: assignedMs + span * 0.4, sync: weighted(rand, [[1, 80], [0, 10], [2, 5], [3, 5]]) });
    if (stage === 'final_draft' || stage === 'done') drafts.push({ kind: 'final', at: assignedMs + span * 0.9, sync: weighted(rand, [[1, 60], [0, 25], [2, 8], [3, 7]]) });
    if (stage === 'final_draft' && rand() < 0.5) work.push('SUBMIT');
    if (owner && rand() < 0.06) work.push('ABNORMAL');
    if (status === '5') work.push('FACTORY_REJECT');
    const dueMs = assignedMs + base.allowed_minutes * MINUTE;
    if (drafts.some((d) => d.at > dueMs)) work.push('LATE');

    const iso = (ms: number) => new Date(ms).toISOString();
    const events: Planned['events'] = [{ type: 'created', actor: 'upstream', at: createdMs, detail: { order_no: '', source: 'upstream' } }];
    const who = (m: Member) => ({ designer_id: designerCode(m.id) });
    if (owner) {
      if (previous) {
        events.push({ type: 'system_assigned', actor: 'system', at: assignedMs - 60 * MINUTE, detail: who(previous) });
        events.push({ type: 'transferred', actor: opts.leadId, at: assignedMs, detail: { from_designer_id: designerCode(previous.id), to_designer_id: designerCode(owner.id), reason: '负载调整' } });
      } else if (actualHow === 'system') events.push({ type: 'system_assigned', actor: 'system', at: assignedMs, detail: who(owner) });
      else if (actualHow === 'manual') events.push({ type: 'manual_assigned', actor: opts.leadId, at: assignedMs, detail: who(owner) });
      else events.push({ type: 'grabbed', actor: owner.id, at: assignedMs, detail: who(owner) });
      for (const d of drafts) {
        events.push({ type: 'draft_submitted', actor: owner.id, at: d.at, detail: { kind: d.kind, files: d.kind === 'first' ? 2 : 1 } });
        if (d.sync !== 0) events.push({ type: 'draft_audited', actor: 'upstream', at: d.at + 3 * MINUTE, detail: { kind: d.kind, sync_status: d.sync } });
      }
      if (work.includes('SUBMIT')) events.push({ type: 'final_review_applied', actor: owner.id, at: (drafts.at(-1)?.at ?? assignedMs) + 10 * MINUTE, detail: {} });
      if (work.includes('ABNORMAL')) events.push({ type: 'marked_abnormal', actor: opts.leadId, at: assignedMs + 20 * MINUTE, detail: { reason: '客户资料不全' } });
    }
    const statusEvent: Partial<Record<string, { type: EventType; actor: 'upstream' | number; reason?: string }>> = {
      '1': { type: 'terminated', actor: 'upstream' },
      '2': { type: 'refunded', actor: 'upstream' },
      '3': { type: 'order_closed', actor: 'upstream' },
      '4': { type: 'completed', actor: 'upstream' },
      '5': { type: 'factory_rejected', actor: 'upstream' },
      '6': { type: 'closed', actor: opts.leadId, reason: '客户已取消订单' },
    };
    const se = statusEvent[status];
    const lastAt = Math.max(...events.map((e) => e.at));
    if (se) events.push({ type: se.type, actor: se.actor, at: Math.min(now - MINUTE, lastAt + 30 * MINUTE), detail: { from: '0', to: status, reason: se.reason ?? '' } });
    const updatedMs = Math.max(...events.map((e) => e.at));

    plans.push({
      owner,
      how: previous ? 'transfer' : actualHow,
      previous,
      drafts,
      events,
      row: {
        order_no: '',
        shop_id: shopId,
        product_id: productId,
        title: base.title,
        requirements: base.requirements,
        customer_notes: base.customer_notes,
        attachments: JSON.stringify(base.attachments),
        status,
        order_markers: joinMarkers(base.order_markers),
        work_markers: joinMarkers(work.join(',')),
        stage,
        allowed_minutes: base.allowed_minutes,
        started_at: owner ? iso(assignedMs) : null,
        due_at: owner ? iso(dueMs) : null,
        fee_cents: base.fee_cents,
        team_id: owner ? opts.teamId : null,
        designer_id: owner?.id ?? null,
        current_allocation_id: null,
        completed_at: se?.type === 'completed' ? iso(events.at(-1)!.at) : null,
        created_at: iso(createdMs),
        updated_at: iso(updatedMs),
      },
    });
  }

  // Oldest first, so ids follow creation time; order numbers by day.
  plans.sort((a, b) => a.row.created_at.localeCompare(b.row.created_at));
  const perDay = new Map<string, number>();
  for (const p of plans) {
    const day = shanghaiDay(Date.parse(p.row.created_at)).replaceAll('-', '');
    const n = (perDay.get(day) ?? 0) + 1;
    perDay.set(day, n);
    p.row.order_no = `DM${day}${String(n).padStart(4, '0')}`;
    p.events[0]!.detail.order_no = p.row.order_no;
    // The reference image was named before the order number existed: name it now, and make it.
    const attachments = (JSON.parse(p.row.attachments as string) as { url: string }[]).map((a) => ({ ...a, url: referenceImageKey(p.row.order_no) }));
    p.row.attachments = JSON.stringify(attachments);
    for (const a of attachments) files.push({ key: a.url, kind: 'png', label: p.row.order_no });
  }

  const ticketIds = new Map<string, number>();
  await insertChunks(plans, async (chunk) => {
    const rows = await db.insertInto('tickets').values(chunk.map((p) => p.row)).returning(['id', 'order_no']).execute();
    for (const r of rows) ticketIds.set(r.order_no, r.id);
  });
  const idOf = (p: Planned) => ticketIds.get(p.row.order_no)!;

  const allocations: Insertable<AllocationTable>[] = [];
  for (const p of plans) {
    if (!p.owner) continue;
    const at = Date.parse(p.row.started_at!);
    if (p.previous) {
      allocations.push({ ticket_id: idOf(p), designer_id: p.previous.id, how: 'system', assigned_by: null, assigned_at: new Date(at - 60 * MINUTE).toISOString(), ended_at: new Date(at).toISOString(), end_reason: 'transferred' });
    }
    allocations.push({
      ticket_id: idOf(p),
      designer_id: p.owner.id,
      how: p.how,
      assigned_by: p.how === 'manual' || p.how === 'transfer' ? opts.leadId : p.how === 'hall' ? p.owner.id : null,
      assigned_at: p.row.started_at!,
      ended_at: null,
      end_reason: null,
    });
  }
  const openAllocation = new Map<number, number>();
  const endedAllocation = new Map<number, number>();
  await insertChunks(allocations, async (chunk) => {
    const rows = await db.insertInto('allocations').values(chunk).returning(['id', 'ticket_id', 'ended_at']).execute();
    for (const r of rows) (r.ended_at === null ? openAllocation : endedAllocation).set(r.ticket_id, r.id);
  });
  await db
    .updateTable('tickets')
    .set((eb) => ({
      current_allocation_id: eb
        .selectFrom('allocations')
        .select('allocations.id')
        .whereRef('allocations.ticket_id', '=', 'tickets.id')
        .where('allocations.ended_at', 'is', null),
    }))
    .where('designer_id', 'is not', null)
    .execute();

  const drafts: Insertable<DraftTable>[] = plans.flatMap((p) =>
    p.owner
      ? p.drafts.map((d, k) => {
          const at = new Date(d.at);
          const stamp = at.toISOString().slice(0, 10).replaceAll('-', '');
          // An upload directory as signUpload makes it (`draft/<designer>/<yyyymmdd>/<12-char nonce>/`).
          const dir = `draft/${designerCode(p.owner!.id)}/${stamp}/dm${String(idOf(p)).padStart(9, '0')}${k}/`;
          const kindName = d.kind === 'first' ? '初稿' : '终稿';
          const pdf = `${dir}${kindName}-${p.row.order_no}.pdf`;
          const keys = d.kind === 'first' ? [`${dir}${kindName}预览-${p.row.order_no}.png`, pdf] : [pdf];
          for (const key of keys) {
            files.push(
              key.endsWith('.png')
                ? { key, kind: 'png', label: p.row.order_no }
                : { key, kind: 'pdf', label: p.row.order_no, lines: [`${d.kind === 'first' ? 'First' : 'Final'} draft`, `Designer ${designerCode(p.owner!.id)}`, `Submitted ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`] },
            );
          }
          return {
            ticket_id: idOf(p),
            allocation_id: openAllocation.get(idOf(p))!,
            designer_id: p.owner!.id,
            kind: d.kind,
            files: JSON.stringify(keys),
            note: '',
            sync_status: d.sync,
            audit_result: d.sync === 0 ? null : d.sync === 1 ? '缩略图与轮廓正常' : d.sync === 2 ? '同步失败，请重新上传' : '轮廓检查未通过',
            audited_at: d.sync === 0 ? null : new Date(d.at + 3 * MINUTE).toISOString(),
            created_at: at.toISOString(),
          };
        })
      : [],
  );
  await insertChunks(drafts, (chunk) => db.insertInto('drafts').values(chunk).execute());

  const events: Insertable<TicketEventTable>[] = plans.flatMap((p) =>
    p.events
      .sort((a, b) => a.at - b.at)
      .map((e) => ({
        ticket_id: idOf(p),
        type: e.type,
        actor_kind: typeof e.actor === 'number' ? 'designer' : e.actor,
        actor_id: typeof e.actor === 'number' ? e.actor : null,
        detail: JSON.stringify(e.detail),
        created_at: new Date(e.at).toISOString(),
      })),
  );
  await insertChunks(events, (chunk) => db.insertInto('ticket_events').values(chunk).execute());

  // The messages each event would have sent (as the ingestion, lead-action and application
  // services word them), to the designer concerned or the lead.
  const messages: Insertable<MessageTable>[] = [];
  const leadName = nameOf.get(opts.leadId) ?? designerCode(opts.leadId);
  for (const p of plans) {
    if (!p.owner) continue;
    const ticketId = idOf(p);
    const no = p.row.order_no;
    const product = productNameOf(productName, p.row.product_id);
    const ownerInfo = { ticket_id: ticketId, allocation_id: openAllocation.get(ticketId)! };
    const previousInfo = { ticket_id: ticketId, allocation_id: endedAllocation.get(ticketId) ?? 0 };
    const ownerName = nameOf.get(p.owner.id) ?? designerCode(p.owner.id);
    const at = (ms: number) => new Date(Math.min(ms, now - MINUTE)).toISOString();
    for (const e of p.events) {
      const when = at(e.at);
      switch (e.type) {
        case 'system_assigned': {
          const toPrevious = p.previous !== null;
          const recipient = toPrevious ? p.previous!.id : p.owner.id;
          messages.push(
            historyMessage(recipient, MESSAGE_TYPE.SYSTEM_ASSIGNED, `系统为你分配了新工单 ${no}（${product}），请在${minutesText(p.row.allowed_minutes)}内完成设计`, toPrevious ? previousInfo : ownerInfo, when, now),
          );
          break;
        }
        case 'manual_assigned':
          messages.push(historyMessage(p.owner.id, MESSAGE_TYPE.MANUALLY_ASSIGNED, `${leadName}将工单 ${no}（${product}）指派给你`, ownerInfo, when, now));
          break;
        case 'transferred':
          messages.push(historyMessage(p.owner.id, MESSAGE_TYPE.TICKET_TRANSFERRED, `${leadName}将工单 ${no} 转派给你：负载调整`, ownerInfo, when, now));
          if (p.previous) {
            messages.push(historyMessage(p.previous.id, MESSAGE_TYPE.TICKET_TRANSFERRED, `工单 ${no} 已由${leadName}转派给${ownerName}`, previousInfo, when, now));
          }
          break;
        case 'draft_audited': {
          const first = e.detail.kind === 'first';
          const sync = { 1: '同步成功', 2: '同步失败', 3: '自动检查异常' }[e.detail.sync_status as number] ?? '';
          messages.push(
            historyMessage(p.owner.id, first ? MESSAGE_TYPE.FIRST_DRAFT_CHECKED : MESSAGE_TYPE.FINAL_DRAFT_CHECKED, `工单 ${no} 的${first ? '初稿' : '终稿'}缩略图与轮廓检查已完成：${sync}`, ownerInfo, when, now),
          );
          break;
        }
        case 'final_review_applied':
          messages.push(historyMessage(opts.leadId, MESSAGE_TYPE.FINAL_REVIEW_APPLIED, `${ownerName}申请工单 ${no} 的终稿审核`, ownerInfo, when, now));
          break;
        case 'marked_abnormal':
          messages.push(historyMessage(p.owner.id, MESSAGE_TYPE.MARKED_ABNORMAL, `工单 ${no} 被标记为异常：${String(e.detail.reason)}`, ownerInfo, when, now));
          break;
        case 'order_closed':
          messages.push(historyMessage(p.owner.id, MESSAGE_TYPE.ORDER_CLOSED, `工单 ${no} 对应的订单已关闭`, ownerInfo, when, now));
          break;
        case 'closed':
          messages.push(historyMessage(p.owner.id, MESSAGE_TYPE.ORDER_CLOSED, `工单 ${no} 已被${leadName}关闭：${String(e.detail.reason)}`, ownerInfo, when, now));
          break;
        case 'factory_rejected':
          messages.push(historyMessage(p.owner.id, MESSAGE_TYPE.FACTORY_REJECTED, `工单 ${no} 被工厂驳回，请及时处理`, ownerInfo, when, now));
          break;
        default:
          break;
      }
    }
  }
  await insertChunks(messages, (chunk) => db.insertInto('messages').values(chunk).execute());

  // Each designer's load row, as live assignments would have left it: the day of their last
  // assignment, how many they got that day, and when.
  const loads = new Map<number, { day: string; n: number; last: string }>();
  for (const a of [...allocations].sort((x, y) => x.assigned_at.localeCompare(y.assigned_at))) {
    const day = shanghaiDay(Date.parse(a.assigned_at));
    const l = loads.get(a.designer_id);
    loads.set(a.designer_id, { day, n: l && l.day === day ? l.n + 1 : 1, last: a.assigned_at });
  }
  if (loads.size) {
    await db
      .insertInto('designer_loads')
      .values([...loads].map(([designer_id, l]) => ({ designer_id, day: l.day, assigned_today: l.n, last_assigned_at: l.last })))
      .execute();
  }
  return plans.length;
}

function productNameOf(names: Map<number, string>, id: number): string {
  return names.get(id) ?? '产品';
}
