import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors, envelope, ok } from '../../lib/http.js';
import { nowIso } from '../../lib/time.js';
import { REGISTRATION_COMPLETE_STEP } from '../../domain/designers.js';
import { DICTS } from './dicts.js';
import { type MenuItem, menuFor, RELEASED_PATHS } from './menu.js';

const menuItemBase = z.object({
  id: z.number().int(),
  parentId: z.number().int(),
  path: z.string(),
  component: z.string(),
  redirect: z.string(),
  type: z.enum(['M', 'C']),
  title: z.string(),
  icon: z.string(),
  keepAlive: z.boolean(),
  hidden: z.boolean(),
  sort: z.number(),
  activeMenu: z.string(),
  breadcrumb: z.boolean(),
  status: z.number().int(),
  roles: z.array(z.string()),
  showInTabs: z.boolean(),
  alwaysShow: z.boolean(),
  affix: z.boolean(),
});
const menuItemSchema: z.ZodType<MenuItem> = menuItemBase
  .extend({ get children() { return z.array(menuItemSchema).optional(); } })
  .meta({ id: 'MenuItem' }) as unknown as z.ZodType<MenuItem>;

const dictSchema = z
  .object({
    code: z.string(),
    items: z.array(z.object({ name: z.string(), value: z.string(), color: z.string().optional() })),
  })
  .meta({ id: 'DictEntry' });

export default async function systemRoutes(app: FastifyInstance, opts: { released?: ReadonlySet<string> }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const released = opts.released ?? RELEASED_PATHS;

  r.get(
    '/system/config',
    {
      schema: {
        tags: ['system'],
        summary: 'Public client configuration: constants and where the messaging broker is',
        response: {
          200: envelope(
            z.object({
              app_name: z.string(),
              registration_complete_step: z.number().int(),
              available_products_page_size: z.number().int(),
              mqtt: z.object({
                url: z.string().nullable().describe('Broker websocket URL; null: ws(s)://<this host>/mqtt'),
                path: z.string(),
                keepalive_seconds: z.number().int(),
                reconnect_ms: z.number().int(),
              }),
              server_time: z.string(),
            }),
          ),
        },
      },
    },
    async () =>
      ok(
        {
          app_name: '设计师工作台',
          registration_complete_step: REGISTRATION_COMPLETE_STEP,
          available_products_page_size: 99,
          mqtt: { url: app.config.mqttPublicUrl ?? null, path: '/mqtt', keepalive_seconds: 40, reconnect_ms: 5000 },
          server_time: nowIso(),
        },
        '获取成功',
      ),
  );

  r.get(
    '/system/menus',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['system'],
        summary: 'The menu/route tree for the signed-in designer type, sorted as in spec §2',
        security: [{ bearer: [] }],
        response: { 200: envelope(z.array(menuItemSchema)), ...authErrors },
      },
    },
    async (req) => ok(menuFor(req.auth!.designer.designer_type, released), '获取成功'),
  );

  r.get(
    '/system/dicts',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['system'],
        summary: 'Dictionaries by code (comma-separated `codes`; all when omitted), e.g. ticket_status',
        security: [{ bearer: [] }],
        querystring: z.object({ codes: z.string().max(200).optional() }),
        response: { 200: envelope(z.array(dictSchema)), ...authErrors },
      },
    },
    async (req) => {
      const wanted = req.query.codes?.split(',').map((c) => c.trim()).filter(Boolean);
      return ok(wanted?.length ? DICTS.filter((d) => wanted.includes(d.code)) : DICTS, '获取成功');
    },
  );
}
