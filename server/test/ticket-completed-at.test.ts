/**
 * `tickets.completed_at` (migration 20261207T1000): the time of a ticket's latest completion
 * notice, from which the team board counts completions. Existing tickets take it from their
 * notices when the migration runs; a ticket completed again after a factory rejection counts once,
 * on the day of its latest notice.
 */
import { describe, expect, it } from 'vitest';
import { down, up } from '../src/db/migrations/20261207T1000_ticket_completed_at.js';
import { dialects, expectEnvelope } from './support/harness.js';
import { createPerson, createProduct, createTeam, firstShop, freshOrderNo, useTicketApp } from './support/tickets.js';

const sh = (day: string, time: string) => new Date(`${day}T${time}:00+08:00`).toISOString();

describe.each(dialects)('tickets.completed_at (%s)', (dialect) => {
  const t = useTicketApp(dialect);

  it('the migration stamps completed tickets from their latest notice; the board counts such a ticket once, on that day', async () => {
    const [shop, product, team] = await Promise.all([firstShop(t), createProduct(t), createTeam(t)]);
    const lead = await createPerson(t, { type: 0, teamId: team, name: '完成时间组长' });
    const designer = await createPerson(t, { teamId: team, name: '完成时间设计师' });
    const ticket = (status: string, stage: string) =>
      t.db
        .insertInto('tickets')
        .values({
          order_no: freshOrderNo(),
          shop_id: shop,
          product_id: product,
          title: '完成时间工单',
          status,
          stage,
          allowed_minutes: 480,
          started_at: sh('2026-09-07', '08:00'),
          due_at: sh('2026-09-07', '16:00'),
          fee_cents: 500,
          team_id: team,
          designer_id: designer.id,
          current_allocation_id: null,
          created_at: sh('2026-09-07', '08:00'),
          updated_at: sh('2026-09-08', '11:00'),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const twice = (await ticket('4', 'done')).id;
    const open = (await ticket('0', 'waiting')).id;

    // The schema as it was before the migration: notices only.
    await down(t.db);
    const notice = (ticketId: number, type: string, at: string) =>
      t.db.insertInto('ticket_events').values({ ticket_id: ticketId, type, actor_kind: 'upstream', actor_id: null, detail: '{}', created_at: at }).execute();
    await notice(twice, 'completed', sh('2026-09-07', '10:00'));
    await notice(twice, 'factory_rejected', sh('2026-09-07', '20:00'));
    await notice(twice, 'completed', sh('2026-09-08', '11:00'));
    await up(t.db);

    const rows = await t.db.selectFrom('tickets').select(['id', 'completed_at']).where('id', 'in', [twice, open]).orderBy('id').execute();
    expect(rows).toEqual([
      { id: twice, completed_at: sh('2026-09-08', '11:00') },
      { id: open, completed_at: null },
    ]);

    const board = expectEnvelope<{ totals: { completed: number }; by_day: { day: string; completed: number }[] }>(
      await lead.client.get('/api/team/board?from=2026-09-07&to=2026-09-08'),
      200,
    ).data;
    expect(board.totals.completed).toBe(1);
    expect(board.by_day.map((d) => [d.day, d.completed])).toEqual([
      ['2026-09-07', 0],
      ['2026-09-08', 1],
    ]);
  });
});
