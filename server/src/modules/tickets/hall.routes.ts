import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/errors.js';
import { authErrors, envelope, errorEnvelope, ok, pageOf, pageQuery } from '../../lib/http.js';
import { currentDesigner } from '../auth/index.js';
import { ticketIdParams, ticketItemSchema } from './ticket.schemas.js';

/** The order hall (spec §2 /order-hall/index): part-time designers (types 2 and 3) only. */
export default async function hallRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const doc = (summary: string, description: string) => ({ tags: ['order-hall'], summary, description, security: [{ bearer: [] }] });
  const partTimeOnly = async (req: Parameters<typeof currentDesigner>[0]) => {
    const me = currentDesigner(req);
    if (me.designer_type !== 2 && me.designer_type !== 3) throw forbidden('接单大厅仅对兼职设计师开放');
  };
  const secured = { onRequest: app.authenticate, preHandler: partTimeOnly };

  r.get(
    '/order-hall/tickets',
    {
      ...secured,
      schema: {
        ...doc('Unassigned tickets I may grab, oldest first', 'Open tickets without a designer, of products I am qualified for, of my team or of no team.'),
        querystring: pageQuery,
        response: { 200: envelope(pageOf(ticketItemSchema)), 403: errorEnvelope, ...authErrors },
      },
    },
    async (req) => {
      const { page, pageSize } = req.query;
      const { items, total } = await app.tickets.hall(currentDesigner(req), page, pageSize);
      return ok({ items, total, page, pageSize }, '获取成功');
    },
  );

  r.post(
    '/order-hall/tickets/:id/grab',
    {
      ...secured,
      schema: {
        ...doc(
          'Grab a ticket: of simultaneous grabs exactly one wins',
          'The others get 409 「该工单已被领取」 and nothing changes for them. Counts against my daily capacity (409 when full).',
        ),
        params: ticketIdParams,
        response: { 200: envelope(ticketItemSchema), 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, ...authErrors },
      },
    },
    async (req) => ok(await app.tickets.grab(currentDesigner(req), req.params.id), '领取成功'),
  );
}
