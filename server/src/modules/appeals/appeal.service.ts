/**
 * Appeals: a designer files one, a team lead decides it. `app.appeals` also carries the deduction
 * service (deduction.service.ts), whose deductions can be appealed here.
 *
 * Each change is one unit of work that also writes the appeal's own timeline (`appeal_events`),
 * the ticket timeline (`ticket_events`), any settlement line (`postLine`) and the messages of
 * product.md §6 (written in the transaction, published after the commit). "One pending appeal per ticket and type" is the partial unique index
 * `appeals_one_pending_uq`; a decision is a conditional update on `status = 'pending'`, so two
 * leads deciding at once decide once.
 *
 * Rules only: the statements are appeal.repository.ts and deduction.repository.ts, and every write
 * to a ticket, its timeline or its drafts goes through the tickets module's face. Who may read
 * which appeals (`appealScope`, `canReadAppeal`) is decided here, not in the routes.
 */
import type { Db } from '../../db/database.js';
import type { Designer } from '../../db/schema.js';
import type { Table } from '../../lib/tabular-export.js';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors.js';
import { isoAfter, nowIso } from '../../lib/time.js';
import type { UnitOfWork } from '../messages/index.js';
import { activeLeadIds } from '../user/index.js';
import { appealRef, feeRef, postedLine, postLine, type SettlementPeriod } from '../settlements/index.js';
import {
  addTicketEvent,
  findTicket,
  joinMarkers,
  latestAuditedDraft,
  latestDraftInSyncStatus,
  latestTicketEvent,
  parseMarkers,
  setDraftSyncStatusIf,
  ticketState,
  touchTicket,
  updateTicketIf,
  withMarker,
} from '../tickets/index.js';
import {
  APPEAL_MESSAGES,
  APPEAL_TYPE_NAMES,
  type AppealType,
  DECIDED_MESSAGE,
  DEDUCTION_APPEAL_TYPE,
  DEDUCTION_SOURCE_NAMES,
  type DeductionSource,
  clip,
  DUPLICATE_MESSAGE,
  windowMessage,
  yuan,
} from './appeal.model.js';
import {
  addAppealEvent,
  appealDetail,
  appealOfDeduction,
  appealPage,
  type AppealRow,
  appealTable,
  decideAppealIf,
  findAppeal,
  findAppealRecord,
  insertAppeal,
  latestAllocation,
  pendingAppeal,
  type Scope,
} from './appeal.repository.js';
import { deductionOfDesigner, deductionRecord } from './deduction.repository.js';
import { createDeductionService } from './deduction.service.js';
import type { AppealAttachment, AppealDetail, AppealInput, AppealListQuery, AppealView, ReviewInput } from './appeal.schemas.js';
import { displayName, designerCode } from '../../domain/designers.js';
import { isUniqueViolation } from '../../db/errors.js';

const CHANGED_MESSAGE = '工单状态已变化，请刷新后重试';

export interface AppealServiceDeps {
  db: Db;
  /** Runs each change and the messages it sends as one transaction (messages/unit-of-work.ts). */
  unitOfWork: UnitOfWork;
  appealWindowDays: number;
  settlementPeriod: SettlementPeriod;
}

export type AppealService = ReturnType<typeof createAppealService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Appeals and deductions (routes, the integration API, the demo seed). */
    appeals: AppealService;
  }
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const hasControlChar = (value: string) => /[\u0000-\u001f\u007f]/.test(value);
const ATTACHMENT_KEY = /^(appeal|attachment)\/(D\d{6,})\/\d{8}\/[A-Za-z0-9_-]{1,64}\/[^/\\]{1,200}$/;

/** Attachments as stored: object keys under the designer's own `appeal/` (or `attachment/`) prefix. */
export function checkAttachments(me: Designer, items: AppealInput['attachments']): AppealAttachment[] {
  const code = designerCode(me.id);
  const out = items.map((item, i): AppealAttachment => {
    const a = typeof item === 'string' ? { url: item } : item;
    const key = a.url;
    const m = ATTACHMENT_KEY.exec(key);
    if (!m || key.includes('..') || key.endsWith('/.') || hasControlChar(key)) throw invalid(`attachments.${i}`, '附件路径不正确');
    if (m[2] !== code) throw invalid(`attachments.${i}`, '只能提交自己上传的附件');
    const name = ('name' in a && a.name) || key.slice(key.lastIndexOf('/') + 1);
    return {
      name,
      url: key,
      ...('size' in a && a.size !== undefined ? { size: a.size } : {}),
      ...('content_type' in a && a.content_type ? { content_type: a.content_type } : {}),
    };
  });
  if (new Set(out.map((a) => a.url)).size !== out.length) throw invalid('attachments', '附件重复');
  return out;
}

/** `scope=review` is the team's queue (leads only, oldest first); `mine` the caller's own appeals. */
function appealScope(me: Designer, scope: 'mine' | 'review'): { scope: Scope; order: 'asc' | 'desc' } {
  if (scope === 'mine') return { scope: { kind: 'designer', designerId: me.id }, order: 'desc' };
  if (me.designer_type !== 0) throw forbidden('只有团队负责人可以查看审核列表');
  if (me.team_id === null) throw forbidden('你还没有团队');
  return { scope: { kind: 'team', teamId: me.team_id }, order: 'asc' };
}

/** Whether `me` may read an appeal: the appellant, or a lead of the appeal's team. */
function canReadAppeal(me: Designer, a: Pick<AppealRow, 'designer_id' | 'team_id'>): boolean {
  if (a.designer_id === me.id) return true;
  return me.designer_type === 0 && me.team_id !== null && a.team_id === me.team_id;
}

/**
 * The appeal if `me` may read it (the appellant, a lead of its team), else 404: what another
 * module (the comment threads) checks before it shows or adds anything about an appeal.
 */
export async function readableAppeal(db: Db, me: Designer, id: number): Promise<AppealRow> {
  const a = await findAppeal(db, id);
  if (!a || !canReadAppeal(me, a)) throw notFound('申诉不存在');
  return a;
}

export function createAppealService({ db, unitOfWork, appealWindowDays, settlementPeriod }: AppealServiceDeps) {
  /** Every change: one transaction with its events and messages (the unit of work). */
  const change = unitOfWork;

  const windowMs = appealWindowDays * 86_400_000;

  // -------------------------------------------------------------------------------------------
  // Reads

  /** A page of my appeals (newest first) or, for a lead, of the team's (oldest first). */
  function listAppeals(me: Designer, q: AppealListQuery): Promise<{ items: AppealView[]; total: number }> {
    const { scope, order } = appealScope(me, q.scope);
    return appealPage(db, scope, q, order, q.page, q.pageSize);
  }

  /** The appeal list (same scope, filters and order) as an export table. */
  function exportAppeals(me: Designer, q: Omit<AppealListQuery, 'page' | 'pageSize'>): Promise<Table> {
    const { scope, order } = appealScope(me, q.scope);
    return appealTable(db, scope, q, order);
  }

  /** An appeal with its timeline; 404 unless `me` may read it. */
  async function readAppeal(me: Designer, id: number): Promise<AppealDetail> {
    const a = await findAppeal(db, id);
    if (!a || !canReadAppeal(me, a)) throw notFound('申诉不存在');
    return (await appealDetail(db, a.id))!;
  }

  // -------------------------------------------------------------------------------------------
  // Filing

  /** When the thing appealed happened (the window runs from here), or a 409 when there is nothing to appeal. */
  async function appealedEventAt(
    me: Designer,
    type: AppealType,
    ticket: { id: number; status: string },
    allocation: { assigned_at: string },
    deduction: { created_at: string } | undefined,
  ): Promise<string> {
    if (deduction) return deduction.created_at;
    switch (type) {
      case 'fee': {
        const fee = await postedLine(db, feeRef(ticket.id, me.id));
        return fee?.created_at ?? allocation.assigned_at;
      }
      case 'reject': {
        if (ticket.status !== '5') throw conflict('该工单未被工厂驳回，无需申诉');
        const e = await latestTicketEvent(db, ticket.id, ['factory_rejected']);
        if (!e) throw conflict('该工单未被工厂驳回，无需申诉');
        return e.created_at;
      }
      case 'draft': {
        const draft = await latestAuditedDraft(db, ticket.id, me.id);
        if (!draft || draft.sync_status !== 3) throw conflict('没有未通过自动检查的稿件，无需申诉');
        return draft.audited_at!;
      }
      case 'factory_reject': {
        const e = await latestTicketEvent(db, ticket.id, ['factory_reject_applied', 'factory_reject_approved', 'factory_reject_refused']);
        if (!e || e.type !== 'factory_reject_refused') throw conflict('没有被驳回的工厂驳回申请，无需申诉');
        return e.created_at;
      }
      default:
        throw invalid('deduction_id', '请选择要申诉的扣款');
    }
  }

  async function fileAppeal(me: Designer, input: AppealInput): Promise<AppealDetail> {
    const ticket = await findTicket(db, input.ticket_id);
    const allocation = ticket && (await latestAllocation(db, ticket.id, me.id));
    if (!ticket || !allocation) throw notFound('工单不存在');
    const type = input.type;
    const byDeduction = type === 'qc' || type === 'after_sales';
    if (byDeduction && !input.deduction_id) throw invalid('deduction_id', '请选择要申诉的扣款');
    if (!byDeduction && type !== 'draft' && input.deduction_id) throw invalid('deduction_id', `${APPEAL_TYPE_NAMES[type]}不能关联扣款`);
    if (type === 'fee' && input.requested_cents === undefined) throw invalid('requested_cents', '请填写申诉金额');
    let deduction: { id: number; created_at: string; amount_cents: number; source: string; ticket_id: number } | undefined;
    if (input.deduction_id) {
      deduction = await deductionOfDesigner(db, input.deduction_id, me.id);
      if (!deduction) throw notFound('扣款不存在');
      const source = deduction.source as DeductionSource;
      if (deduction.ticket_id !== ticket.id) throw invalid('deduction_id', '该扣款不属于此工单');
      if (DEDUCTION_APPEAL_TYPE[source] !== type) {
        throw invalid('type', `${DEDUCTION_SOURCE_NAMES[source]}请提交${APPEAL_TYPE_NAMES[DEDUCTION_APPEAL_TYPE[source]]}`);
      }
      const appealed = await appealOfDeduction(db, deduction.id);
      if (appealed) throw conflict('该扣款已申诉过');
    }
    const attachments = checkAttachments(me, input.attachments);
    const eventAt = await appealedEventAt(me, type, ticket, allocation, deduction);
    const now = nowIso();
    if (now > isoAfter(windowMs, Date.parse(eventAt))) throw conflict(windowMessage(appealWindowDays));
    const open = await pendingAppeal(db, ticket.id, type);
    if (open) throw conflict(DUPLICATE_MESSAGE);

    const appealId = await change(async (trx, { send }) => {
      const at = nowIso();
      const id = await insertAppeal(trx, {
        ticket_id: ticket.id,
        allocation_id: allocation.id,
        designer_id: me.id,
        team_id: ticket.team_id ?? me.team_id,
        type,
        deduction_id: deduction?.id ?? null,
        reason: input.reason,
        attachments: JSON.stringify(attachments),
        requested_cents: type === 'fee' ? input.requested_cents! : 0,
        approved_cents: 0,
        status: 'pending',
        reviewer_id: null,
        review_note: '',
        reviewed_at: null,
        created_at: at,
        updated_at: at,
      });
      await addAppealEvent(trx, id, 'filed', me.id, { reason: input.reason, attachments: attachments.length }, at);
      await addTicketEvent(
        trx,
        ticket.id,
        'appeal_filed',
        { kind: 'designer', id: me.id },
        { appeal_id: id, appeal_type: type, type_name: APPEAL_TYPE_NAMES[type], deduction_id: deduction?.id ?? null, requested_cents: type === 'fee' ? input.requested_cents : undefined, reason: input.reason },
        at,
      );
      await touchTicket(trx, ticket.id, at);
      const money = type === 'fee' ? `（申请 ${yuan(input.requested_cents!)}）` : deduction ? `（扣款 ${yuan(deduction.amount_cents)}）` : '';
      send(await activeLeadIds(trx, ticket.team_id ?? me.team_id), {
        type: APPEAL_MESSAGES[type].filed,
        title: `${displayName(me)}对工单 ${ticket.order_no} 提交了${APPEAL_TYPE_NAMES[type]}${money}：${clip(input.reason)}`,
        info: { ticket_id: ticket.id, allocation_id: allocation.id, appeal_id: id },
      });
      return id;
    }).catch((err: unknown) => {
      if (isUniqueViolation(err)) throw conflict(DUPLICATE_MESSAGE);
      throw err;
    });
    return (await appealDetail(db, appealId))!;
  }

  // -------------------------------------------------------------------------------------------
  // Review

  async function reviewAppeal(lead: Designer, appealId: number, input: ReviewInput): Promise<AppealDetail> {
    if (lead.designer_type !== 0) throw forbidden('只有团队负责人可以审核申诉');
    const appeal = await findAppealRecord(db, appealId);
    if (!appeal || lead.team_id === null || appeal.team_id !== lead.team_id) throw notFound('申诉不存在');
    if (appeal.status !== 'pending') throw conflict(DECIDED_MESSAGE);
    const approve = input.decision === 'approve';
    if (!approve && !input.note) throw invalid('note', '请填写驳回理由');
    const type = appeal.type as AppealType;
    let amount = 0;
    if (approve && type === 'fee') {
      amount = input.approved_cents ?? appeal.requested_cents;
      if (amount > appeal.requested_cents) throw invalid('approved_cents', `批准金额不能超过申请金额（${yuan(appeal.requested_cents)}）`);
    }

    await change(async (trx, { send }) => {
      const now = nowIso();
      const deduction = appeal.deduction_id === null ? undefined : await deductionRecord(trx, appeal.deduction_id);
      if (approve && deduction) amount = deduction.amount_cents;
      const decided = await decideAppealIf(trx, appeal.id, {
        status: approve ? 'approved' : 'rejected',
        reviewer_id: lead.id,
        review_note: input.note,
        reviewed_at: now,
        approved_cents: amount,
        updated_at: now,
      });
      if (!decided) throw conflict(DECIDED_MESSAGE);
      // The ticket row is locked before any settlement row, in the order a completion takes them.
      await touchTicket(trx, appeal.ticket_id, now);
      const ticket = await ticketState(trx, appeal.ticket_id);

      const consequence: Record<string, unknown> = {};
      if (approve) {
        if (amount > 0) {
          const line = await postLine(
            trx,
            {
              designerId: appeal.designer_id,
              kind: 'adjustment',
              amountCents: amount,
              refKey: appealRef(appeal.id),
              at: now,
              ticketId: appeal.ticket_id,
              deductionId: appeal.deduction_id,
              appealId: appeal.id,
              description: deduction ? `${APPEAL_TYPE_NAMES[type]}通过，退回${DEDUCTION_SOURCE_NAMES[deduction.source as DeductionSource]}` : `${APPEAL_TYPE_NAMES[type]}通过`,
            },
            settlementPeriod,
            now,
          );
          consequence.adjustment_cents = amount;
          consequence.settlement_id = line?.settlementId ?? null;
        } else if (type === 'draft') {
          // The latest draft that failed the automatic check (sync_status 3) counts as synced (1).
          const draft = await latestDraftInSyncStatus(trx, appeal.ticket_id, appeal.designer_id, 3);
          if (draft) {
            await setDraftSyncStatusIf(trx, draft.id, 3, 1);
            consequence.draft_id = draft.id;
            consequence.sync_status = 1;
          }
        } else if (type === 'reject') {
          const moved = await updateTicketIf(
            trx,
            ticket.id,
            { status: '0', work_markers: joinMarkers(parseMarkers(ticket.work_markers).filter((m) => m !== 'FACTORY_REJECT').join(',')), updated_at: now },
            { status: '5' },
          );
          if (!moved) throw conflict('工单已不是工厂驳回状态，无法通过该申诉');
          Object.assign(consequence, { from: '5', to: '0' });
        } else if (type === 'factory_reject') {
          const moved = await updateTicketIf(trx, ticket.id, { status: '5', work_markers: withMarker(ticket.work_markers, 'FACTORY_REJECT'), updated_at: now }, { statusIn: ['0', '7'] });
          if (!moved) throw conflict(ticket.status === '5' ? '工单已是工厂驳回状态' : CHANGED_MESSAGE);
          Object.assign(consequence, { from: ticket.status, to: '5' });
        }
      }
      await addAppealEvent(trx, appeal.id, approve ? 'approved' : 'rejected', lead.id, { note: input.note, ...consequence }, now);
      await addTicketEvent(
        trx,
        ticket.id,
        approve ? 'appeal_approved' : 'appeal_rejected',
        { kind: 'designer', id: lead.id },
        { appeal_id: appeal.id, appeal_type: type, type_name: APPEAL_TYPE_NAMES[type], note: input.note, designer_id: designerCode(appeal.designer_id), ...consequence },
        now,
      );
      const what = `你对工单 ${ticket.order_no} 的${APPEAL_TYPE_NAMES[type]}`;
      send([appeal.designer_id], {
        type: APPEAL_MESSAGES[type].decided,
        title: approve
          ? `${what}已通过${amount > 0 ? `，调整 +${yuan(amount)}` : ''}${input.note ? `：${input.note}` : ''}`
          : `${what}未通过：${input.note}`,
        info: { ticket_id: ticket.id, allocation_id: appeal.allocation_id ?? 0, appeal_id: appeal.id },
      });
    });
    return (await appealDetail(db, appeal.id))!;
  }

  return { listAppeals, exportAppeals, readAppeal, fileAppeal, reviewAppeal, ...createDeductionService({ db, unitOfWork, appealWindowDays, settlementPeriod }) };
}
