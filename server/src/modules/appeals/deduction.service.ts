/**
 * Deductions: money taken from a designer for a ticket, from upstream (after-sales, QC; idempotent
 * by `external_id`) or from a team lead (review). Each is one unit of work with its settlement
 * line, the ticket timeline event and the message to the designer. Appeals of a deduction are the
 * appeal service's. Whose deductions a caller sees (`deductionScope`) is decided here; the
 * statements are deduction.repository.ts, the ticket timeline goes through the tickets face.
 */
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database, Designer } from '../../db/schema.js';
import { designerCode } from '../../domain/designers.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import type { UnitOfWork, WorkContext } from '../messages/index.js';
import { deductionRef, postLine, type SettlementPeriod, subjectDesigner } from '../settlements/index.js';
import { addTicketEvent, findTicket, findTicketByOrderNo } from '../tickets/index.js';
import { clip, DEDUCTION_MESSAGES, DEDUCTION_SOURCE_NAMES, type DeductionSource, yuan } from './appeal.model.js';
import type { Scope } from './appeal.repository.js';
import {
  deductionByExternalId,
  deductionDesignerId,
  deductionPage,
  designerRecord,
  designerTeam,
  findDeduction,
  insertDeduction,
  responsibleDesigner,
  toDeduction,
} from './deduction.repository.js';
import type { DeductionListQuery, DeductionView, IntegrationDeductionInput } from './appeal.schemas.js';

type Trx = Transaction<Database>;
type Ctx = WorkContext;

export interface DeductionServiceDeps {
  db: Db;
  unitOfWork: UnitOfWork;
  appealWindowDays: number;
  settlementPeriod: SettlementPeriod;
}

export function createDeductionService({ db, unitOfWork, appealWindowDays, settlementPeriod }: DeductionServiceDeps) {
  const change = unitOfWork;

  interface NewDeduction {
    ticket: { id: number; order_no: string; team_id: number | null; designer_id: number | null; current_allocation_id: number | null };
    source: DeductionSource;
    amountCents: number;
    reason: string;
    externalId: string | null;
    createdBy: Designer | null;
  }

  /**
   * Records a deduction and everything that goes with it in `trx`: the settlement line, the ticket
   * timeline, the message to the designer. Null when `externalId` was delivered before.
   */
  async function addDeduction(trx: Trx, ctx: Ctx, d: NewDeduction): Promise<number | null> {
    const who = await responsibleDesigner(trx, d.ticket);
    if (!who) throw conflict('该工单尚未分配设计师，无法扣款');
    const designer = await designerTeam(trx, who.designerId);
    const now = nowIso();
    const id = await insertDeduction(trx, {
      ticket_id: d.ticket.id,
      designer_id: who.designerId,
      team_id: d.ticket.team_id ?? designer.team_id,
      source: d.source,
      amount_cents: d.amountCents,
      reason: d.reason,
      external_id: d.externalId,
      created_by: d.createdBy?.id ?? null,
      created_at: now,
    });
    if (id === undefined) return null;
    const sourceName = DEDUCTION_SOURCE_NAMES[d.source];
    await postLine(
      trx,
      {
        designerId: who.designerId,
        kind: 'deduction',
        amountCents: -d.amountCents,
        refKey: deductionRef(id),
        at: now,
        ticketId: d.ticket.id,
        deductionId: id,
        description: `${sourceName}：${clip(d.reason)}`,
      },
      settlementPeriod,
      now,
    );
    await addTicketEvent(
      trx,
      d.ticket.id,
      'deducted',
      d.createdBy ? { kind: 'designer', id: d.createdBy.id } : { kind: 'upstream' },
      { deduction_id: id, source: d.source, amount_cents: d.amountCents, reason: d.reason, designer_id: designerCode(who.designerId) },
      now,
    );
    ctx.send([who.designerId], {
      type: DEDUCTION_MESSAGES[d.source],
      title: `工单 ${d.ticket.order_no} 产生${sourceName} ${yuan(d.amountCents)}：${clip(d.reason)}`,
      info: { ticket_id: d.ticket.id, allocation_id: who.allocationId ?? 0, deduction_id: id },
    });
    return id;
  }

  /** Whose deductions a list covers: mine; a lead's, the team's (one member's with `designer_id`). */
  async function deductionScope(me: Designer, designerId: string | undefined): Promise<Scope> {
    if (me.designer_type === 0 && me.team_id !== null) {
      return { kind: 'team', teamId: me.team_id, designerId: designerId ? await subjectDesigner(db, me, designerId) : undefined };
    }
    return { kind: 'designer', designerId: await subjectDesigner(db, me, designerId) };
  }

  /** A page of deductions (mine; a lead: the team's), newest first. */
  async function listDeductions(me: Designer, q: DeductionListQuery): Promise<{ items: DeductionView[]; total: number }> {
    const scope = await deductionScope(me, q.designer_id);
    return deductionPage(db, scope, q, me, appealWindowDays, nowIso(), q.page, q.pageSize);
  }

  async function deductionView(id: number, viewer: Designer): Promise<DeductionView> {
    const row = await findDeduction(db, id);
    if (!row) throw notFound('扣款不存在');
    return toDeduction(row, viewer, appealWindowDays, nowIso());
  }

  /** A team lead's review deduction (source review, message 19). */
  async function createReviewDeduction(lead: Designer, ticketId: number, input: { amount_cents: number; reason: string }): Promise<DeductionView> {
    if (lead.designer_type !== 0) throw forbidden('只有团队负责人可以执行该操作');
    const ticket = await findTicket(db, ticketId);
    if (!ticket || lead.team_id === null || ticket.team_id !== lead.team_id) throw notFound('工单不存在');
    const id = await change((trx, ctx) =>
      addDeduction(trx, ctx, { ticket, source: 'review', amountCents: input.amount_cents, reason: input.reason, externalId: null, createdBy: lead }),
    );
    return deductionView(id!, lead);
  }

  /** Upstream after-sales / QC deduction, idempotent by external_id. */
  async function ingestDeduction(input: IntegrationDeductionInput): Promise<{ deduction: DeductionView; created: boolean }> {
    const existing = async () => {
      const row = await deductionByExternalId(db, input.external_id);
      if (!row) return undefined;
      const designer = await designerRecord(db, row.designer_id);
      return { deduction: await deductionView(row.id, designer), created: false };
    };
    const before = await existing();
    if (before) return before;
    const ticket = await findTicketByOrderNo(db, input.order_no);
    if (!ticket) throw notFound('订单不存在');
    let id: number | null;
    try {
      id = await change((trx, ctx) =>
        addDeduction(trx, ctx, { ticket, source: input.source, amountCents: input.amount_cents, reason: input.reason, externalId: input.external_id, createdBy: null }),
      );
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      id = null;
    }
    if (id === null) {
      const again = await existing();
      if (!again) throw conflict('扣款编号冲突，请重试');
      return again;
    }
    const designer = await designerRecord(db, await deductionDesignerId(db, id));
    return { deduction: await deductionView(id, designer), created: true };
  }

  return { listDeductions, createReviewDeduction, ingestDeduction, deductionView };
}
