import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { objectReadUrl } from '../files/index.js';
import { registerSimulator } from './simulator.js';
import { createTicketService } from './ticket.service.js';

/** Decorates `app.tickets` (needs db and messages) and runs the demo simulator when configured. */
export default fp(
  async function ticketsPlugin(app: FastifyInstance) {
    app.decorate(
      'tickets',
      createTicketService({
        db: app.db,
        dialect: app.dialect,
        messages: app.messages,
        unitOfWork: app.unitOfWork,
        settlementPeriod: app.config.settlementPeriod,
        readUrl: (keyOrUrl) => objectReadUrl(app.config.oss, keyOrUrl),
      }),
    );
    registerSimulator(app, app.config.simulatorRatePerMin);
  },
  { name: 'tickets', dependencies: ['db', 'messages'] },
);
