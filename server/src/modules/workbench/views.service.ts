/**
 * Saved views of the lists (issue #18): CRUD, order, the default per list, sharing with the team,
 * and each view's live count through the list's own count path. Who may do what:
 *
 * - a view is seen by its owner and, when shared, by the members of its team who may use its list
 *   (team orders and the review queue are the leads'); any other view is 404 「视图不存在」;
 * - only the owner deletes; the owner edits, and so does a lead of the team a shared view belongs to;
 *   others who see it get 403;
 * - only leads share (403), and only with a team of theirs.
 */
import type { FastifyInstance } from 'fastify';
import type { Designer } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/errors.js';
import { designerCode, displayName } from '../../domain/designers.js';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import type { UnitOfWork } from '../messages/index.js';
import { checkColumns, LIST_RULES, mayUse, SAVED_VIEW_LISTS, type SavedViewList, viewQuery, type ViewSort } from './saved-view-lists.js';
import type { ViewEdit, ViewInput, ViewView } from './workbench.schemas.js';
import {
  defaultViews,
  deleteView,
  findView,
  insertView,
  ownViewIds,
  ownViewStats,
  setDefaultView,
  setPositions,
  updateView,
  type ViewRow,
  visibleViews,
} from './views.repository.js';

/** Views one person keeps of one list at most. */
export const MAX_VIEWS_PER_LIST = 20;

const NOT_FOUND = '视图不存在';

export interface ViewServiceDeps {
  app: FastifyInstance;
  unitOfWork: UnitOfWork;
}

export function createViewService({ app, unitOfWork }: ViewServiceDeps) {
  const db = app.db;

  const isShared = (v: ViewRow) => v.shared === 1 && v.team_id !== null;
  const sees = (me: Designer, v: ViewRow) =>
    mayUse(me, v.list as SavedViewList) && (v.designer_id === me.id || (isShared(v) && v.team_id === me.team_id));
  const mayEdit = (me: Designer, v: ViewRow) => v.designer_id === me.id || (me.designer_type === 0 && isShared(v) && v.team_id === me.team_id);

  /** The view if `me` sees it; 404 otherwise (another team's, another's personal one, a list `me` may not use). */
  async function visible(me: Designer, id: number): Promise<ViewRow> {
    const v = await findView(db, id);
    if (!v || !sees(me, v)) throw notFound(NOT_FOUND);
    return v;
  }

  /** A view's query for its list (filters, sort, the list's fixed values), checked by the list's schema. */
  function queryOf(v: ViewRow): Record<string, unknown> {
    return viewQuery(v.list as SavedViewList, JSON.parse(v.filters) as Record<string, string>, v.sort ? (JSON.parse(v.sort) as ViewSort) : null);
  }

  /** How many rows the view's list has for `me`: the list endpoint's own total (one row read). */
  async function countOf(me: Designer, v: ViewRow): Promise<number> {
    let q: Record<string, unknown>;
    try {
      q = queryOf(v);
    } catch {
      // A view saved before its list's schema changed: it counts nothing rather than failing the page.
      return 0;
    }
    return LIST_RULES[v.list as SavedViewList].count(app, me, { ...q, page: 1, pageSize: 1 });
  }

  async function toView(me: Designer, v: ViewRow, defaults: Map<string, number>, withCount: boolean): Promise<ViewView> {
    return {
      view_id: v.id,
      list: v.list as SavedViewList,
      name: v.name,
      filters: JSON.parse(v.filters) as Record<string, string>,
      sort: v.sort ? (JSON.parse(v.sort) as ViewSort) : null,
      columns: JSON.parse(v.columns) as string[],
      shared: isShared(v),
      pinned: v.pinned === 1,
      position: v.position,
      owner: { designer_id: designerCode(v.designer_id), name: displayName({ id: v.designer_id, real_name: v.owner_name, nickname: v.owner_nickname }) },
      mine: v.designer_id === me.id,
      can_edit: mayEdit(me, v),
      can_delete: v.designer_id === me.id,
      is_default: defaults.get(v.list) === v.id,
      count: withCount ? await countOf(me, v) : 0,
      updated_at: v.updated_at,
    };
  }

  /** Checks a view's content against its list and the caller's rights; answers the stored values. */
  function values(me: Designer, list: SavedViewList, input: ViewEdit) {
    viewQuery(list, input.filters, input.sort);
    checkColumns(list, input.columns);
    if (input.shared) {
      if (me.designer_type !== 0) throw forbidden('只有团队负责人可以共享视图');
      if (me.team_id === null) throw invalid('shared', '加入团队后才能共享视图');
    }
    return {
      name: input.name,
      filters: JSON.stringify(input.filters),
      sort: input.sort ? JSON.stringify(input.sort) : null,
      columns: JSON.stringify(input.columns),
      shared: input.shared ? 1 : 0,
      team_id: me.team_id,
      pinned: input.pinned ? 1 : 0,
    };
  }

  const duplicateName = () => conflict('已有同名视图，请换一个名称');

  /** My views and my team's shared ones of the lists I may use (one list, or all), each with its live count. */
  async function list(me: Designer, only?: SavedViewList): Promise<ViewView[]> {
    const lists = (only ? [only] : SAVED_VIEW_LISTS).filter((l) => mayUse(me, l));
    if (only && !lists.length) throw forbidden('只有团队负责人可以使用该列表');
    const [rows, defaults] = await Promise.all([visibleViews(db, me, lists), defaultViews(db, me.id)]);
    const seen = rows.filter((v) => sees(me, v));
    const out: ViewView[] = [];
    // One at a time: each count is a list statement, and a page of views should not take every connection.
    for (const v of seen) out.push(await toView(me, v, defaults, true));
    return out;
  }

  async function one(me: Designer, id: number): Promise<ViewView> {
    const v = await visible(me, id);
    return toView(me, v, await defaultViews(db, me.id), true);
  }

  async function create(me: Designer, input: ViewInput): Promise<ViewView> {
    if (!mayUse(me, input.list)) throw forbidden('只有团队负责人可以使用该列表');
    const v = values(me, input.list, input);
    let id: number;
    try {
      id = await unitOfWork(async (trx) => {
        const stats = await ownViewStats(trx, me.id, input.list);
        if (stats.count >= MAX_VIEWS_PER_LIST) throw conflict(`每个列表最多保存${MAX_VIEWS_PER_LIST}个视图`);
        return insertView(trx, { ...v, designer_id: me.id, list: input.list, position: stats.nextPosition, at: nowIso() });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicateName();
      throw err;
    }
    return one(me, id);
  }

  async function edit(me: Designer, id: number, input: ViewEdit): Promise<ViewView> {
    const current = await visible(me, id);
    if (!mayEdit(me, current)) throw forbidden('只能修改自己的视图');
    const list = current.list as SavedViewList;
    // A lead editing a member lead's shared view keeps it in that view's team.
    const v = { ...values(me, list, input), team_id: current.designer_id === me.id ? me.team_id : current.team_id };
    try {
      await unitOfWork((trx) => updateView(trx, id, v, nowIso()));
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicateName();
      throw err;
    }
    return one(me, id);
  }

  async function remove(me: Designer, id: number): Promise<void> {
    const v = await visible(me, id);
    if (v.designer_id !== me.id) throw forbidden('只能删除自己的视图');
    await unitOfWork((trx) => deleteView(trx, id));
  }

  /** Puts my own views of a list in the given order: the ids must be exactly my views of it. */
  async function reorder(me: Designer, which: SavedViewList, ids: readonly number[]): Promise<ViewView[]> {
    if (!mayUse(me, which)) throw forbidden('只有团队负责人可以使用该列表');
    await unitOfWork(async (trx) => {
      const mine = await ownViewIds(trx, me.id, which);
      const given = new Set(ids);
      if (given.size !== ids.length) throw invalid('view_ids', '视图不能重复');
      if (mine.length !== ids.length || mine.some((id) => !given.has(id))) throw invalid('view_ids', '请提供该列表中自己的全部视图');
      await setPositions(trx, me.id, ids, nowIso());
    });
    return list(me, which);
  }

  /** The view my list opens with (any view I see of that list), or none. */
  async function setDefault(me: Designer, which: SavedViewList, viewId: number | null): Promise<void> {
    if (!mayUse(me, which)) throw forbidden('只有团队负责人可以使用该列表');
    if (viewId !== null) {
      const v = await visible(me, viewId);
      if (v.list !== which) throw invalid('view_id', '该视图不属于这个列表');
    }
    await unitOfWork((trx) => setDefaultView(trx, me.id, which, viewId));
  }

  return { list, one, create, edit, remove, reorder, setDefault };
}

export type ViewService = ReturnType<typeof createViewService>;

