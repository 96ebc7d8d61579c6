/**
 * What a designer does with tickets: a part-time designer grabs one from the order hall; the
 * ticket's designer submits first and final drafts. (Applications for a final review or a factory
 * rejection, and their decisions, are the appeals module's `application.service.ts`.)
 */
import type { Db } from '../../db/database.js';
import type { Designer } from '../../db/schema.js';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import type { UnitOfWork } from '../messages/index.js';
import { capacityOn } from '../order-plans/index.js';
import { designerCode, displayName, REGISTRATION_COMPLETE_STEP } from '../../domain/designers.js';
import { shanghaiDay } from '../../domain/calendar.js';
import { isQualified } from './allocation.repository.js';
import type { Allocator } from './allocation.service.js';
import { joinMarkers, type MarkerCode } from './markers.js';
import { CHANGED_MESSAGE, itemOrThrow, mapTaken, ownTicket, TAKEN_MESSAGE } from './ticket-access.js';
import { ARRIVAL_STATUSES, type DraftKind } from './ticket.model.js';
import { addTicketEvent, findDraft, findTicket, insertDraft, toDraft, updateTicketIf } from './ticket.repository.js';
import type { DraftView, TicketItem } from './ticket.schemas.js';

const hasControlChar = (value: string) => [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

export function createDesignerActions({ db, unitOfWork, allocator }: { db: Db; unitOfWork: UnitOfWork; allocator: Allocator }) {
  /** A part-time designer takes an unassigned ticket of a product they are qualified for, within today's capacity. */
  async function grab(me: Designer, ticketId: number): Promise<TicketItem> {
    if (me.designer_type !== 2 && me.designer_type !== 3) throw forbidden('接单大厅仅对兼职设计师开放');
    if (me.current_registration_step < REGISTRATION_COMPLETE_STEP) throw forbidden('请先完成入驻引导');
    const t = await findTicket(db, ticketId);
    const qualified = t !== undefined && (await isQualified(db, me.id, t.product_id));
    if (!t || !qualified || (t.team_id !== null && t.team_id !== me.team_id)) throw notFound('工单不存在');
    if (t.current_allocation_id !== null) throw conflict(TAKEN_MESSAGE);
    if (!(ARRIVAL_STATUSES as readonly string[]).includes(t.status)) throw conflict('该工单已关闭');
    await unitOfWork(async (trx, ctx) => {
      // Taken meanwhile (the check above read outside the transaction): say so before anything else.
      if ((await findTicket(trx, t.id))?.current_allocation_id !== null) throw conflict(TAKEN_MESSAGE);
      const now = nowIso();
      const cap = await capacityOn(trx, me, shanghaiDay(Date.parse(now))); // the order plan's cell, else daily_capacity
      if (!(await allocator.claim(trx, me.id, cap, now))) throw conflict(`今日领取已达上限（${cap}单）`);
      const allocationId = await allocator.openAllocation(trx, ctx, t, me, 'hall', me.id, now);
      await addTicketEvent(trx, t.id, 'grabbed', { kind: 'designer', id: me.id }, { allocation_id: allocationId, designer_id: designerCode(me.id), designer_name: displayName(me) }, now);
    }).catch(mapTaken);
    return itemOrThrow(db, t.id);
  }

  /** A first or final draft: object keys the designer uploaded under their own prefix. A draft after `due_at` marks the ticket LATE. */
  async function submitDraft(me: Designer, ticketId: number, input: { kind: DraftKind; files: string[]; note: string }): Promise<DraftView> {
    const t = await ownTicket(db, me, ticketId);
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
    const draftId = await unitOfWork(async (trx) => {
      const now = nowIso();
      const late = t.due_at !== null && t.due_at < now;
      const markers: MarkerCode[] = late ? ['LATE'] : [];
      const moved = await updateTicketIf(
        trx,
        t.id,
        { stage: input.kind === 'first' ? 'first_draft' : 'final_draft', work_markers: joinMarkers(t.work_markers, markers.join(',')), updated_at: now },
        { current_allocation_id: t.current_allocation_id, stage: t.stage },
      );
      if (!moved) throw conflict(CHANGED_MESSAGE);
      const id = await insertDraft(trx, {
        ticket_id: t.id,
        allocation_id: t.current_allocation_id!,
        designer_id: me.id,
        kind: input.kind,
        files: input.files,
        note: input.note,
        created_at: now,
      });
      await addTicketEvent(trx, t.id, 'draft_submitted', { kind: 'designer', id: me.id }, { draft_id: id, kind: input.kind, files: input.files.length, late, note: input.note }, now);
      return id;
    });
    return toDraft((await findDraft(db, draftId))!);
  }

  return { grab, submitDraft };
}
