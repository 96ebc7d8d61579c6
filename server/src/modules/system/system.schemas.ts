/** Wire schemas of the system calls (zod; also the OpenAPI document). */
import { z } from 'zod';
import type { MenuItem } from './menu.js';

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
export const menuItemSchema: z.ZodType<MenuItem> = menuItemBase
  .extend({ get children() { return z.array(menuItemSchema).optional(); } })
  .meta({ id: 'MenuItem' }) as unknown as z.ZodType<MenuItem>;

export const dictSchema = z
  .object({
    code: z.string(),
    items: z.array(z.object({ name: z.string(), value: z.string(), color: z.string().optional() })),
  })
  .meta({ id: 'DictEntry' });

export const dictsQuery = z.object({ codes: z.string().max(200).optional() });

export const clientConfigSchema = z.object({
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
});

/** GET /system/ready: bare JSON for load balancers (not the envelope). */
export const readinessSchema = z.object({
  ready: z.boolean(),
  database: z.boolean(),
  broker: z.boolean(),
  draining: z.boolean(),
});
