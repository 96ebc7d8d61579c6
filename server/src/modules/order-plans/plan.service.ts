/**
 * Order plans (issue #7): a team's planned capacity per designer per day, one plan per week, and
 * the designers' change requests. Each change runs as one unit of work: a change request and its
 * review with their messages (30/31 to the leads, 33/34 to the designer), a lead's own edits of a
 * plan with none. The SQL is in plan.repository.ts.
 */
import type { Db } from '../../db/database.js';
import type { Designer } from '../../db/schema.js';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import type { PlanDetail, PlanRequestView } from './plan.schemas.js';
import { MESSAGE_TYPE, type UnitOfWork } from '../messages/index.js';
import { activeLeadIds } from '../user/index.js';
import { displayName, designerCode, parseDesignerCode } from '../../domain/designers.js';
import { isUniqueViolation } from '../../db/errors.js';
import { addDays, today, weekDays, weekStartOf } from '../../domain/calendar.js';
import {
  activeMembers,
  type Change,
  decideRequest,
  designerCells,
  ensurePlan,
  findTeamPlan,
  findTeamRequest,
  findWeekPlanId,
  hasPendingRequest,
  insertRequest,
  linkRequestToPlan,
  parseChanges,
  planCells,
  planSummaries,
  requestViews,
  teamMemberIds,
  writeCells,
} from './plan.repository.js';

export const PLAN_EXISTS_MESSAGE = '该周计划已存在';
export const REQUEST_PENDING_MESSAGE = '本周已有待审批的计划变更申请';
export const REVIEWED_MESSAGE = '该申请已处理';

const KIND_TEXT: Record<string, string> = { weekly: '周计划', realtime: '实时计划' };

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
  async function teamPlan(teamId: number, planId: number) {
    const plan = await findTeamPlan(db, teamId, planId);
    if (!plan) throw notFound('接单计划不存在');
    return plan;
  }

  async function detail(teamId: number, planId: number): Promise<PlanDetail> {
    const plan = await teamPlan(teamId, planId);
    const days = weekDays(plan.week_start);
    const [cells, people, requests] = await Promise.all([
      planCells(db, plan.id),
      activeMembers(db, teamId),
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
    const { rows, total } = await planSummaries(db, teamId, page, pageSize);
    return {
      items: rows.map((r) => ({
        plan_id: r.id,
        week_start: r.week_start,
        week_end: addDays(r.week_start, 6),
        designer_count: Number(r.designer_count ?? 0),
        total_capacity: Number(r.total_capacity ?? 0),
        pending_requests: Number(r.pending_requests ?? 0),
      })),
      total,
      page,
      pageSize,
    };
  }

  async function create(lead: Designer, weekStart: string): Promise<PlanDetail> {
    const teamId = planLeadTeam(lead);
    const plan = await unitOfWork((trx) => ensurePlan(trx, teamId, weekStart, lead.id));
    if (!plan.created) throw conflict(PLAN_EXISTS_MESSAGE);
    return detail(teamId, plan.id);
  }

  async function updateCells(lead: Designer, planId: number, input: { designer_id: string; day: string; capacity: number }[]): Promise<PlanDetail> {
    const teamId = planLeadTeam(lead);
    const plan = await teamPlan(teamId, planId);
    const days = new Set(weekDays(plan.week_start));
    const ids = [...new Set(input.map((c) => parseDesignerCode(c.designer_id) ?? -1))];
    const inTeam = await teamMemberIds(db, teamId, ids);
    const cells = input.map((c, i) => {
      const id = parseDesignerCode(c.designer_id) ?? -1;
      if (!inTeam.has(id)) throw invalid(`cells.${i}.designer_id`, '该设计师不在你的团队中');
      if (!days.has(c.day)) throw invalid(`cells.${i}.day`, '日期不在该计划周内');
      return { designer_id: id, day: c.day, capacity: c.capacity };
    });
    await unitOfWork((trx) => writeCells(trx, plan.id, cells));
    return detail(teamId, plan.id);
  }

  async function mine(me: Designer, weekStart = weekStartOf(today())) {
    if (me.team_id === null) throw forbidden('加入团队后才有接单计划');
    const planId = await findWeekPlanId(db, me.team_id, weekStart);
    const cells = planId !== undefined ? await designerCells(db, planId, me.id) : [];
    const byDay = new Map(cells.map((c) => [c.day, Number(c.capacity)]));
    return {
      week_start: weekStart,
      plan_id: planId ?? null,
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
    if (await hasPendingRequest(db, me.id, input.week_start)) throw conflict(REQUEST_PENDING_MESSAGE);
    const planId = await findWeekPlanId(db, teamId, input.week_start);
    const changes = [...input.changes].sort((a, b) => a.day.localeCompare(b.day));
    const what = changes.map((c) => `${c.day.slice(5)} ${c.capacity}单`).join('，');
    let id: number;
    try {
      id = await unitOfWork(async (trx, { send }) => {
        const requestId = await insertRequest(trx, {
          planId: planId ?? null,
          teamId,
          designerId: me.id,
          weekStart: input.week_start,
          kind: input.kind,
          changes,
          reason: input.reason,
        });
        send(
          await activeLeadIds(trx, teamId),
          {
            type: input.kind === 'weekly' ? MESSAGE_TYPE.WEEKLY_PLAN_CHANGE_REQUESTED : MESSAGE_TYPE.REALTIME_PLAN_CHANGE_REQUESTED,
            title: `${displayName(me)}申请调整${input.kind === 'weekly' ? `${input.week_start}当周的周计划` : '实时接单计划'}（${what}）：${input.reason}`,
            info: { request_id: requestId, plan_id: planId ?? 0, week_start: input.week_start },
          },
        );
        return requestId;
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
    const req = await findTeamRequest(db, teamId, requestId);
    if (!req) throw notFound('计划变更申请不存在');
    if (req.status !== 'pending') throw conflict(REVIEWED_MESSAGE);
    const approved = decision === 'approve';
    const kind = KIND_TEXT[req.kind] ?? '计划';
    await unitOfWork(async (trx, { send }) => {
      const now = nowIso();
      if (!(await decideRequest(trx, req.id, { approved, reviewerId: lead.id, note, at: now }))) throw conflict(REVIEWED_MESSAGE);
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
      await linkRequestToPlan(trx, req.id, plan.id);
      decided(plan.id);
      return plan.id;
    });
    const [view] = await requestViews(db, { id: req.id });
    return view!;
  }

  return { list, create, detail, updateCells, mine, request, review, planLeadTeam };
}

export type PlanService = ReturnType<typeof createPlanService>;
