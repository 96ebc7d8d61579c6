/**
 * Who may read a settlement, and a team lead moving one on: open → confirmed (only once its period
 * is over) → paid. Each step is a conditional update on the state it read, so a double click or
 * two leads at once change it once; postings racing a confirm are ordered by the row lock (see
 * ledger.ts).
 */
import type { Db } from '../../db/database.js';
import type { Designer } from '../../db/schema.js';
import { parseDesignerCode } from '../../domain/designers.js';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { periodEnded } from './period.js';
import { findDesignerTeam, findSettlement, markConfirmed, markPaid, type SettlementRow, toSettlement } from './settlement.repository.js';
import type { SettlementView } from './settlement.schemas.js';

/** Whether `me` may read a settlement: their own, or a lead of the team it belongs to. */
function canReadSettlement(me: Designer, s: Pick<SettlementRow, 'designer_id' | 'team_id'>): boolean {
  if (s.designer_id === me.id) return true;
  return me.designer_type === 0 && me.team_id !== null && s.team_id === me.team_id;
}

/** A settlement `me` may read (detail, export); 404 for any other, as for a missing one. */
export async function readableSettlement(db: Db, me: Designer, id: number): Promise<SettlementRow> {
  const s = await findSettlement(db, id);
  if (!s || !canReadSettlement(me, s)) throw notFound('结算单不存在');
  return s;
}

async function leadSettlement(db: Db, lead: Designer, id: number) {
  if (lead.designer_type !== 0) throw forbidden('只有团队负责人可以执行该操作');
  const s = await findSettlement(db, id);
  if (!s || lead.team_id === null || s.team_id !== lead.team_id) throw notFound('结算单不存在');
  return s;
}

export async function confirmSettlement(db: Db, lead: Designer, id: number): Promise<SettlementView> {
  const s = await leadSettlement(db, lead, id);
  const now = nowIso();
  if (s.status !== 'open') throw conflict(s.status === 'confirmed' ? '结算单已确认' : '结算单已支付');
  if (!periodEnded({ end: s.period_end }, now)) throw conflict('结算周期尚未结束');
  if (!(await markConfirmed(db, id, now))) throw conflict('结算单已确认');
  return toSettlement((await findSettlement(db, id))!);
}

export async function paySettlement(db: Db, lead: Designer, id: number): Promise<SettlementView> {
  const s = await leadSettlement(db, lead, id);
  const now = nowIso();
  if (s.status === 'open') throw conflict('结算单尚未确认');
  if (s.status === 'paid') throw conflict('结算单已支付');
  if (!(await markPaid(db, id, now))) throw conflict('结算单已支付');
  return toSettlement((await findSettlement(db, id))!);
}

/**
 * The designer whose data a call reads: `me`, or for a team lead a member of their team named by
 * `code` (422 when not in the team). Anyone else naming another designer: 403.
 */
export async function subjectDesigner(db: Db, me: Designer, code: string | undefined): Promise<number> {
  if (code === undefined) return me.id;
  const id = parseDesignerCode(code);
  if (id === me.id) return me.id;
  if (me.designer_type !== 0) throw forbidden('只能查看自己的数据');
  const d = id ? await findDesignerTeam(db, id) : undefined;
  if (!d || me.team_id === null || d.team_id !== me.team_id) throw invalid('designer_id', '该设计师不在你的团队中');
  return d.id;
}
