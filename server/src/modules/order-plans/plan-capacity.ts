/**
 * The capacity allocation uses for a designer on a day: the cell of their team's order plan for
 * that day when one exists, else `designers.daily_capacity`. Read by the ticket service (system
 * candidates, hall grabs) and by the team's designer list.
 */
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database, Designer } from '../../db/schema.js';

/**
 * SQL for "capacity on `day`" of the designer row aliased `d` (uses `d.id`, `d.team_id`,
 * `d.daily_capacity`): the plan cell of (designer, day) in a plan of the designer's team, else the
 * default. A team has one plan per week, so at most one cell matches (`order_plan_cells_designer_day_idx`).
 */
export function effectiveCapacitySql(day: string): RawBuilder<number> {
  return sql<number>`coalesce((select pc.capacity from order_plan_cells pc inner join order_plans op on op.id = pc.plan_id where pc.designer_id = d.id and pc.day = ${day} and op.team_id = d.team_id limit 1), d.daily_capacity)`;
}

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
