import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors, envelope, errorEnvelope, idSchema, ok, okEmpty } from '../../lib/http.js';
import { currentDesigner } from '../auth/index.js';
import { ticketIdParams } from '../tickets/index.js';
import { commentIdParams, commentInput, commentSchema, type SubjectType, threadSchema } from './comment.schemas.js';

const appealIdParams = z.object({ id: idSchema('申诉编号不正确') });

/**
 * The comment threads of tickets and appeals (issue #24): read (which marks the thread read), post,
 * edit one's own within 5 minutes, delete one's own. Every route parses, calls `app.comments` and
 * answers; who may do what is the service's rule.
 */
export default async function commentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secured = { onRequest: app.authenticate };
  const doc = (summary: string, description: string) => ({ tags: ['comments'], summary, description, security: [{ bearer: [] }] });
  const who = {
    ticket: 'the ticket’s designer and the leads of its team (others: 404 as for the ticket)',
    appeal: 'the appellant and the leads of the appeal’s team (others: 404 as for the appeal)',
  };
  const changeResponse = { 200: envelope(commentSchema), 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, ...authErrors };

  for (const [type, path, params] of [
    ['ticket', '/tickets/:id/comments', ticketIdParams],
    ['appeal', '/appeals/:id/comments', appealIdParams],
  ] as const) {
    const subject: SubjectType = type;
    r.get(
      path,
      {
        ...secured,
        schema: {
          ...doc(
            `The ${type}’s comment thread`,
            `Oldest first, with who may be @mentioned. For ${who[type]}. Reading the thread marks it read for the caller (the unread count of a ticket row drops to 0).`,
          ),
          params,
          response: { 200: envelope(threadSchema), 404: errorEnvelope, ...authErrors },
        },
      },
      async (req) => ok(await app.comments.thread(currentDesigner(req), subject, req.params.id), '获取成功'),
    );

    r.post(
      path,
      {
        ...secured,
        schema: {
          ...doc(
            `Comment on the ${type}`,
            `For ${who[type]}. Text (≤ 2000 characters, trimmed) and/or up to 9 files uploaded with source=comment; @mentions only of people in the thread (422 otherwise). ` +
              `The mentioned get message ${type === 'ticket' ? 36 : 37}, the other participants ${type === 'ticket' ? 38 : 39}.`,
          ),
          params,
          body: commentInput,
          response: { 200: envelope(commentSchema), 404: errorEnvelope, ...authErrors },
        },
      },
      async (req) => ok(await app.comments.add(currentDesigner(req), subject, req.params.id, req.body), '评论成功'),
    );
  }

  r.put(
    '/comments/:id',
    {
      ...secured,
      schema: {
        ...doc(
          'Edit my comment',
          'Its author only (403 for others’), within 5 minutes of posting (409 after). Replaces text, files and mentions; newly mentioned people get message 36/37.',
        ),
        params: commentIdParams,
        body: commentInput,
        response: changeResponse,
      },
    },
    async (req) => ok(await app.comments.edit(currentDesigner(req), req.params.id, req.body), '修改成功'),
  );

  r.post(
    '/comments/:id/delete',
    {
      ...secured,
      schema: {
        ...doc('Delete my comment', 'Its author only: nobody, a team lead included, deletes another’s comment (403).'),
        params: commentIdParams,
        response: { 200: okEmpty, 403: errorEnvelope, 404: errorEnvelope, ...authErrors },
      },
    },
    async (req) => {
      await app.comments.remove(currentDesigner(req), req.params.id);
      return ok(null, '删除成功');
    },
  );
}
