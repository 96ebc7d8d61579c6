import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createShareService, type ShareService } from './share.service.js';
import { createTemplateService, type TemplateService } from './template.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The template library: list, detail, contribute, curate, favourites, use for a ticket. */
    templates: TemplateService;
    /** Share links of templates and the public page they open. */
    templateShares: ShareService;
  }
}

/** Decorates `app.templates` and `app.templateShares` (needs db and messages' unit of work). */
export default fp(
  async function templatesPlugin(app: FastifyInstance) {
    const deps = { db: app.db, unitOfWork: app.unitOfWork, oss: app.config.oss };
    app.decorate('templates', createTemplateService(deps));
    app.decorate('templateShares', createShareService(deps));
  },
  { name: 'templates', dependencies: ['db', 'messages'] },
);
