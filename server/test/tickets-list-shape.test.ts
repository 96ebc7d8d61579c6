/**
 * The my-tickets list writes its 200 body with a plain JSON.stringify instead of the zod serializer
 * (ticket.routes.ts, for speed: bench/tickets). That is only right while every item is exactly the
 * TicketListItem schema (TicketItem and unread_comments), no field more or less: these tests hold the list to it, for a designer, a
 * lead's team and the pool, and check the text is what the zod serializer would have written.
 */
import { describe, expect, it } from 'vitest';
import { envelope, pageOf } from '../src/lib/http.js';
import { ticketListItemSchema } from '../src/modules/tickets/ticket.schemas.js';
import { dialects, expectFieldErrors } from './support/harness.js';
import { createPerson, createProduct, createTeam, firstShop, ingest, order, useTicketApp } from './support/tickets.js';

const pageSchema = envelope(pageOf(ticketListItemSchema));

describe.each(dialects)('tickets list shape (%s)', (dialect) => {
  const t = useTicketApp(dialect);

  it('writes every item exactly as the TicketListItem schema: assigned, unassigned, with markers, of a team', async () => {
    const shop = await firstShop(t);
    const product = await createProduct(t);
    const nobodysProduct = await createProduct(t);
    const teamId = await createTeam(t);
    const lead = await createPerson(t, { type: 0, teamId, online: 0 });
    const designer = await createPerson(t, { type: 1, teamId, products: [product] });
    await ingest(t, order(shop, product, { order_markers: 'URGENT,OLD_CUS' }));
    await ingest(t, order(shop, product, { team_id: teamId }));
    const pooled = await ingest(t, order(shop, nobodysProduct));
    expect(pooled.ticket.designer_id).toBeNull();

    for (const [who, url] of [
      [designer, '/api/tickets?page=1&pageSize=20'],
      [lead, '/api/tickets?sort_by=updated_at&sort_order=asc'],
      [lead, '/api/tickets?scope=pool&pageSize=100'],
    ] as const) {
      const res = await who.client.get(url);
      expect(res.statusCode, url).toBe(200);
      const body = res.json() as { data: { items: unknown[] } };
      expect(body.data.items.length, url).toBeGreaterThan(0);
      for (const item of body.data.items) expect(() => ticketListItemSchema.strict().parse(item)).not.toThrow();
      expect(res.body).toBe(JSON.stringify(pageSchema.encode(body as never)));
    }
  });

  it('keeps the zod serializer for the other statuses: a bad query is 422 with its field', async () => {
    const designer = await createPerson(t, { type: 1 });
    expectFieldErrors(await designer.client.get('/api/tickets?pageSize=1000'), [['pageSize']]);
  });
});
