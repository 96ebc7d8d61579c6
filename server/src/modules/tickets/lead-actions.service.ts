/**
 * What a team lead (designer_type 0) does to the team's tickets and the unassigned pool: assign,
 * transfer, urge, mark abnormal, close. Each is one unit of work with its timeline event and the
 * message to the designer concerned (product.md §6).
 */
import type { Db } from '../../db/database.js';
import type { Designer } from '../../db/schema.js';
import { conflict, invalid } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { MESSAGE_TYPE, type UnitOfWork } from '../messages/index.js';
import { designerCode, displayName, parseDesignerCode, REGISTRATION_COMPLETE_STEP } from '../../domain/designers.js';
import { findDesigner } from './allocation.repository.js';
import type { Allocator } from './allocation.service.js';
import { productNames } from './catalog.repository.js';
import { parseMarkers, withMarker } from './markers.js';
import { CHANGED_MESSAGE, itemOrThrow, leadTicket, mapTaken, requireOpen, ticketInfo } from './ticket-access.js';
import { TICKET_STATUS } from './ticket.model.js';
import { addTicketEvent, touchTicket, updateTicketIf } from './ticket.repository.js';
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

  async function assign(lead: Designer, ticketId: number, code: string): Promise<TicketItem> {
    const t = await leadTicket(db, lead, ticketId);
    requireOpen(t);
    if (t.current_allocation_id !== null) throw conflict('该工单已分配，请使用转派');
    const target = await teamDesigner(lead, code);
    const product = (await productNames(db, [t.product_id])).get(t.product_id) ?? '';
    await unitOfWork(async (trx, ctx) => {
      const now = nowIso();
      await allocator.claim(trx, target.id, null, now); // a lead may go over capacity on purpose
      const allocationId = await allocator.openAllocation(trx, ctx, t, target, 'manual', lead.id, now);
      await addTicketEvent(trx, t.id, 'manual_assigned', by(lead), { allocation_id: allocationId, designer_id: designerCode(target.id), designer_name: displayName(target) }, now);
      ctx.send([target.id], {
        type: MESSAGE_TYPE.MANUALLY_ASSIGNED,
        title: `${displayName(lead)}将工单 ${t.order_no}（${product}）指派给你`,
        info: ticketInfo(t, allocationId),
      });
    }).catch(mapTaken);
    return itemOrThrow(db, t.id);
  }

  async function transfer(lead: Designer, ticketId: number, code: string, reason: string): Promise<TicketItem> {
    const t = await leadTicket(db, lead, ticketId);
    requireOpen(t);
    if (t.current_allocation_id === null || t.designer_id === null) throw conflict('该工单尚未分配，请使用指派');
    const target = await teamDesigner(lead, code);
    if (target.id === t.designer_id) throw invalid('designer_id', '该工单已由此设计师处理');
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

  return { assign, transfer, urge, markAbnormal, close };
}
