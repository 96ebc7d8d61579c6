/**
 * Order plans (issue #7): a team's planned capacity per designer per day, one plan per week, and
 * the designers' change requests. Each change runs in one transaction; messages (30/31 to the
 * leads, 33/34 to the designer) are sent after the commit through the message service.
 */
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, Designer } from '../../db/schema.js';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import type { PlanDetail, PlanRequestView } from './plan.schemas.js';
import { MESSAGE_TYPE, type UnitOfWork } from '../messages/index.js';
import { displayName, designerCode, parseDesignerCode } from '../../domain/designers.js';
import { isUniqueViolation } from '../../db/errors.js';
import { addDays, today, weekDays, weekStartOf } from '../../domain/calendar.js';

type Exec = Db | Transaction<Database>;
type Change = { day: string; capacity: number };

export const PLAN_EXISTS_MESSAGE = '该周计划已存在';
export const REQUEST_PENDING_MESSAGE = '本周已有待审批的计划变更申请';
export const REVIEWED_MESSAGE = '该申请已处理';

const KIND_TEXT: Record<string, string> = { weekly: '周计划', realtime: '实时计划' };

function parseChanges(json: string): Change[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? (v as Change[]).map((c) => ({ day: String(c.day), capacity: Number(c.capacity) })) : [];
  } catch {
    return [];
  }
}

/** The team of a lead; 403 for everyone else. */
export function planLeadTeam(me: Designer): number {
  if (me.designer_type !== 0 || me.team_id === null) throw forbidden('只有团队负责人可以管理接单计划');
  return me.team_id;
}

export interface PlanServiceDeps {
  db: Db;
  /** Runs each change and the messages it sends as one transaction (messages/unit-of-work.ts). */
  unitOfWork: UnitOfWork;
}

export function createPlanService({ db, unitOfWork }: PlanServiceDeps) {
  /** Active non-lead members: the rows of a plan. */
  function members(trx: Exec, teamId: number) {
    return trx
      .selectFrom('designers')
      .select(['id', 'real_name', 'nickname', 'daily_capacity'])
      .where('team_id', '=', teamId)
      .where('designer_type', '<>', 0)
      .where('account_status', '=', 1)
      .orderBy('id')
      .execute();
  }

  async function requestViews(trx: Exec, where: { teamId?: number; designerId?: number; weekStart?: string; id?: number }): Promise<PlanRequestView[]> {
    let q = trx
      .selectFrom('plan_change_requests as r')
      .innerJoin('designers as d', 'd.id', 'r.designer_id')
      .leftJoin('designers as v', 'v.id', 'r.reviewer_id')
      .select([
        'r.id',
        'r.plan_id',
        'r.week_start',
        'r.designer_id',
        'r.kind',
        'r.changes',
        'r.reason',
        'r.status',
        'r.review_note',
        'r.created_at',
        'r.reviewed_at',
        'd.real_name',
        'd.nickname',
        'v.id as reviewer_id',
        'v.real_name as reviewer_real_name',
        'v.nickname as reviewer_nickname',
      ])
      .orderBy('r.id', 'desc');
    if (where.teamId !== undefined) q = q.where('r.team_id', '=', where.teamId);
    if (where.designerId !== undefined) q = q.where('r.designer_id', '=', where.designerId);
    if (where.weekStart !== undefined) q = q.where('r.week_start', '=', where.weekStart);
    if (where.id !== undefined) q = q.where('r.id', '=', where.id);
    const rows = await q.limit(200).execute();
    return rows.map((r) => ({
      request_id: r.id,
      plan_id: r.plan_id,
      week_start: r.week_start,
      designer_id: designerCode(r.designer_id),
      designer_name: displayName({ id: r.designer_id, real_name: r.real_name, nickname: r.nickname }),
      kind: r.kind as PlanRequestView['kind'],
      changes: parseChanges(r.changes),
      reason: r.reason,
      status: r.status as PlanRequestView['status'],
      reviewer_name: r.reviewer_id !== null ? displayName({ id: r.reviewer_id, real_name: r.reviewer_real_name ?? '', nickname: r.reviewer_nickname ?? '' }) : null,
      review_note: r.review_note,
      created_at: r.created_at,
      reviewed_at: r.reviewed_at,
    }));
  }

  /**
   * The plan of a team's week, created (cells prefilled from each member's daily_capacity, pending
   * requests of the week linked to it) when missing. `created` false when it existed.
   */
  async function ensurePlan(trx: Transaction<Database>, teamId: number, weekStart: string, by: number): Promise<{ id: number; created: boolean }> {
    const now = nowIso();
    const inserted = await trx
      .insertInto('order_plans')
      .values({ team_id: teamId, week_start: weekStart, created_by: by, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(['team_id', 'week_start']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) {
      const existing = await trx.selectFrom('order_plans').select('id').where('team_id', '=', teamId).where('week_start', '=', weekStart).executeTakeFirstOrThrow();
      return { id: existing.id, created: false };
    }
    const people = await members(trx, teamId);
    const cells = people.flatMap((p) => weekDays(weekStart).map((day) => ({ plan_id: inserted.id, designer_id: p.id, day, capacity: p.daily_capacity })));
    for (let i = 0; i < cells.length; i += 500) await trx.insertInto('order_plan_cells').values(cells.slice(i, i + 500)).execute();
    await trx.updateTable('plan_change_requests').set({ plan_id: inserted.id }).where('team_id', '=', teamId).where('week_start', '=', weekStart).where('plan_id', 'is', null).execute();
    return { id: inserted.id, created: true };
  }

  async function writeCells(trx: Transaction<Database>, planId: number, cells: { designer_id: number; day: string; capacity: number }[]) {
    for (let i = 0; i < cells.length; i += 500) {
      await trx
        .insertInto('order_plan_cells')
        .values(cells.slice(i, i + 500).map((c) => ({ plan_id: planId, ...c })))
        .onConflict((oc) => oc.columns(['plan_id', 'designer_id', 'day']).doUpdateSet((eb) => ({ capacity: eb.ref('excluded.capacity') })))
        .execute();
    }
    await trx.updateTable('order_plans').set({ updated_at: nowIso() }).where('id', '=', planId).execute();
  }

  async function teamPlan(teamId: number, planId: number) {
    const plan = await db.selectFrom('order_plans').selectAll().where('id', '=', planId).where('team_id', '=', teamId).executeTakeFirst();
    if (!plan) throw notFound('接单计划不存在');
    return plan;
  }

  async function detail(teamId: number, planId: number): Promise<PlanDetail> {
    const plan = await teamPlan(teamId, planId);
    const days = weekDays(plan.week_start);
    const [cells, people, requests] = await Promise.all([
      db
        .selectFrom('order_plan_cells as c')
        .innerJoin('designers as d', 'd.id', 'c.designer_id')
        .select(['c.designer_id', 'c.day', 'c.capacity', 'd.real_name', 'd.nickname', 'd.daily_capacity'])
        .where('c.plan_id', '=', plan.id)
        .execute(),
      members(db, teamId),
      requestViews(db, { teamId, weekStart: plan.week_start }),
    ]);
    const rows = new Map<number, { name: string; fallback: number }>();
    for (const p of people) rows.set(p.id, { name: displayName(p), fallback: p.daily_capacity });
    for (const c of cells) if (!rows.has(c.designer_id)) rows.set(c.designer_id, { name: displayName({ id: c.designer_id, real_name: c.real_name, nickname: c.nickname }), fallback: c.daily_capacity });
    const byKey = new Map(cells.map((c) => [`${c.designer_id}|${c.day}`, Number(c.capacity)]));
    return {
      plan_id: plan.id,
      week_start: plan.week_start,
      week_end: days[6]!,
      days,
      rows: [...rows.entries()]
        .sort(([a], [b]) => a - b)
        .map(([id, r]) => ({ designer_id: designerCode(id), designer_name: r.name, cells: days.map((day) => ({ day, capacity: byKey.get(`${id}|${day}`) ?? r.fallback })) })),
      requests,
    };
  }

  async function list(teamId: number, page: number, pageSize: number) {
    const base = db.selectFrom('order_plans as p').where('p.team_id', '=', teamId);
    const [rows, count] = await Promise.all([
      base
        .select((eb) => [
          'p.id',
          'p.week_start',
          eb.selectFrom('order_plan_cells as c').select((e) => e.fn.count<number>('c.designer_id').distinct().as('n')).whereRef('c.plan_id', '=', 'p.id').as('designer_count'),
          eb.selectFrom('order_plan_cells as c').select((e) => e.fn.sum<number>('c.capacity').as('n')).whereRef('c.plan_id', '=', 'p.id').as('total_capacity'),
          eb
            .selectFrom('plan_change_requests as r')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('r.team_id', '=', 'p.team_id')
            .whereRef('r.week_start', '=', 'p.week_start')
            .where('r.status', '=', 'pending')
            .as('pending_requests'),
        ])
        .orderBy('p.week_start', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      items: rows.map((r) => ({
        plan_id: r.id,
        week_start: r.week_start,
        week_end: addDays(r.week_start, 6),
        designer_count: Number(r.designer_count ?? 0),
        total_capacity: Number(r.total_capacity ?? 0),
        pending_requests: Number(r.pending_requests ?? 0),
      })),
      total: Number(count.n),
      page,
      pageSize,
    };
  }

  async function create(lead: Designer, weekStart: string): Promise<PlanDetail> {
    const teamId = planLeadTeam(lead);
    const plan = await db.transaction().execute((trx) => ensurePlan(trx, teamId, weekStart, lead.id));
    if (!plan.created) throw conflict(PLAN_EXISTS_MESSAGE);
    return detail(teamId, plan.id);
  }

  async function updateCells(lead: Designer, planId: number, input: { designer_id: string; day: string; capacity: number }[]): Promise<PlanDetail> {
    const teamId = planLeadTeam(lead);
    const plan = await teamPlan(teamId, planId);
    const days = new Set(weekDays(plan.week_start));
    const ids = [...new Set(input.map((c) => parseDesignerCode(c.designer_id) ?? -1))];
    const inTeam = new Set(
      (await db.selectFrom('designers').select('id').where('id', 'in', ids).where('team_id', '=', teamId).where('designer_type', '<>', 0).execute()).map((d) => d.id),
    );
    const cells = input.map((c, i) => {
      const id = parseDesignerCode(c.designer_id) ?? -1;
      if (!inTeam.has(id)) throw invalid(`cells.${i}.designer_id`, '该设计师不在你的团队中');
      if (!days.has(c.day)) throw invalid(`cells.${i}.day`, '日期不在该计划周内');
      return { designer_id: id, day: c.day, capacity: c.capacity };
    });
    await db.transaction().execute((trx) => writeCells(trx, plan.id, cells));
    return detail(teamId, plan.id);
  }

  async function mine(me: Designer, weekStart = weekStartOf(today())) {
    if (me.team_id === null) throw forbidden('加入团队后才有接单计划');
    const plan = await db.selectFrom('order_plans').select('id').where('team_id', '=', me.team_id).where('week_start', '=', weekStart).executeTakeFirst();
    const cells = plan ? await db.selectFrom('order_plan_cells').select(['day', 'capacity']).where('plan_id', '=', plan.id).where('designer_id', '=', me.id).execute() : [];
    const byDay = new Map(cells.map((c) => [c.day, Number(c.capacity)]));
    return {
      week_start: weekStart,
      plan_id: plan?.id ?? null,
      cells: weekDays(weekStart).map((day) => ({ day, capacity: byDay.get(day) ?? me.daily_capacity })),
      requests: await requestViews(db, { designerId: me.id, weekStart }),
    };
  }

  async function request(me: Designer, input: { kind: 'weekly' | 'realtime'; week_start: string; changes: Change[]; reason: string }): Promise<PlanRequestView> {
    if (me.team_id === null) throw forbidden('加入团队后才能申请调整接单计划');
    if (me.designer_type === 0) throw forbidden('团队负责人可直接修改接单计划');
    const teamId = me.team_id;
    const now = today();
    const week = new Set(weekDays(input.week_start));
    if (input.kind === 'weekly' && input.week_start <= weekStartOf(now)) throw invalid('week_start', '周计划变更只能申请以后的周');
    input.changes.forEach((c, i) => {
      if (!week.has(c.day)) throw invalid(`changes.${i}.day`, '日期不在所选计划周内');
      if (input.kind === 'realtime' && (c.day < now || c.day > addDays(now, 6))) throw invalid(`changes.${i}.day`, '实时变更只能调整今天起7天内的计划');
    });
    const pending = await db
      .selectFrom('plan_change_requests')
      .select('id')
      .where('designer_id', '=', me.id)
      .where('week_start', '=', input.week_start)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (pending) throw conflict(REQUEST_PENDING_MESSAGE);
    const plan = await db.selectFrom('order_plans').select('id').where('team_id', '=', teamId).where('week_start', '=', input.week_start).executeTakeFirst();
    const changes = [...input.changes].sort((a, b) => a.day.localeCompare(b.day));
    const what = changes.map((c) => `${c.day.slice(5)} ${c.capacity}单`).join('，');
    let id: number;
    try {
      id = await unitOfWork(async (trx, { send }) => {
        const row = await trx
          .insertInto('plan_change_requests')
          .values({
            plan_id: plan?.id ?? null,
            team_id: teamId,
            designer_id: me.id,
            week_start: input.week_start,
            kind: input.kind,
            changes: JSON.stringify(changes),
            reason: input.reason,
            status: 'pending',
            reviewer_id: null,
            review_note: '',
            created_at: nowIso(),
            reviewed_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const leads = await trx.selectFrom('designers').select('id').where('team_id', '=', teamId).where('designer_type', '=', 0).where('account_status', '=', 1).execute();
        send(
          leads.map((l) => l.id),
          {
            type: input.kind === 'weekly' ? MESSAGE_TYPE.WEEKLY_PLAN_CHANGE_REQUESTED : MESSAGE_TYPE.REALTIME_PLAN_CHANGE_REQUESTED,
            title: `${displayName(me)}申请调整${input.kind === 'weekly' ? `${input.week_start}当周的周计划` : '实时接单计划'}（${what}）：${input.reason}`,
            info: { request_id: row.id, plan_id: plan?.id ?? 0, week_start: input.week_start },
          },
        );
        return row.id;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(REQUEST_PENDING_MESSAGE);
      throw err;
    }
    const [view] = await requestViews(db, { id });
    return view!;
  }

  async function review(lead: Designer, requestId: number, decision: 'approve' | 'reject', note: string): Promise<PlanRequestView> {
    const teamId = planLeadTeam(lead);
    const req = await db.selectFrom('plan_change_requests').selectAll().where('id', '=', requestId).where('team_id', '=', teamId).executeTakeFirst();
    if (!req) throw notFound('计划变更申请不存在');
    if (req.status !== 'pending') throw conflict(REVIEWED_MESSAGE);
    const approved = decision === 'approve';
    const kind = KIND_TEXT[req.kind] ?? '计划';
    await unitOfWork(async (trx, { send }) => {
      const now = nowIso();
      const r = await trx
        .updateTable('plan_change_requests')
        .set({ status: approved ? 'approved' : 'rejected', reviewer_id: lead.id, review_note: note, reviewed_at: now })
        .where('id', '=', req.id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) throw conflict(REVIEWED_MESSAGE);
      const decided = (planId: number | null) =>
        send([req.designer_id], {
          type: req.kind === 'weekly' ? MESSAGE_TYPE.WEEKLY_PLAN_DECIDED : MESSAGE_TYPE.REALTIME_PLAN_DECIDED,
          title: `你的${kind}变更申请${approved ? '已通过' : '未通过'}（${req.week_start}当周）${note ? `：${note}` : ''}`,
          info: { request_id: req.id, plan_id: planId ?? 0, week_start: req.week_start, approved },
        });
      if (!approved) {
        decided(req.plan_id);
        return req.plan_id;
      }
      const plan = await ensurePlan(trx, teamId, req.week_start, lead.id);
      await writeCells(
        trx,
        plan.id,
        parseChanges(req.changes).map((c) => ({ designer_id: req.designer_id, day: c.day, capacity: c.capacity })),
      );
      await trx.updateTable('plan_change_requests').set({ plan_id: plan.id }).where('id', '=', req.id).execute();
      decided(plan.id);
      return plan.id;
    });
    const [view] = await requestViews(db, { id: req.id });
    return view!;
  }

  return { list, create, detail, updateCells, mine, request, review, planLeadTeam };
}

export type PlanService = ReturnType<typeof createPlanService>;
