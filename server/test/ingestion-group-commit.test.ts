/**
 * Group commit of single-order ingestion (issue #19, "Writes"): concurrent POST
 * /api/integration/orders calls share one transaction and one commit, each answered after it; an
 * order that fails (at validation, or refused by the database inside the shared transaction) fails
 * its own call only. Then the durability proof: the real server process, killed with SIGKILL
 * during concurrent single-order ingestion, keeps every order it acknowledged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { MESSAGE_TYPE } from '../src/modules/messages/message-types.js';
import { call, CRASH_API_KEY, createCrashDatabase, createWorld, crashServerEnv, harnessUrl } from './support/crash-load.js';
import { dialects, expectEnvelope, PG_URL } from './support/harness.js';
import { exited, type ServerProcess, startServer } from './support/server-process.js';
import { createPerson, createProduct, firstShop, integration, order, REFUSED_PREFIX, refuseOrdersAtInsert, type TicketView, ticketMessages, useTicketApp } from './support/tickets.js';

const ORDERS_URL = '/api/integration/orders';

describe.each(dialects)('group commit of single-order ingestion (%s)', (dialect) => {
  const t = useTicketApp(dialect);
  let shop: number;

  beforeAll(async () => {
    shop = await firstShop(t);
  });

  const stats = () => t.app.tickets.ingestionStats();

  it('concurrent calls share commits: fewer commits than calls, every order stored, assigned and told once', async () => {
    const product = await createProduct(t);
    const people = [await createPerson(t, { products: [product], capacity: 10 }), await createPerson(t, { products: [product], capacity: 10 })];
    const bodies = Array.from({ length: 40 }, () => order(shop, product));
    const before = stats();
    const answers = await Promise.all(bodies.map((b) => integration(t).post(ORDERS_URL, b)));
    const after = stats();
    const datas = answers.map((r) => expectEnvelope<{ created: boolean; ticket: TicketView }>(r, 200).data);

    expect(after.calls - before.calls).toBe(40);
    // The load is observable on the batcher: 40 calls, far fewer commits.
    expect(after.commits - before.commits).toBeLessThan(40);
    expect(after.groups - before.groups).toBeLessThan(40);
    expect(after.largest).toBeGreaterThan(1);

    expect(datas.every((d) => d.created)).toBe(true);
    expect(datas.map((d) => d.ticket.order_no)).toEqual(bodies.map((b) => b.order_no));
    // Capacity 10 each: 20 assigned, 10 to each, the other 20 wait in the hall.
    const assigned = datas.filter((d) => d.ticket.designer_id !== null);
    expect(assigned).toHaveLength(20);
    for (const p of people) expect(assigned.filter((d) => d.ticket.designer_id === p.code)).toHaveLength(10);
    for (const d of datas) {
      const stored = await t.db.selectFrom('tickets').select(['id', 'designer_id']).where('order_no', '=', d.ticket.order_no).execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]!.id).toBe(d.ticket.ticket_id);
      const told = (await ticketMessages(t, d.ticket.ticket_id)).filter((m) => m.message_type === MESSAGE_TYPE.SYSTEM_ASSIGNED);
      expect(told).toHaveLength(d.ticket.designer_id === null ? 0 : 1);
    }
    for (const p of people) {
      const load = await t.db.selectFrom('designer_loads').select('assigned_today').where('designer_id', '=', p.id).executeTakeFirstOrThrow();
      expect(load.assigned_today).toBe(10);
    }
  });

  it('a repeat of an order within one group answers the ticket there is, created once', async () => {
    const product = await createProduct(t);
    await createPerson(t, { products: [product] });
    const body = order(shop, product);
    const others = Array.from({ length: 6 }, () => order(shop, product));
    const answers = await Promise.all([body, ...others, body, body].map((b) => integration(t).post(ORDERS_URL, b)));
    const datas = answers.map((r) => expectEnvelope<{ created: boolean; ticket: TicketView }>(r, 200).data);
    const mine = datas.filter((d) => d.ticket.order_no === body.order_no);
    expect(mine.filter((d) => d.created)).toHaveLength(1);
    expect(new Set(mine.map((d) => d.ticket.ticket_id)).size).toBe(1);
    expect(await t.db.selectFrom('tickets').select('id').where('order_no', '=', body.order_no).execute()).toHaveLength(1);
  });

  it('an order that fails validation fails only its own call', async () => {
    const product = await createProduct(t);
    await createPerson(t, { products: [product] });
    const bodies = Array.from({ length: 12 }, () => order(shop, product));
    bodies[5] = { ...bodies[5]!, product_id: 999_999 };
    const answers = await Promise.all(bodies.map((b) => integration(t).post(ORDERS_URL, b)));
    answers.forEach((r, i) => expect(r.statusCode, `order ${i}`).toBe(i === 5 ? 422 : 200));
    const stored = await t.db.selectFrom('tickets').select('order_no').where('order_no', 'in', bodies.map((b) => b.order_no)).execute();
    expect(new Set(stored.map((r) => r.order_no))).toEqual(new Set(bodies.filter((_, i) => i !== 5).map((b) => b.order_no)));
  });

  it('an order the database refuses inside the shared transaction fails only its own call; the others are committed', async () => {
    const product = await createProduct(t);
    await createPerson(t, { products: [product], capacity: 50 });
    const bad = order(shop, product, { order_no: `${REFUSED_PREFIX}${Date.now()}` });
    const bodies = Array.from({ length: 15 }, () => order(shop, product));
    bodies.splice(7, 0, bad);
    // The database itself refuses this one ticket, as a constraint would.
    const stopRefusing = await refuseOrdersAtInsert(t, dialect);
    try {
      const before = stats();
      const answers = await Promise.all(bodies.map((b) => integration(t).post(ORDERS_URL, b)));
      const after = stats();
      // They were grouped (fewer groups than calls), and the group that held the refused order fell back to one commit per order.
      expect(after.groups - before.groups).toBeLessThan(bodies.length);
      answers.forEach((r, i) => expect(r.statusCode, `order ${i}: ${r.body}`).toBe(i === 7 ? 500 : 200));
      const stored = await t.db.selectFrom('tickets').select(['id', 'order_no']).where('order_no', 'in', bodies.map((b) => b.order_no)).execute();
      expect(stored.map((r) => r.order_no).sort()).toEqual(bodies.filter((b) => b !== bad).map((b) => b.order_no).sort());
      for (const r of stored) expect((await ticketMessages(t, r.id)).filter((m) => m.message_type === MESSAGE_TYPE.SYSTEM_ASSIGNED)).toHaveLength(1);
    } finally {
      await stopRefusing();
    }
  });
});

describe.each(dialects)('group-committed ingestion under kill -9 (%s, real server process)', (dialect) => {
  let server: ServerProcess | undefined;
  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await exited(server.child);
    }
  });

  it('every order acknowledged before the kill is stored, assigned and told, after the restart', { timeout: 240_000 }, async () => {
    const database = await createCrashDatabase(dialect, PG_URL);
    const env = crashServerEnv(database);
    server = await startServer(env);
    const db = openDatabase({ url: harnessUrl(database) });
    try {
      const world = await createWorld(db.db);
      const run = `GC${Date.now().toString(36).toUpperCase()}`;
      const acked = new Set<string>();
      const base = server.base;
      let next = 0;
      let stop = false;
      let noAnswer = 0;
      // 30 upstream connections, one order per call, as fast as the server answers.
      const loops = Array.from({ length: 30 }, async () => {
        while (!stop) {
          const orderNo = `${run}-${next++}`;
          const body = { order_no: orderNo, shop_id: world.shopId, product_id: world.productId, title: '手提袋设计', allowed_minutes: 480, fee_cents: 3000 };
          const a = await call(base, 'POST', ORDERS_URL, { apiKey: CRASH_API_KEY, body, timeoutMs: 20_000 });
          if (a.status === 200) acked.add(orderNo);
          else if (a.status === undefined) noAnswer++;
          else throw new Error(`order ${orderNo}: ${a.status} ${JSON.stringify(a.body)}`);
        }
      });
      const deadline = Date.now() + 120_000;
      while (acked.size < 300 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(acked.size, 'orders acknowledged before the kill').toBeGreaterThanOrEqual(300);
      // kill -9 with calls in flight: no graceful shutdown, no checkpoint.
      stop = true;
      server.child.kill('SIGKILL');
      await exited(server.child);
      await Promise.all(loops);
      const ackedAtKill = [...acked];
      console.log(`${dialect}: ${ackedAtKill.length} orders acknowledged, ${noAnswer} calls cut by the kill`);

      server = await startServer(env);
      const rows = await db.db
        .selectFrom('tickets')
        .select(['id', 'order_no', 'designer_id', 'current_allocation_id', 'created_at'])
        .where('order_no', 'like', `${run}-%`)
        .execute();
      const stored = new Map(rows.map((r) => [r.order_no, r]));
      const lost = ackedAtKill.filter((no) => !stored.has(no));
      expect(lost, 'acknowledged orders missing after the restart').toEqual([]);
      // Every acknowledged order is whole: assigned (everyone is qualified, capacity is unbounded), its allocation open, message 2 written.
      const ids = ackedAtKill.map((no) => stored.get(no)!.id);
      const allocations = await db.db.selectFrom('allocations').select('ticket_id').where('ticket_id', 'in', ids).where('ended_at', 'is', null).execute();
      expect(allocations).toHaveLength(ids.length);
      const told = await db.db
        .selectFrom('messages')
        .select('ext_json')
        .where('message_type', '=', MESSAGE_TYPE.SYSTEM_ASSIGNED)
        .where('designer_id', 'in', world.designers.map((d) => d.id))
        .execute();
      const toldTickets = new Set(told.map((m) => (JSON.parse(m.ext_json) as { info: { ticket_id: number } }).info.ticket_id));
      expect(ids.filter((id) => !toldTickets.has(id))).toEqual([]);
      // The killed server group-committed: orders of one group share their creation time.
      const perInstant = new Map<string, number>();
      for (const r of rows) perInstant.set(r.created_at, (perInstant.get(r.created_at) ?? 0) + 1);
      expect(Math.max(...perInstant.values())).toBeGreaterThan(1);

      server.child.kill('SIGTERM');
      expect((await exited(server.child)).code, server.output()).toBe(0);
    } finally {
      await db.close();
      await database.drop();
    }
  });
});
