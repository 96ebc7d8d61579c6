/**
 * The capacity allocation uses for a designer on a day: the cell of their team's order plan for
 * that day when one exists, else `designers.daily_capacity`. Read by the ticket service (system
 * candidates, hall grabs) and by the team's designer list.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, Designer } from '../../db/schema.js';

/**
 * The plan cells of `day` with their plan's team, as a derived table to LEFT JOIN on
 * `(designer_id, team_id)`: a team has one plan per week, so at most one cell matches a designer
 * of that team (`order_plan_cells_designer_day_idx`). One join instead of a correlated subquery per
 * candidate row (allocation ranks every qualified designer of a product on each new order).
 */
export function planCellsOf(db: Kysely<Database> | Transaction<Database>, day: string) {
  return db
    .selectFrom('order_plan_cells as pc')
    .innerJoin('order_plans as op', 'op.id', 'pc.plan_id')
    .select(['pc.designer_id', 'pc.capacity', 'op.team_id'])
    .where('pc.day', '=', day);
}

/** "Capacity on the day" of designer row `d` joined with `planCellsOf` as `cell`: the cell, else the default. */
export const effectiveCapacitySql = sql<number>`coalesce(cell.capacity, d.daily_capacity)`;

/** The designer's capacity on `day` (Asia/Shanghai YYYY-MM-DD). */
export async function capacityOn(
  db: Kysely<Database> | Transaction<Database>,
  designer: Pick<Designer, 'id' | 'team_id' | 'daily_capacity'>,
  day: string,
): Promise<number> {
  if (designer.team_id === null) return designer.daily_capacity;
  const cell = await db
    .selectFrom('order_plan_cells as pc')
    .innerJoin('order_plans as op', 'op.id', 'pc.plan_id')
    .select('pc.capacity')
    .where('pc.designer_id', '=', designer.id)
    .where('pc.day', '=', day)
    .where('op.team_id', '=', designer.team_id)
    .executeTakeFirst();
  return cell ? Number(cell.capacity) : designer.daily_capacity;
}
