/**
 * The catalog as tickets see it. Names of shops and products for ticket lists, remembered per
 * database: shops and products are few and never deleted, so lists need not join them on every
 * request. A name is re-read after NAME_TTL_MS (a rename shows up within a minute); an unknown
 * id is looked up, never cached as missing. Teams are only checked for existence.
 */
import type { Db } from '../../db/database.js';

const NAME_TTL_MS = 60_000;

interface Names {
  shops: Map<number, { name: string; at: number }>;
  products: Map<number, { name: string; at: number }>;
}

const perDb = new WeakMap<Db, Names>();

function namesOf(db: Db): Names {
  let n = perDb.get(db);
  if (!n) {
    n = { shops: new Map(), products: new Map() };
    perDb.set(db, n);
  }
  return n;
}

async function resolve(db: Db, table: 'shops' | 'products', cache: Names['shops'], ids: Iterable<number>): Promise<Map<number, string>> {
  const now = Date.now();
  const out = new Map<number, string>();
  const missing: number[] = [];
  for (const id of new Set(ids)) {
    const hit = cache.get(id);
    if (hit && now - hit.at < NAME_TTL_MS) out.set(id, hit.name);
    else missing.push(id);
  }
  if (missing.length) {
    const rows = await db.selectFrom(table).select(['id', 'name']).where('id', 'in', missing).execute();
    for (const r of rows) {
      cache.set(r.id, { name: r.name, at: now });
      out.set(r.id, r.name);
    }
  }
  return out;
}

export function shopNames(db: Db, ids: Iterable<number>): Promise<Map<number, string>> {
  return resolve(db, 'shops', namesOf(db).shops, ids);
}

export function productNames(db: Db, ids: Iterable<number>): Promise<Map<number, string>> {
  return resolve(db, 'products', namesOf(db).products, ids);
}

const TEAM_TTL_MS = 5 * 60_000;
const knownTeams = new WeakMap<Db, Map<number, number>>();

/** Whether a team exists (teams are never deleted: one seen is remembered for a few minutes). */
export async function teamExists(db: Db, id: number): Promise<boolean> {
  let seen = knownTeams.get(db);
  if (!seen) {
    seen = new Map();
    knownTeams.set(db, seen);
  }
  const at = seen.get(id);
  if (at !== undefined && Date.now() - at < TEAM_TTL_MS) return true;
  const row = await db.selectFrom('teams').select('id').where('id', '=', id).executeTakeFirst();
  if (row) seen.set(id, Date.now());
  return row !== undefined;
}

/** Every shop and product (the demo simulator picks from them). */
export async function wholeCatalog(db: Db): Promise<{ shops: { id: number }[]; products: { id: number; name: string }[] }> {
  const [shops, products] = await Promise.all([db.selectFrom('shops').select('id').execute(), db.selectFrom('products').select(['id', 'name']).execute()]);
  return { shops, products };
}
