import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { objectReadUrl } from '../files/index.js';
import { createCommentService } from './comment.service.js';

/** Decorates `app.comments` (needs db and messages). */
export default fp(
  async function commentsPlugin(app: FastifyInstance) {
    app.decorate('comments', createCommentService({ db: app.db, unitOfWork: app.unitOfWork, readUrl: (key) => objectReadUrl(app.config.oss, key) }));
  },
  { name: 'comments', dependencies: ['db', 'messages'] },
);
