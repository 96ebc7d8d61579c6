import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors, envelope, errorEnvelope, ok } from '../../lib/http.js';
import { enforceRateLimit, waitText } from '../../plugins/rate-limit.js';
import { currentDesigner } from '../auth/index.js';
import { createDailyPanelService } from './daily-panel.service.js';
import { dailyPanelQuery, dailyPanelSchema, idParams, issuedPanelKeySchema, panelKeySchema } from './team.schemas.js';
import { publicRateLimit } from '../../plugins/rate-limit.js';

/** Public daily-panel calls per IP per minute (a TV refreshes every 30 s). */
const PANEL_RATE = { limit: 60, windowSeconds: 60 };

/** Daily-panel keys a lead issues, and the public panel they open (spec §2 /order-daily-panel). */
export default async function dailyPanelRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const doc = (summary: string) => ({ tags: ['teams'], summary, security: [{ bearer: [] }] });
  const secured = { onRequest: app.authenticate };
  const errors = { ...authErrors, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };
  const panels = createDailyPanelService({ db: app.db });

  r.post(
    '/teams/panel-keys',
    {
      ...secured,
      schema: {
        ...doc('Issue a daily-panel key for my team (leads only); the key is shown once, only its hash is stored'),
        response: { 200: envelope(issuedPanelKeySchema), ...errors },
      },
    },
    async (req) => ok(await panels.issueKey(currentDesigner(req)), '大屏密钥已生成，请立即复制保存'),
  );

  r.get(
    '/teams/panel-keys',
    { ...secured, schema: { ...doc("My team's daily-panel keys (hints only; leads only)"), response: { 200: envelope(z.array(panelKeySchema)), ...errors } } },
    async (req) => ok(await panels.listKeys(currentDesigner(req))),
  );

  r.post(
    '/teams/panel-keys/:id/revoke',
    {
      ...secured,
      schema: { ...doc("Revoke one of my team's daily-panel keys (leads only; another team's key is 404)"), params: idParams, response: { 200: envelope(z.null()), ...errors } },
    },
    async (req) => {
      await panels.revokeKey(currentDesigner(req), req.params.id);
      return ok(null, '大屏密钥已撤销');
    },
  );

  r.get(
    '/daily-panel',
    {
      onRequest: publicRateLimit(app),
      schema: {
        tags: ['teams'],
        summary:
          "Public: today's (Asia/Shanghai) figures of the key's team — received, in progress (open now), completed today, overdue now — and received per hour. 403 with a Chinese message for an unknown or revoked key (not 401: the caller has no session to lose).",
        querystring: dailyPanelQuery,
        response: {
          200: envelope(dailyPanelSchema),
          403: errorEnvelope,
          429: errorEnvelope,
        },
      },
    },
    async (req) => {
      // Counted before the key is checked, so guessing keys is limited too.
      await enforceRateLimit(app.db, `panel:ip:${req.ip}`, PANEL_RATE, (s) => `请求过于频繁，请${waitText(s)}后再试`);
      return ok(await panels.panel(req.query.key));
    },
  );
}
