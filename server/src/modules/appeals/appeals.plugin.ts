import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAppealService } from './appeal.service.js';

/** Decorates `app.appeals` (needs db and messages). */
export default fp(
  async function appealsPlugin(app: FastifyInstance) {
    app.decorate(
      'appeals',
      createAppealService({
        db: app.db,
        unitOfWork: app.unitOfWork,
        appealWindowDays: app.config.appealWindowDays,
        settlementPeriod: app.config.settlementPeriod,
      }),
    );
  },
  { name: 'appeals', dependencies: ['db', 'messages'] },
);
