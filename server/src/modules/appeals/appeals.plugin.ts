import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAppealService } from './appeal.service.js';
import { type ApplicationService, createApplicationService } from './application.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Final-review and factory-reject applications on tickets and their decisions. */
    applications: ApplicationService;
  }
}

/** Decorates `app.appeals` and `app.applications` (need db and messages). */
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
    app.decorate('applications', createApplicationService({ db: app.db, unitOfWork: app.unitOfWork }));
  },
  { name: 'appeals', dependencies: ['db', 'messages'] },
);
