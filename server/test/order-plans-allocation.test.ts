/**
 * Allocation honours the order plan: the cell of (designer, today Asia/Shanghai) replaces
 * daily_capacity for system assignment and hall grabs; without a cell daily_capacity applies.
 */
import { CompiledQuery } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { nowMs } from '../src/lib/time.js';
import { dialects, expectEnvelope, type TestApp } from './support/harness.js';
import { createPerson, createProduct, createTeam, expectConflict, firstShop, ingest, order, useTicketApp } from './support/tickets.js';
import { weekStartOf, shanghaiDay } from '../src/domain/calendar.js';
import { candidateQuery } from '../src/modules/tickets/allocation.repository.js';

describe.each(dialects)('order plan capacity in allocation (%s)', (dialect) => {
  const t = useTicketApp(dialect);
  let shop: number;

  beforeAll(async () => {
    shop = await firstShop(t);
  });

  async function planCell(app: TestApp, teamId: number, designerId: number, capacity: number, day = shanghaiDay(nowMs())) {
    const week = weekStartOf(day);
    const now = new Date().toISOString();
    let plan = await app.db.selectFrom('order_plans').select('id').where('team_id', '=', teamId).where('week_start', '=', week).executeTakeFirst();
    plan ??= await app.db.insertInto('order_plans').values({ team_id: teamId, week_start: week, created_by: null, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    await app.db.insertInto('order_plan_cells').values({ plan_id: plan.id, designer_id: designerId, day, capacity }).execute();
  }

  it('a plan cell of 1 caps a designer at one system-assigned ticket today although daily_capacity is 5', async () => {
    const product = await createProduct(t);
    const team = await createTeam(t);
    const capped = await createPerson(t, { teamId: team, products: [product], capacity: 5 });
    await planCell(t, team, capped.id, 1);
    const first = await ingest(t, order(shop, product, { team_id: team }));
    expect(first.ticket.designer_id).toBe(capped.code);
    const second = await ingest(t, order(shop, product, { team_id: team }));
    expect(second.ticket.designer_id).toBeNull();
    const load = await t.db.selectFrom('designer_loads').select('assigned_today').where('designer_id', '=', capped.id).executeTakeFirstOrThrow();
    expect(load.assigned_today).toBe(1);
  });

  it('without a cell daily_capacity applies; a cell above it raises the cap; a cell of 0 takes the designer out', async () => {
    const product = await createProduct(t);
    const team = await createTeam(t);
    const plain = await createPerson(t, { teamId: team, products: [product], capacity: 1 });
    const raised = await createPerson(t, { teamId: team, products: [product], capacity: 1 });
    const off = await createPerson(t, { teamId: team, products: [product], capacity: 10 });
    await planCell(t, team, raised.id, 3);
    await planCell(t, team, off.id, 0);
    const got: (string | null)[] = [];
    for (let i = 0; i < 5; i++) got.push((await ingest(t, order(shop, product, { team_id: team }))).ticket.designer_id);
    expect(got).toEqual([plain.code, raised.code, raised.code, raised.code, null]);
    expect(got).not.toContain(off.code);
  });

  it("a cell of another team's plan does not apply", async () => {
    const product = await createProduct(t);
    const team = await createTeam(t);
    const other = await createTeam(t);
    const d = await createPerson(t, { teamId: team, products: [product], capacity: 2 });
    await planCell(t, other, d.id, 0);
    expect((await ingest(t, order(shop, product, { team_id: team }))).ticket.designer_id).toBe(d.code);
  });

  it("cells of other days, of the same plan and of other weeks' plans, do not apply today", async () => {
    const product = await createProduct(t);
    const team = await createTeam(t);
    const d = await createPerson(t, { teamId: team, products: [product], capacity: 1 });
    const today = shanghaiDay(nowMs());
    const dayAt = (offset: number) => shanghaiDay(Date.parse(`${today}T04:00:00.000Z`) + offset * 86_400_000);
    for (const offset of [-8, -1, 1, 8]) await planCell(t, team, d.id, 5, dayAt(offset));
    const got = [];
    for (let i = 0; i < 2; i++) got.push((await ingest(t, order(shop, product, { team_id: team }))).ticket.designer_id);
    // daily_capacity (1) applies today: the cells of 5 on other days leave it alone.
    expect(got).toEqual([d.code, null]);
  });

  it.runIf(dialect === 'sqlite')('the ranking finds each candidate\'s cell through its index, not by reading every plan cell', async () => {
    const product = await createProduct(t);
    const team = await createTeam(t);
    const day = shanghaiDay(nowMs());
    for (const teamId of [team, null]) {
      const query = candidateQuery(t.db, [product], teamId, day).compile();
      const plan = await t.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
      const steps = plan.rows.map((r) => r.detail);
      expect(steps).toContain('SEARCH cell USING COVERING INDEX order_plan_cells_designer_day_idx (designer_id=? AND day=?) LEFT-JOIN');
      // No step reads the plan cells whole (a SCAN of them, or a table of them built per query).
      expect(steps.filter((step) => /order_plan_cells|\bcell\b|\bpc\b/.test(step) && /SCAN|MATERIALIZE|AUTOMATIC/.test(step))).toEqual([]);
    }
  });

  it('a hall grab stops at the plan cell and says so', async () => {
    const product = await createProduct(t);
    const team = await createTeam(t);
    const partTimer = await createPerson(t, { type: 2, teamId: team, products: [product], capacity: 5 });
    await planCell(t, team, partTimer.id, 1);
    const a = await ingest(t, order(shop, product, { team_id: team }));
    const b = await ingest(t, order(shop, product, { team_id: team }));
    expect(a.ticket.designer_id).toBeNull();
    expectEnvelope(await partTimer.client.post(`/api/order-hall/tickets/${a.ticket.ticket_id}/grab`), 200);
    expectConflict(await partTimer.client.post(`/api/order-hall/tickets/${b.ticket.ticket_id}/grab`), '今日领取已达上限（1单）');
  });
});
