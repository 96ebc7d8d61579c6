/**
 * A read for the workbench's product card (issue #18): the exams that would qualify a designer for
 * a product they do not hold yet. Read-only; takes `db` first.
 */
import type { Db } from '../../db/database.js';

/**
 * Published exams of the designer's team linked to a product the designer is not qualified for
 * (no `designer_products` row), newest first, at most `limit`.
 */
export function examsToQualify(db: Db, designer: { id: number; team_id: number | null }, limit: number) {
  if (designer.team_id === null) return Promise.resolve([]);
  return db
    .selectFrom('exams as e')
    .innerJoin('products as p', 'p.id', 'e.product_id')
    .select(['e.id as exam_id', 'e.title', 'e.product_id', 'p.name as product_name'])
    .where('e.team_id', '=', designer.team_id)
    .where('e.status', '=', 'published')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('designer_products as dp').select('dp.product_id').whereRef('dp.product_id', '=', 'e.product_id').where('dp.designer_id', '=', designer.id))),
    )
    .orderBy('e.id', 'desc')
    .limit(limit)
    .execute();
}
