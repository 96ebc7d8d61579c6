/**
 * What a team lead (designer_type 0) does to the team's tickets and the unassigned pool: assign,
 * transfer, urge, mark abnormal, close. Each is one unit of work with its timeline event and the
 * message to the designer concerned (product.md §6).
 *
 * Safe assignment (issue #24, assignment-risks.ts): the candidates of an assignment show each
 * designer's risks; an assignment or transfer to a designer with a risk the lead did not confirm
 * is 409, and the confirmed risks are recorded on the timeline event.
 */
import type { Db } from '../../db/database.js';
import type { Designer } from '../../db/schema.js';
import { conflict, invalid } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { MESSAGE_TYPE, type UnitOfWork } from '../messages/index.js';
import { designerCode, displayName, parseDesignerCode, REGISTRATION_COMPLETE_STEP } from '../../domain/designers.js';
import { shanghaiDay } from '../../domain/calendar.js';
import { assignmentFacts, findAllocationRules, findDesigner } from './allocation.repository.js';
import { type AssignRisk, riskConflict, risksOf, unconfirmed } from './assignment-risks.js';
import type { Allocator } from './allocation.service.js';
import { productNames } from './catalog.repository.js';
import { parseMarkers, withMarker } from './markers.js';
import { CHANGED_MESSAGE, itemOrThrow, leadTicket, mapTaken, requireOpen, ticketInfo } from './ticket-access.js';
import { TICKET_STATUS } from './ticket.model.js';
import { addTicketEvent, type TicketRow, touchTicket, updateTicketIf } from './ticket.repository.js';
import type { TicketItem } from './ticket.schemas.js';

export function createLeadActions({ db, unitOfWork, allocator }: { db: Db; unitOfWork: UnitOfWork; allocator: Allocator }) {
  const by = (lead: Designer) => ({ kind: 'designer' as const, id: lead.id });

  /** A designer of the lead's team who can take tickets; 422 on `designer_id` otherwise. */
  async function teamDesigner(lead: Designer, code: string): Promise<Designer> {
    const id = parseDesignerCode(code);
    const d = id ? await findDesigner(db, id) : undefined;
    if (!d || d.team_id === null || d.team_id !== lead.team_id) throw invalid('designer_id', '该设计师不在你的团队中');
    if (d.designer_type === 0) throw invalid('designer_id', '只能指派给团队中的设计师');
    if (d.account_status !== 1) throw invalid('designer_id', '该设计师账号已停用');
    if (d.current_registration_step < REGISTRATION_COMPLETE_STEP) throw invalid('designer_id', '该设计师尚未完成入驻引导');
    return d;
  }

  /** Each designer of the lead's team with what giving them `count` tickets of these products risks. */
  async function designerFacts(lead: Designer, productIds: number[], count: number) {
    if (lead.team_id === null) return [];
    const rules = await findAllocationRules(db, lead.team_id);
    const facts = await assignmentFacts(db, lead.team_id, productIds, shanghaiDay(Date.parse(nowIso())), rules);
    return facts.map((f) => ({ ...f, risks: risksOf(f, productIds, count) }));
  }

  /**
   * The lead's choice for these tickets (one: assign or transfer; several: a bulk action): every
   * assignable designer of the team, with whether they accept tickets, today's count against
   * today's capacity, whether they are qualified for every product of the tickets, and the risks
   * of giving them all the tickets. 404 for a ticket that is not the team's or the pool's.
   */
  async function assignCandidates(lead: Designer, ticketIds: number[]) {
    const tickets: TicketRow[] = [];
    for (const id of ticketIds) tickets.push(await leadTicket(db, lead, id));
    const productIds = [...new Set(tickets.map((t) => t.product_id))];
    const names = await productNames(db, productIds);
    const facts = await designerFacts(lead, productIds, tickets.length);
    return {
      ticket_count: tickets.length,
      products: productIds.map((id) => ({ product_id: id, name: names.get(id) ?? '' })),
      designers: facts.map((f) => ({
        designer_id: designerCode(f.id),
        designer_name: displayName(f),
        online: f.online,
        load_today: f.today,
        capacity_today: f.capacity,
        qualified: productIds.every((p) => f.products.includes(p)),
        risks: f.risks,
      })),
    };
  }

  /**
   * The risks of giving `tickets` to `target`; 409 naming them when one is not in `confirm`.
   * Returns the (confirmed) risks for the timeline.
   */
  async function confirmedRisks(lead: Designer, tickets: Pick<TicketRow, 'product_id'>[], target: Designer, confirm: readonly AssignRisk[]): Promise<AssignRisk[]> {
    const productIds = [...new Set(tickets.map((t) => t.product_id))];
    const f = (await designerFacts(lead, productIds, tickets.length)).find((x) => x.id === target.id);
    if (!f) return [];
    if (unconfirmed(f.risks, confirm).length) throw riskConflict(displayName(target), f.risks, f);
    return f.risks;
  }

  /**
   * A bulk action's check before it runs ticket by ticket: the risks of giving all the (found,
   * open) tickets to the designer, 409 unless each is confirmed.
   */
  async function checkBulkRisks(lead: Designer, ticketIds: number[], code: string, confirm: readonly AssignRisk[]): Promise<void> {
    const target = await teamDesigner(lead, code);
    const tickets: TicketRow[] = [];
    for (const id of ticketIds) {
      const t = await leadTicket(db, lead, id).catch(() => undefined);
      if (t && t.designer_id !== target.id) tickets.push(t);
    }
    if (tickets.length) await confirmedRisks(lead, tickets, target, confirm);
  }

  /** The timeline's record of the risks the lead confirmed (nothing when there were none). */
  const riskPayload = (risks: AssignRisk[]) => (risks.length ? { confirmed_risks: risks } : {});

  async function assign(lead: Designer, ticketId: number, code: string, confirm: readonly AssignRisk[] = []): Promise<TicketItem> {
    const t = await leadTicket(db, lead, ticketId);
    requireOpen(t);
    if (t.current_allocation_id !== null) throw conflict('该工单已分配，请使用转派');
    const target = await teamDesigner(lead, code);
    const risks = await confirmedRisks(lead, [t], target, confirm);
    const product = (await productNames(db, [t.product_id])).get(t.product_id) ?? '';
    await unitOfWork(async (trx, ctx) => {
      const now = nowIso();
      await allocator.claim(trx, target.id, null, now); // a lead may go over capacity on purpose
      const allocationId = await allocator.openAllocation(trx, ctx, t, target, 'manual', lead.id, now);
      await addTicketEvent(trx, t.id, 'manual_assigned', by(lead), { allocation_id: allocationId, designer_id: designerCode(target.id), designer_name: displayName(target), ...riskPayload(risks) }, now);
      ctx.send([target.id], {
        type: MESSAGE_TYPE.MANUALLY_ASSIGNED,
        title: `${displayName(lead)}将工单 ${t.order_no}（${product}）指派给你`,
        info: ticketInfo(t, allocationId),
      });
    }).catch(mapTaken);
    return itemOrThrow(db, t.id);
  }

  async function transfer(lead: Designer, ticketId: number, code: string, reason: string, confirm: readonly AssignRisk[] = []): Promise<TicketItem> {
    const t = await leadTicket(db, lead, ticketId);
    requireOpen(t);
    if (t.current_allocation_id === null || t.designer_id === null) throw conflict('该工单尚未分配，请使用指派');
    const target = await teamDesigner(lead, code);
    if (target.id === t.designer_id) throw invalid('designer_id', '该工单已由此设计师处理');
    const risks = await confirmedRisks(lead, [t], target, confirm);
    const fromId = t.designer_id;
    const from = await findDesigner(db, fromId);
    const previous = t.current_allocation_id;
    await unitOfWork(async (trx, ctx) => {
      const now = nowIso();
      await allocator.claim(trx, target.id, null, now);
      const allocationId = await allocator.openAllocation(trx, ctx, t, target, 'transfer', lead.id, now, { allocationId: previous, reason: 'transferred' });
      await addTicketEvent(
        trx,
        t.id,
        'transferred',
        by(lead),
        {
          allocation_id: allocationId,
          from_designer_id: designerCode(fromId),
          from_name: from ? displayName(from) : '',
          to_designer_id: designerCode(target.id),
          to_name: displayName(target),
          reason,
          ...riskPayload(risks),
        },
        now,
      );
      ctx.send([target.id], { type: MESSAGE_TYPE.TICKET_TRANSFERRED, title: `${displayName(lead)}将工单 ${t.order_no} 转派给你${reason ? `：${reason}` : ''}`, info: ticketInfo(t, allocationId) });
      ctx.send([fromId], { type: MESSAGE_TYPE.TICKET_TRANSFERRED, title: `工单 ${t.order_no} 已由${displayName(lead)}转派给${displayName(target)}`, info: ticketInfo(t, previous) });
    }).catch(mapTaken);
    return itemOrThrow(db, t.id);
  }

  async function urge(lead: Designer, ticketId: number, note: string): Promise<TicketItem> {
    const t = await leadTicket(db, lead, ticketId);
    requireOpen(t);
    if (t.designer_id === null) throw conflict('该工单尚未分配，无法催稿');
    if (t.stage === 'final_draft' || t.stage === 'done') throw conflict('终稿已提交，无需催稿');
    const designerId = t.designer_id;
    await unitOfWork(async (trx, { send }) => {
      const now = nowIso();
      await touchTicket(trx, t.id, now);
      await addTicketEvent(trx, t.id, 'urged', by(lead), { designer_id: designerCode(designerId), note }, now);
      const what = t.stage === 'waiting' ? '初稿' : '终稿';
      send([designerId], { type: MESSAGE_TYPE.DRAFT_URGED, title: `${displayName(lead)}催促工单 ${t.order_no} 尽快提交${what}${note ? `：${note}` : ''}`, info: ticketInfo(t, t.current_allocation_id) });
    });
    return itemOrThrow(db, t.id);
  }

  async function markAbnormal(lead: Designer, ticketId: number, reason: string): Promise<TicketItem> {
    const t = await leadTicket(db, lead, ticketId);
    requireOpen(t);
    if (parseMarkers(t.work_markers).includes('ABNORMAL')) throw conflict('该工单已标记为异常');
    await unitOfWork(async (trx, { send }) => {
      const now = nowIso();
      if (!(await updateTicketIf(trx, t.id, { work_markers: withMarker(t.work_markers, 'ABNORMAL'), updated_at: now }, { work_markers: t.work_markers }))) throw conflict(CHANGED_MESSAGE);
      await addTicketEvent(trx, t.id, 'marked_abnormal', by(lead), { reason }, now);
      if (t.designer_id !== null) {
        send([t.designer_id], { type: MESSAGE_TYPE.MARKED_ABNORMAL, title: `工单 ${t.order_no} 被标记为异常：${reason}`, info: ticketInfo(t, t.current_allocation_id) });
      }
    });
    return itemOrThrow(db, t.id);
  }

  async function close(lead: Designer, ticketId: number, reason: string): Promise<TicketItem> {
    const t = await leadTicket(db, lead, ticketId);
    requireOpen(t);
    await unitOfWork(async (trx, { send }) => {
      const now = nowIso();
      if (!(await updateTicketIf(trx, t.id, { status: TICKET_STATUS.manuallyClosed, updated_at: now }, { status: t.status }))) throw conflict(CHANGED_MESSAGE);
      await addTicketEvent(trx, t.id, 'closed', by(lead), { from: t.status, to: TICKET_STATUS.manuallyClosed, reason }, now);
      if (t.designer_id !== null) {
        send([t.designer_id], { type: MESSAGE_TYPE.ORDER_CLOSED, title: `工单 ${t.order_no} 已被${displayName(lead)}关闭：${reason}`, info: ticketInfo(t, t.current_allocation_id) });
      }
    });
    return itemOrThrow(db, t.id);
  }

  return { assignCandidates, checkBulkRisks, assign, transfer, urge, markAbnormal, close };
}
