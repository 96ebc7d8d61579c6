import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, Designer } from '../../db/schema.js';

/**
 * Spec §6 as a condition on `announcements`: scope below 4 reaches only that designer_type, 4+
 * reaches all; an announcement limited to products reaches only designers with one of those
 * available products (a team lead has every product available).
 */
export function reachesDesigner(d: Pick<Designer, 'id' | 'designer_type'>) {
  return (eb: ExpressionBuilder<Database, 'announcements'>) => {
    const scopeOk = eb.or([eb('announcements.scope', '>=', 4), eb('announcements.scope', '=', d.designer_type)]);
    if (d.designer_type === 0) return scopeOk;
    return eb.and([
      scopeOk,
      eb.or([
        eb.not(
          eb.exists(
            eb.selectFrom('announcement_products as ap').select(sql`1`.as('one')).whereRef('ap.announcement_id', '=', 'announcements.id'),
          ),
        ),
        eb.exists(
          eb
            .selectFrom('announcement_products as ap')
            .innerJoin('designer_products as dp', 'dp.product_id', 'ap.product_id')
            .select(sql`1`.as('one'))
            .whereRef('ap.announcement_id', '=', 'announcements.id')
            .where('dp.designer_id', '=', d.id),
        ),
      ]),
    ]);
  };
}

/** Ids of every active designer an announcement reaches (the same rule, from the other side). */
export async function announcementRecipients(db: Db, scope: number, productIds: number[]): Promise<number[]> {
  let q = db.selectFrom('designers').select('id').where('account_status', '=', 1);
  if (scope < 4) q = q.where('designer_type', '=', scope);
  if (productIds.length) {
    q = q.where((eb) =>
      eb.or([
        eb('designer_type', '=', 0),
        eb.exists(
          eb
            .selectFrom('designer_products')
            .select(sql`1`.as('one'))
            .whereRef('designer_products.designer_id', '=', 'designers.id')
            .where('designer_products.product_id', 'in', productIds),
        ),
      ]),
    );
  }
  return (await q.execute()).map((r) => r.id);
}
