/**
 * The SQL of the user module: the `designers` row (find, insert, update; auth and demo use these
 * too) and what the account screens read around it (team name, shops, products). Every function
 * takes `db` or a transaction first.
 */
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, Designer, DesignerUpdate, NewDesigner } from '../../db/schema.js';
import { newInviteCode } from '../../lib/crypto.js';
import { nowIso } from '../../lib/time.js';

export function findDesignerByPhone(db: Db, phone: string): Promise<Designer | undefined> {
  return db.selectFrom('designers').selectAll().where('phone', '=', phone).executeTakeFirst();
}

export function findDesignerById(db: Db, id: number): Promise<Designer | undefined> {
  return db.selectFrom('designers').selectAll().where('id', '=', id).executeTakeFirst();
}

export type DesignerInput = Omit<NewDesigner, 'invite_code' | 'create_time' | 'update_time'> &
  Partial<Pick<NewDesigner, 'invite_code' | 'create_time'>>;

export async function insertDesigner(db: Db, input: DesignerInput): Promise<Designer> {
  const now = nowIso();
  return db
    .insertInto('designers')
    .values({ invite_code: newInviteCode(), create_time: now, ...input, update_time: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateDesigner(db: Db, id: number, patch: DesignerUpdate): Promise<Designer> {
  return db
    .updateTable('designers')
    .set({ ...patch, update_time: nowIso() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The name of a team, if it exists. */
export async function teamName(db: Db, teamId: number): Promise<string | undefined> {
  const team = await db.selectFrom('teams').select('name').where('id', '=', teamId).executeTakeFirst();
  return team?.name;
}

/** Whose shops or products a list covers: one designer's, or those of every designer now in a team. */
export type DesignerScope = { designerId: number } | { teamId: number };

/** The distinct shops linked (`designer_shops`) to the designers of the scope, by id. */
export function shopsOf(db: Db, scope: DesignerScope) {
  const q = db
    .selectFrom('shops')
    .innerJoin('designer_shops', 'designer_shops.shop_id', 'shops.id')
    .select(['shops.id as shop_id', 'shops.name', 'shops.platform'])
    .distinct()
    .orderBy('shops.id');
  if ('teamId' in scope) {
    const teamId = scope.teamId;
    return q.where('designer_shops.designer_id', 'in', (eb) => eb.selectFrom('designers').select('id').where('team_id', '=', teamId)).execute();
  }
  return q.where('designer_shops.designer_id', '=', scope.designerId).execute();
}

/** One page of products by id: those a designer is qualified for (`designer_products`), or every product. */
export async function productPage(db: Db, qualifiedDesignerId: number | undefined, page: number, pageSize: number) {
  let base = db.selectFrom('products');
  if (qualifiedDesignerId !== undefined) {
    base = base.where('products.id', 'in', (eb) =>
      eb.selectFrom('designer_products').select('product_id').where('designer_id', '=', qualifiedDesignerId),
    );
  }
  const [items, count] = await Promise.all([
    base
      .select(['products.id as product_id', 'products.name', 'products.category'])
      .orderBy('products.id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.total) };
}

/**
 * The active leads of a team (designer_type 0, account enabled): who receives what a team's
 * designers file, apply for, request or join with. None for no team.
 */
export async function activeLeadIds(db: Db | Transaction<Database>, teamId: number | null): Promise<number[]> {
  if (teamId === null) return [];
  const rows = await db.selectFrom('designers').select('id').where('team_id', '=', teamId).where('designer_type', '=', 0).where('account_status', '=', 1).execute();
  return rows.map((r) => r.id);
}
