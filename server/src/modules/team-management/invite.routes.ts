import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors, envelope, errorEnvelope, ok } from '../../lib/http.js';
import { enforceRateLimit, waitText } from '../../plugins/rate-limit.js';
import { currentDesigner } from '../auth/index.js';
import { createTeamInviteService } from './team-invite.service.js';
import { codeParams, idParams, inviteCreateBody, inviteJoinSchema, inviteLookupSchema, inviteSchema } from './team.schemas.js';
import { publicRateLimit } from '../../plugins/rate-limit.js';

/** Public invite-link lookups per IP per minute. */
const INVITE_LOOKUP_RATE = { limit: 60, windowSeconds: 60 };

/** Team invite links (issue 6 "Teams", spec §2 /team-invite): a lead manages them, a designer joins through one. */
export default async function inviteRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const doc = (summary: string) => ({ tags: ['teams'], summary, security: [{ bearer: [] }] });
  const secured = { onRequest: app.authenticate };
  const errors = { ...authErrors, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };
  const invites = createTeamInviteService({ db: app.db, unitOfWork: app.unitOfWork });

  r.post(
    '/teams/invites',
    {
      ...secured,
      schema: {
        ...doc('Create an invite link to my team (leads only): valid for expires_in_hours, at most max_uses joins'),
        body: inviteCreateBody,
        response: { 200: envelope(inviteSchema), ...errors },
      },
    },
    async (req) => ok(await invites.create(currentDesigner(req), req.body), '邀请链接已生成'),
  );

  r.get(
    '/teams/invites',
    { ...secured, schema: { ...doc("My team's invite links, newest first, with who joined through each (leads only)"), response: { 200: envelope(z.array(inviteSchema)), ...errors } } },
    async (req) => ok(await invites.list(currentDesigner(req))),
  );

  r.post(
    '/teams/invites/:id/revoke',
    {
      ...secured,
      schema: { ...doc("Revoke one of my team's invite links (leads only; another team's link is 404)"), params: idParams, response: { 200: envelope(z.null()), ...errors } },
    },
    async (req) => {
      await invites.revoke(currentDesigner(req), req.params.id);
      return ok(null, '邀请链接已撤销');
    },
  );

  r.get(
    '/teams/invites/:code',
    {
      onRequest: [publicRateLimit(app), app.identify],
      schema: {
        tags: ['teams'],
        summary: 'Public: the team behind an invite code (team name, lead name) and whether it can still be used',
        description: 'With a live token the answer also says whether the visitor is already in that team or in another (`viewer_membership`), so the page offers to join only when joining can work.',
        params: codeParams,
        response: {
          200: envelope(inviteLookupSchema),
          404: errorEnvelope,
          429: errorEnvelope,
        },
      },
    },
    async (req) => {
      await enforceRateLimit(app.db, `invite:ip:${req.ip}`, INVITE_LOOKUP_RATE, (s) => `请求过于频繁，请${waitText(s)}后再试`);
      return ok(await invites.lookup(req.params.code, req.auth?.designer ?? null));
    },
  );

  r.post(
    '/teams/invites/:code/join',
    {
      ...secured,
      schema: {
        ...doc(
          'Join the team of an invite link. 422 when expired, used up or revoked; 409 when already in that team, or already in another team (refused: leaving a team goes through its lead, nobody is moved silently). Counts one use atomically.',
        ),
        params: codeParams,
        response: { 200: envelope(inviteJoinSchema), ...errors },
      },
    },
    async (req) => {
      const team = await invites.join(currentDesigner(req), req.params.code);
      return ok(team, `已加入团队「${team.team_name}」`);
    },
  );
}
