/**
 * SQL on `announcements`, `announcement_products` and `announcement_reads`: who an announcement
 * reaches (spec §6), the lists and reads, and the writes of publishing and reading one. Every
 * function takes `db` or a transaction first. The outbox columns (`messages_at`, `broadcast_at`)
 * are outbox.repository.ts's to mark.
 */
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, Designer } from '../../db/schema.js';

/** The designer an announcement is read for: who they are decides what reaches them. */
export type Reader = Pick<Designer, 'id' | 'designer_type'>;

/**
 * Spec §6 as a condition on `announcements`: scope below 4 reaches only that designer_type, 4+
 * reaches all; an announcement limited to products reaches only designers with one of those
 * available products (a team lead has every product available).
 */
export function reachesDesigner(d: Reader) {
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

/** Every active designer an announcement reaches (the same rule, from the other side). */
function recipientsQuery(db: Db, scope: number, productIds: readonly number[]) {
  let q = db.selectFrom('designers').where('account_status', '=', 1);
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
  return q;
}

/** Ids of every active designer an announcement reaches. */
export async function announcementRecipients(db: Db, scope: number, productIds: readonly number[]): Promise<number[]> {
  return (await recipientsQuery(db, scope, productIds).select('id').execute()).map((r) => r.id);
}

/** How many active designers an announcement reaches. */
export async function countAnnouncementRecipients(db: Db, scope: number, productIds: readonly number[]): Promise<number> {
  const row = await recipientsQuery(db, scope, productIds)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Announcements that reach the reader, joined with the reader's read mark. */
function reachingReader(db: Db, reader: Reader) {
  return db
    .selectFrom('announcements')
    .leftJoin('announcement_reads as ar', (join) => join.onRef('ar.announcement_id', '=', 'announcements.id').on('ar.designer_id', '=', reader.id))
    .where('announcements.withdrawn_at', 'is', null)
    .where(reachesDesigner(reader));
}

const announcementColumns = [
  'announcements.id',
  'announcements.title',
  'announcements.body',
  'announcements.scope',
  'announcements.published_at',
  'announcements.published_by',
  'announcements.updated_at',
  'announcements.image_key',
  'announcements.image_thumb_key',
  sql<number>`case when ar.designer_id is null then 0 else 1 end`.as('is_read'),
] as const;

/** One page of the announcements that reach the reader, newest first, and how many there are in all. */
export async function listAnnouncements(db: Db, reader: Reader, page: number, pageSize: number) {
  const [rows, count] = await Promise.all([
    reachingReader(db, reader)
      .select(announcementColumns)
      .orderBy('announcements.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    reachingReader(db, reader)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The announcement with this id if it reaches the reader. */
export function findAnnouncement(db: Db, reader: Reader, id: number) {
  return reachingReader(db, reader).select(announcementColumns).where('announcements.id', '=', id).executeTakeFirst();
}

/** Whether the announcement with this id exists and reaches the reader. */
export async function announcementReaches(db: Db, reader: Reader, id: number): Promise<boolean> {
  const row = await reachingReader(db, reader).select('announcements.id').where('announcements.id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** The products each announcement is limited to, by announcement id (ascending; none: every product). */
export async function productIdsOf(db: Db, ids: readonly number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>(ids.map((id) => [id, []]));
  if (!ids.length) return map;
  const rows = await db
    .selectFrom('announcement_products')
    .select(['announcement_id', 'product_id'])
    .where('announcement_id', 'in', ids)
    .orderBy('product_id')
    .execute();
  for (const r of rows) map.get(r.announcement_id)?.push(r.product_id);
  return map;
}

/** How many of these (distinct) product ids exist. */
export async function countProducts(db: Db, productIds: readonly number[]): Promise<number> {
  if (!productIds.length) return 0;
  const found = await db.selectFrom('products').select('id').where('id', 'in', productIds).execute();
  return found.length;
}

/**
 * Writes an announcement and its product links; answers its id. Its type-29 messages
 * (`messages_at` null) and then its broadcast (`broadcast_at` null) wait in the outbox until they
 * are written and sent.
 */
export async function insertAnnouncement(
  db: Db,
  a: { title: string; body: string; scope: number; published_by: number; published_at: string; image_key?: string | null; image_thumb_key?: string | null },
  productIds: readonly number[],
): Promise<number> {
  const row = await db
    .insertInto('announcements')
    .values({ ...a, broadcast_at: null, messages_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (productIds.length) {
    await db
      .insertInto('announcement_products')
      .values(productIds.map((product_id) => ({ announcement_id: row.id, product_id })))
      .execute();
  }
  return row.id;
}

/** Records that the designer read the announcement; a second read changes nothing. */
export async function insertAnnouncementRead(db: Db, announcementId: number, designerId: number, at: string): Promise<void> {
  await db
    .insertInto('announcement_reads')
    .values({ announcement_id: announcementId, designer_id: designerId, read_at: at })
    .onConflict((oc) => oc.columns(['announcement_id', 'designer_id']).doNothing())
    .execute();
}

/** An announcement as its publisher manages it (withdrawn ones too), whoever it reaches. */
export function findAnnouncementForEdit(db: Db, id: number) {
  return db.selectFrom('announcements').select(['id', 'scope', 'published_by', 'published_at', 'withdrawn_at']).where('id', '=', id).executeTakeFirst();
}

/** New title and body; the scope and products (who it reached) stay. */
export async function updateAnnouncement(db: Db, id: number, edit: { title: string; body: string; updated_at: string }): Promise<void> {
  await db.updateTable('announcements').set(edit).where('id', '=', id).execute();
}

/**
 * Withdraws it: it reaches nobody any more. Messages and a broadcast still waiting in the outbox are
 * dropped (marked as done), so the relay never sends a withdrawn announcement.
 */
export async function withdrawAnnouncement(db: Db, id: number, at: string): Promise<void> {
  await db
    .updateTable('announcements')
    .set((eb) => ({
      withdrawn_at: at,
      messages_at: eb.fn.coalesce('messages_at', eb.val(at)),
      broadcast_at: eb.fn.coalesce('broadcast_at', eb.val(at)),
    }))
    .where('id', '=', id)
    .execute();
}
