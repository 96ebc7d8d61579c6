import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { JSON_TYPE } from '../../lib/encoded-answers.js';
import { authErrors, envelope, errorEnvelope, ok, okEmpty, pageOf } from '../../lib/http.js';
import { publicRateLimit } from '../../plugins/rate-limit.js';
import { currentDesigner } from '../auth/index.js';
import {
  createdShareSchema,
  curationInput,
  facetsSchema,
  listQuery,
  publicTemplateSchema,
  shareIdParams,
  shareInput,
  shareSchema,
  shareTokenParams,
  templateDetailSchema,
  templateIdParams,
  templateInput,
  templateItemSchema,
  useInput,
  usedSchema,
} from './template.schemas.js';

const favouriteSchema = z.object({ template_id: z.number().int(), favourite: z.boolean() });

/**
 * The template library (issue #17): browse and search, detail, contribute (create, edit and delete
 * one's own), a lead's curation, favourites, 「用于工单」, share links and the public share page.
 * Every route parses, calls `app.templates` / `app.templateShares` and answers; who may do what is
 * the services' rule.
 */
export default async function templateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secured = { onRequest: app.authenticate };
  const doc = (summary: string, description: string) => ({ tags: ['templates'], summary, description, security: [{ bearer: [] }] });
  const who = 'Visible: the caller’s own templates, their team’s published ones, and for a lead also the team’s private ones; any other → 404 「模板不存在」.';
  const readErrors = { 404: errorEnvelope, ...authErrors };
  const changeErrors = { 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, ...authErrors };

  r.get(
    '/templates',
    {
      ...secured,
      schema: {
        ...doc(
          'The template library: filter, search, sort, page',
          `${who} Filters: category, product, tags (all must match), source file type, scope (mine / team / favourites), status. ` +
            'Search (q) matches titles and tags, partial words included, through the gram index (see the module README). Featured first, then newest or most used.',
        ),
        querystring: listQuery,
        response: { 200: envelope(pageOf(templateItemSchema)), ...authErrors },
      },
    },
    // The service writes the answer's text itself (template.service.ts `pageText`, from kept cards);
    // templates.test.ts holds it to the schema. Fastify serializes no string of a JSON content type.
    async (req, reply) => reply.type(JSON_TYPE).send((await app.templates.list(currentDesigner(req), req.query)) as never),
  );

  r.get(
    '/templates/facets',
    {
      ...secured,
      schema: { ...doc('What the library’s filters offer', 'Categories, products, source file types, and the 30 most used tags of what the caller may see.'), response: { 200: envelope(facetsSchema), ...authErrors } },
    },
    async (req) => ok(await app.templates.facets(currentDesigner(req)), '获取成功'),
  );

  r.post(
    '/templates',
    {
      ...secured,
      schema: {
        ...doc(
          'Upload a template',
          'Any designer. Previews and source files are object keys the caller uploaded with source=template (others’ keys → 422). Each preview is read from the store: not an image → 422 on its field; ' +
            'its thumbnail (480 px wide WebP) is made here. A missing file → 422. The template is private until a lead of the caller’s team publishes it.',
        ),
        body: templateInput,
        response: { 200: envelope(templateDetailSchema), ...authErrors },
      },
    },
    async (req) => ok(await app.templates.create(currentDesigner(req), req.body), '上传成功'),
  );

  r.get(
    '/templates/:id',
    {
      ...secured,
      schema: {
        ...doc('A template', `${who} Previews with signed URLs and thumbnails, source files with type and size, owner, products, use count, related templates.`),
        params: templateIdParams,
        response: { 200: envelope(templateDetailSchema), ...readErrors },
      },
    },
    async (req) => ok(await app.templates.detail(currentDesigner(req), req.params.id), '获取成功'),
  );

  r.put(
    '/templates/:id',
    {
      ...secured,
      schema: {
        ...doc('Edit my template', 'Its owner only (403 for another’s the caller may see, 404 for one they may not). Replaces its content; previews already on it keep their thumbnails. Status and featured stay.'),
        params: templateIdParams,
        body: templateInput,
        response: { 200: envelope(templateDetailSchema), ...changeErrors },
      },
    },
    async (req) => ok(await app.templates.edit(currentDesigner(req), req.params.id, req.body), '保存成功'),
  );

  r.post(
    '/templates/:id/delete',
    {
      ...secured,
      schema: {
        ...doc('Delete my template', 'Its owner only: nobody, a lead included, deletes another’s (403). Its favourites and share links go with it.'),
        params: templateIdParams,
        response: { 200: okEmpty, ...changeErrors },
      },
    },
    async (req) => {
      await app.templates.remove(currentDesigner(req), req.params.id);
      return ok(null, '删除成功');
    },
  );

  r.post(
    '/templates/:id/curation',
    {
      ...secured,
      schema: {
        ...doc('Curate a template (leads)', 'A lead of the template’s team: publish or unpublish it, feature it on top, set its category and products. Others who may see it → 403.'),
        params: templateIdParams,
        body: curationInput,
        response: { 200: envelope(templateDetailSchema), ...changeErrors },
      },
    },
    async (req) => ok(await app.templates.curate(currentDesigner(req), req.params.id, req.body), '保存成功'),
  );

  for (const [path, on] of [
    ['/templates/:id/favourite', true],
    ['/templates/:id/unfavourite', false],
  ] as const) {
    r.post(
      path,
      {
        ...secured,
        schema: {
          ...doc(on ? 'Star a template' : 'Unstar a template', `${who} Idempotent; the list’s scope=favourites shows the caller’s stars.`),
          params: templateIdParams,
          response: { 200: envelope(favouriteSchema), ...readErrors },
        },
      },
      async (req) => ok(await app.templates.favourite(currentDesigner(req), req.params.id, on), on ? '已收藏' : '已取消收藏'),
    );
  }

  r.post(
    '/templates/:id/use',
    {
      ...secured,
      schema: {
        ...doc(
          'Use a template for a ticket (用于工单 / 从模板开始)',
          `${who} The ticket’s current designer only (another’s ticket → 404, the lead → 403, a closed one → 409). The template’s source files are copied in the object store ` +
            'to new keys under the caller’s draft area (draft/<designer_id>/<yyyymmdd>/<nonce>/<name>), ready to submit as a draft; the use is counted.',
        ),
        params: templateIdParams,
        body: useInput,
        response: { 200: envelope(usedSchema), ...changeErrors },
      },
    },
    async (req) => ok(await app.templates.use(currentDesigner(req), req.params.id, req.body.ticket_id), '已添加到草稿'),
  );

  r.get(
    '/templates/:id/shares',
    {
      ...secured,
      schema: {
        ...doc('The template’s share links', 'Its owner or a lead of its team (others who may see it → 403). Newest first, with their state; tokens are not shown again.'),
        params: templateIdParams,
        response: { 200: envelope(z.array(shareSchema)), ...changeErrors },
      },
    },
    async (req) => ok(await app.templateShares.list(currentDesigner(req), req.params.id), '获取成功'),
  );

  r.post(
    '/templates/:id/shares',
    {
      ...secured,
      schema: {
        ...doc('Create a share link', 'Its owner or a lead of its team. Expiry 1, 7, 30 days or never; allow_download lists the source files on the public page. The token is in this answer only.'),
        params: templateIdParams,
        body: shareInput,
        response: { 200: envelope(createdShareSchema), ...changeErrors },
      },
    },
    async (req) => ok(await app.templateShares.create(currentDesigner(req), req.params.id, req.body), '分享链接已生成'),
  );

  r.post(
    '/template-shares/:id/revoke',
    {
      ...secured,
      schema: {
        ...doc('Revoke a share link', 'The template’s owner or a lead of its team; from then on the link answers 410 「分享链接已被撤销」.'),
        params: shareIdParams,
        response: { 200: envelope(shareSchema), ...changeErrors },
      },
    },
    async (req) => ok(await app.templateShares.revoke(currentDesigner(req), req.params.id), '分享链接已撤销'),
  );

  r.get(
    '/template-share/:token',
    {
      onRequest: publicRateLimit(app),
      schema: {
        tags: ['templates'],
        summary: 'Public: the template behind a share link',
        description:
          'No login. Title, category, description, tags and previews (signed URLs valid 15 minutes); the source files only when the link allows download. Nothing of any other template, nothing about people. ' +
          'Unknown token → 404 「分享链接不存在」; expired → 410 「分享链接已过期」; revoked → 410 「分享链接已被撤销」.',
        params: shareTokenParams,
        response: { 200: envelope(publicTemplateSchema), 404: errorEnvelope, 410: errorEnvelope, 422: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (req) => ok(await app.templateShares.open(req.params.token), '获取成功'),
  );
}
