/**
 * The lists a view can be saved for, and what each one accepts: the filters are the list
 * endpoint's own query schema (tickets' `listQuerySchema`, appeals' `appealListQuery`, deductions'
 * `deductionListQuery`), so a saved view holds exactly what the list would take in its URL; the
 * sort is what that endpoint can sort by (appeals and deductions have a fixed order: none); the
 * columns are the fields of the list's rows.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Designer } from '../../db/schema.js';
import { AppError, type FieldError } from '../../lib/errors.js';
import { appealAnswerSchema, appealListQuery, deductionListQuery, deductionSchema } from '../appeals/index.js';
import { listQuerySchema, ticketItemSchema } from '../tickets/index.js';

export const SAVED_VIEW_LISTS = ['my-tickets', 'team-orders', 'appeals', 'deductions', 'review-queue'] as const;
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number];

/** Query keys the list endpoints take for paging and ordering, never part of a view's filters. */
const NOT_FILTERS = new Set(['page', 'pageSize', 'sort_by', 'sort_order']);

export interface ListRule {
  /** Only team leads may use the list (team orders, the review queue). */
  leadsOnly: boolean;
  /** The endpoint's query schema (strings in, as in a URL). */
  query: z.ZodObject;
  /** Query values the list always has (the appeal endpoint's scope of each list). */
  fixed: Record<string, string>;
  /** Filter keys a view may set: the query's keys but paging, ordering and the fixed ones. */
  filterKeys: readonly string[];
  /** The fields the endpoint sorts by (`sort_by`), none: the list's order is fixed. */
  sortBy: readonly string[];
  /** The fields of a row, which a view may show. */
  columns: readonly string[];
  /** How many rows the list has for `me` with the view's query (the endpoint's own count). */
  count: (app: FastifyInstance, me: Designer, query: Record<string, unknown>) => Promise<number>;
}

function rule(leadsOnly: boolean, query: z.ZodObject, fixed: Record<string, string>, sortBy: readonly string[], columns: readonly string[], count: ListRule['count']): ListRule {
  const filterKeys = Object.keys(query.shape).filter((k) => !NOT_FILTERS.has(k) && !(k in fixed));
  return { leadsOnly, query, fixed, filterKeys, sortBy, columns, count };
}

const ticketColumns = [...Object.keys(ticketItemSchema.shape), 'unread_comments'];
const ticketSorts = listQuerySchema.shape.sort_by.unwrap().options;
const ticketCount: ListRule['count'] = async (app, me, q) => (await app.tickets.list(me, q as never)).total;
const appealCount: ListRule['count'] = async (app, me, q) => (await app.appeals.listAppeals(me, q as never)).total;

export const LIST_RULES: Record<SavedViewList, ListRule> = {
  'my-tickets': rule(false, listQuerySchema, {}, ticketSorts, ticketColumns, ticketCount),
  'team-orders': rule(true, listQuerySchema, {}, ticketSorts, ticketColumns, ticketCount),
  appeals: rule(false, appealListQuery, { scope: 'mine' }, [], Object.keys(appealAnswerSchema.shape), appealCount),
  deductions: rule(false, deductionListQuery, {}, [], Object.keys(deductionSchema.shape), async (app, me, q) => (await app.appeals.listDeductions(me, q as never)).total),
  'review-queue': rule(true, appealListQuery, { scope: 'review' }, [], Object.keys(appealAnswerSchema.shape), appealCount),
};

/** Whether `me` may use a list (and so see its views). */
export function mayUse(me: Pick<Designer, 'designer_type'>, list: SavedViewList): boolean {
  return !LIST_RULES[list].leadsOnly || me.designer_type === 0;
}

export interface ViewSort {
  by: string;
  order: 'asc' | 'desc';
}

/**
 * The query a view sends to its list: its filters, its sort and the list's fixed values, checked
 * with the endpoint's own schema. A filter the list does not take, or a value it refuses, is 422
 * naming `filters.<key>` (or `sort`) with the list's own Chinese message.
 */
export function viewQuery(list: SavedViewList, filters: Record<string, string>, sort: ViewSort | null): Record<string, unknown> {
  const r = LIST_RULES[list];
  const errors: FieldError[] = [];
  for (const key of Object.keys(filters)) {
    if (!r.filterKeys.includes(key)) errors.push({ field: `filters.${key}`, message: '该列表不支持这个筛选条件' });
  }
  if (sort && !r.sortBy.length) errors.push({ field: 'sort', message: '该列表按固定顺序排列，不能设置排序' });
  else if (sort && !r.sortBy.includes(sort.by)) errors.push({ field: 'sort.by', message: '排序字段不正确' });
  if (errors.length) throw new AppError(422, errors[0]!.message, errors);
  const input: Record<string, string> = { ...filters, ...r.fixed };
  if (sort) Object.assign(input, { sort_by: sort.by, sort_order: sort.order });
  const parsed = r.query.safeParse(input);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => {
      const key = String(i.path[0] ?? '');
      const field = key === 'sort_by' ? 'sort.by' : key === 'sort_order' ? 'sort.order' : `filters.${key}`;
      return { field, message: i.message };
    });
    throw new AppError(422, fields[0]!.message, fields);
  }
  return parsed.data as Record<string, unknown>;
}

/** Columns a view shows: fields of the list's rows, each once. */
export function checkColumns(list: SavedViewList, columns: readonly string[]): void {
  const allowed = LIST_RULES[list].columns;
  const errors: FieldError[] = [];
  columns.forEach((c, i) => {
    if (!allowed.includes(c)) errors.push({ field: `columns.${i}`, message: '该列表没有这一列' });
    else if (columns.indexOf(c) !== i) errors.push({ field: `columns.${i}`, message: '列不能重复' });
  });
  if (errors.length) throw new AppError(422, errors[0]!.message, errors);
}
