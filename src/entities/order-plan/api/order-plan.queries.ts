import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '@/shared/api';
import {
  myPlanSchema,
  type PlanChangeRequestBody,
  planDetailSchema,
  planPageSchema,
  planRequestSchema,
  type PlanReviewBody,
} from '../model/order-plan.schema';

export interface PlanListParams {
  page: number;
  pageSize: number;
}

/**
 * Order plans. Leads read `lists()` and `details()` (messages 30/31 invalidate them), designers
 * `mine()` (messages 33/34).
 */
export const orderPlanQueries = {
  all: () => ['order-plan'] as const,
  lists: () => [...orderPlanQueries.all(), 'list'] as const,
  details: () => [...orderPlanQueries.all(), 'detail'] as const,
  mineAll: () => [...orderPlanQueries.all(), 'mine'] as const,
  list: (params: PlanListParams) =>
    queryOptions({
      queryKey: [...orderPlanQueries.lists(), params] as const,
      queryFn: ({ signal }) => http.get('order-plans', planPageSchema, { searchParams: { ...params }, signal }),
      placeholderData: keepPreviousData,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...orderPlanQueries.details(), id] as const,
      queryFn: ({ signal }) => http.get(`order-plans/${id}`, planDetailSchema, { signal }),
    }),
  mine: (weekStart: string) =>
    queryOptions({
      queryKey: [...orderPlanQueries.mineAll(), weekStart] as const,
      queryFn: ({ signal }) => http.get('order-plans/mine', myPlanSchema, { searchParams: { week_start: weekStart }, signal }),
    }),
};

export const orderPlanApi = {
  create: (weekStart: string) => http.post('order-plans', planDetailSchema, { json: { week_start: weekStart } }),
  saveCells: (id: number, cells: { designer_id: string; day: string; capacity: number }[]) =>
    http.put(`order-plans/${id}/cells`, planDetailSchema, { json: { cells } }),
  requestChange: (body: PlanChangeRequestBody) => http.post('order-plans/requests', planRequestSchema, { json: body }),
  review: (requestId: number, body: PlanReviewBody) => http.post(`order-plans/requests/${requestId}/review`, planRequestSchema, { json: body }),
};
