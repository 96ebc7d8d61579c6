/**
 * The ranking of new orders' designers that a process keeps between groups (`planBatch` ranks in
 * memory over the candidates and day counts it read at one number of `allocation_versions`; on
 * PostgreSQL a raised day count does not move the number, and a group checks the rows of the
 * designers it picked instead). The picks must be those of the rule read afresh: across groups,
 * after a change made outside ingestion, and after a group that failed. A count raised while a
 * batch plans is tickets-batch.test.ts's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { advanceClock } from '../src/lib/time.js';
import { dialects, expectEnvelope } from './support/harness.js';
import { createPerson, createProduct, createTeam, firstShop, integration, order, type Person, REFUSED_PREFIX, refuseOrdersAtInsert, useTicketApp } from './support/tickets.js';

const URL = '/api/integration/orders/batch';

describe.each(dialects)('kept ranking of new orders (%s)', (dialect) => {
  const t = useTicketApp(dialect);
  let shop: number;

  beforeAll(async () => {
    shop = await firstShop(t);
  });

  /** One batch of `n` orders of `product`: who got each (designer code, or null for the hall). */
  const batch = async (product: number, n: number) => {
    const orders = Array.from({ length: n }, () => order(shop, product));
    const r = await integration(t).post(URL, { orders });
    return expectEnvelope<{ results: { designer_id: string | null }[] }>(r, 200).data.results.map((x) => x.designer_id);
  };
  const people = async (n: number, product: number, capacity: number) => {
    const teamId = await createTeam(t);
    const out: Person[] = [];
    for (let i = 0; i < n; i++) out.push(await createPerson(t, { teamId, products: [product], capacity }));
    return out;
  };
  const count = (holders: (string | null)[], who: Person | null) => holders.filter((h) => h === (who ? who.code : null)).length;

  it('counts the earlier groups: fair turns and capacity across batches', async () => {
    const product = await createProduct(t);
    const [a, b] = await people(2, product, 3);
    const holders = [...(await batch(product, 2)), ...(await batch(product, 2)), ...(await batch(product, 2))];
    expect(count(holders, a!)).toBe(3);
    expect(count(holders, b!)).toBe(3);
    // Both are full now: the next orders go to the hall.
    expect(await batch(product, 2)).toEqual([null, null]);
  });

  it('starts each day afresh: the counts of the day before do not fill today', async () => {
    const product = await createProduct(t);
    const [a, b] = await people(2, product, 1);
    expect((await batch(product, 2)).sort()).toEqual([a!.code, b!.code].sort());
    expect(await batch(product, 1)).toEqual([null]);
    // Nothing else changed, so only the day can tell the kept counts are old.
    advanceClock(24 * 3_600_000);
    expect((await batch(product, 2)).sort()).toEqual([a!.code, b!.code].sort());
  });

  it('sees a change made outside ingestion at the next group', async () => {
    const product = await createProduct(t);
    const [a, b] = await people(2, product, 5);
    expect((await batch(product, 2)).sort()).toEqual([a!.code, b!.code].sort());
    // b stops taking tickets: the next orders all go to a.
    await t.db.updateTable('designers').set({ online_ticket_status: 0 }).where('id', '=', b!.id).execute();
    expect(await batch(product, 2)).toEqual([a!.code, a!.code]);
    // b is back, and a's count is set to their capacity by hand (as a lead's assignments would): b gets them.
    await t.db.updateTable('designers').set({ online_ticket_status: 1 }).where('id', '=', b!.id).execute();
    await t.db.updateTable('designer_loads').set({ assigned_today: 5 }).where('designer_id', '=', a!.id).execute();
    expect(await batch(product, 2)).toEqual([b!.code, b!.code]);
    // A new qualified designer, never assigned, ranks first.
    const teamId = await createTeam(t);
    const c = await createPerson(t, { teamId, products: [product], capacity: 5 });
    expect((await batch(product, 1))[0]).toBe(c.code);
    // c loses the product: nobody but b remains.
    await t.db.deleteFrom('designer_products').where('designer_id', '=', c.id).execute();
    expect(await batch(product, 1)).toEqual([b!.code]);
  });

  it('forgets a group that failed: its picks never happened', async () => {
    const product = await createProduct(t);
    const [a, b] = await people(2, product, 1);
    const stopRefusing = await refuseOrdersAtInsert(t, dialect);
    try {
      const orders = [order(shop, product), order(shop, product, { order_no: `${REFUSED_PREFIX}${Date.now()}` })];
      expect((await integration(t).post(URL, { orders })).statusCode).toBe(500);
    } finally {
      await stopRefusing();
    }
    // Had the failed batch's counts been kept, both would be full.
    expect((await batch(product, 2)).sort()).toEqual([a!.code, b!.code].sort());
  });

  it('moves the version with what the ranking reads, and only with that', async () => {
    const version = async () => Number((await t.db.selectFrom('allocation_versions').select('n').where('id', '=', 1).executeTakeFirstOrThrow()).n);
    const product = await createProduct(t);
    const [a] = await people(1, product, 5);
    const moves = async (what: string, change: () => Promise<unknown>, expected: boolean) => {
      const before = await version();
      await change();
      expect(await version() !== before, what).toBe(expected);
    };
    const sqlite = dialect === 'sqlite';
    await moves('pausing', () => t.db.updateTable('designers').set({ online_ticket_status: 0 }).where('id', '=', a!.id).execute(), true);
    await moves('capacity', () => t.db.updateTable('designers').set({ daily_capacity: 7 }).where('id', '=', a!.id).execute(), true);
    await moves('a name', () => t.db.updateTable('designers').set({ nickname: '新昵称' }).where('id', '=', a!.id).execute(), true);
    // PostgreSQL's trigger is per statement, so a statement that changes no row moves it too: one
    // needless reading of the candidates, never a wrong pick.
    await moves('a product they already have', () => t.db.insertInto('designer_products').values({ designer_id: a!.id, product_id: product }).onConflict((oc) => oc.doNothing()).execute(), !sqlite);
    const other = await createProduct(t);
    await moves('a product more', () => t.db.insertInto('designer_products').values({ designer_id: a!.id, product_id: other }).execute(), true);
    await moves('a new product', async () => createProduct(t), true);
    // Day counts: SQLite moves it with every one; PostgreSQL only when one goes back.
    const load = (set: { day: string; assigned_today: number; last_assigned_at: string }) => () => t.db.updateTable('designer_loads').set(set).where('designer_id', '=', a!.id).execute();
    await moves('a first day count', () => t.db.insertInto('designer_loads').values({ designer_id: a!.id, day: '2026-01-02', assigned_today: 1, last_assigned_at: '2026-01-02T01:00:00.000Z' }).execute(), sqlite);
    await moves('a count raised', load({ day: '2026-01-02', assigned_today: 2, last_assigned_at: '2026-01-02T02:00:00.000Z' }), sqlite);
    await moves('a new day', load({ day: '2026-01-03', assigned_today: 1, last_assigned_at: '2026-01-03T01:00:00.000Z' }), sqlite);
    await moves('a count lowered', load({ day: '2026-01-03', assigned_today: 0, last_assigned_at: '2026-01-03T01:00:00.000Z' }), true);
    await moves('an earlier last assignment', load({ day: '2026-01-03', assigned_today: 0, last_assigned_at: '2026-01-03T00:00:00.000Z' }), true);
    await moves('an earlier day', load({ day: '2026-01-02', assigned_today: 0, last_assigned_at: '2026-01-03T00:00:00.000Z' }), true);
    await moves('a count removed', () => t.db.deleteFrom('designer_loads').where('designer_id', '=', a!.id).execute(), true);
    const team = await createTeam(t);
    const rules = { team_id: team, strategy: 'round_robin', skill_by_product: 1, capacity_from_plan: 1, updated_by: a!.id, updated_at: new Date().toISOString() };
    await moves('the rules', () => t.db.insertInto('allocation_rules').values(rules).execute(), true);
    await moves('a password', () => t.db.updateTable('designers').set({ password_hash: 'y' }).where('id', '=', a!.id).execute(), false);
  });
});
