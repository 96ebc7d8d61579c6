import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Designer } from '../../db/schema.js';
import { newToken, sha256 } from '../../lib/crypto.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { authErrors, envelope, errorEnvelope, ok } from '../../lib/http.js';
import { isoAfter, nowIso, nowMs } from '../../lib/time.js';
import { enforceRateLimit, waitText } from '../../plugins/rate-limit.js';
import { DRAFT_DUE_STAGES, OPEN_STATUSES, TICKET_STATUS } from '../tickets/index.js';
import { checkJoin, consumeInvite, findInviteByCode, INVITE_STATE_TEXT, inviteState, newTeamInviteCode, notifyLeadsOfJoin } from './team-invite.service.js';
import { displayName } from '../../domain/designers.js';
import { shanghaiDay, shanghaiDayStart } from '../../domain/calendar.js';

const stateSchema = z.enum(['valid', 'expired', 'used_up', 'revoked']).describe('valid / expired / used_up / revoked');

const inviteSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    expires_at: z.string(),
    max_uses: z.number().int(),
    used_count: z.number().int(),
    revoked_at: z.string().nullable(),
    created_at: z.string(),
    state: stateSchema,
    joins: z.array(z.object({ designer_id: z.number().int(), name: z.string(), joined_at: z.string() })),
  })
  .meta({ id: 'TeamInvite' });

const panelKeySchema = z
  .object({ id: z.number().int(), key_hint: z.string(), revoked_at: z.string().nullable(), created_at: z.string() })
  .meta({ id: 'PanelKey' });

/** Public daily-panel calls per IP per minute (a TV refreshes every 30 s). */
const PANEL_RATE = { limit: 60, windowSeconds: 60 };
const INVITE_LOOKUP_RATE = { limit: 60, windowSeconds: 60 };

const idParams = z.object({ id: z.coerce.number().int().min(1) });
const codeParams = z.object({ code: z.string().trim().min(1).max(64) });

/** Team invite links and daily-panel keys (issue 6 "Teams", spec §2 /team-invite and /order-daily-panel). */
export default async function teamsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const doc = (summary: string) => ({ tags: ['teams'], summary, security: [{ bearer: [] }] });
  const secured = { onRequest: app.authenticate };
  const errors = { ...authErrors, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };

  function leadTeam(me: Designer): number {
    if (me.designer_type !== 0 || me.team_id === null) throw forbidden('只有团队负责人可以管理团队链接');
    return me.team_id;
  }

  async function listInvites(teamId: number) {
    const invites = await app.db.selectFrom('team_invites').selectAll().where('team_id', '=', teamId).orderBy('id', 'desc').limit(100).execute();
    const ids = invites.map((i) => i.id);
    const joins = ids.length
      ? await app.db
          .selectFrom('team_invite_joins')
          .innerJoin('designers', 'designers.id', 'team_invite_joins.designer_id')
          .select(['team_invite_joins.invite_id', 'designers.id', 'designers.real_name', 'designers.nickname', 'team_invite_joins.joined_at'])
          .where('team_invite_joins.invite_id', 'in', ids)
          .orderBy('team_invite_joins.id')
          .execute()
      : [];
    const now = nowIso();
    return invites.map((i) => ({
      id: i.id,
      code: i.code,
      expires_at: i.expires_at,
      max_uses: i.max_uses,
      used_count: Number(i.used_count),
      revoked_at: i.revoked_at,
      created_at: i.created_at,
      state: inviteState({ ...i, used_count: Number(i.used_count) }, now),
      joins: joins.filter((j) => j.invite_id === i.id).map((j) => ({ designer_id: j.id, name: displayName(j), joined_at: j.joined_at })),
    }));
  }

  r.post(
    '/teams/invites',
    {
      ...secured,
      schema: {
        ...doc('Create an invite link to my team (leads only): valid for expires_in_hours, at most max_uses joins'),
        body: z.object({
          expires_in_hours: z.number({ error: '请输入有效时长' }).int({ error: '有效时长为1-720小时的整数' }).min(1, { error: '有效时长为1-720小时' }).max(720, { error: '有效时长为1-720小时' }),
          max_uses: z.number({ error: '请输入可用次数' }).int({ error: '可用次数为1-1000的整数' }).min(1, { error: '可用次数为1-1000次' }).max(1000, { error: '可用次数为1-1000次' }),
        }),
        response: { 200: envelope(inviteSchema), ...errors },
      },
    },
    async (req) => {
      const me = req.auth!.designer;
      const teamId = leadTeam(me);
      const now = nowIso();
      const row = await app.db
        .insertInto('team_invites')
        .values({
          team_id: teamId,
          code: newTeamInviteCode(),
          created_by: me.id,
          expires_at: isoAfter(req.body.expires_in_hours * 3600_000),
          max_uses: req.body.max_uses,
          used_count: 0,
          revoked_at: null,
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return ok({ ...row, used_count: 0, state: 'valid' as const, joins: [] }, '邀请链接已生成');
    },
  );

  r.get(
    '/teams/invites',
    { ...secured, schema: { ...doc("My team's invite links, newest first, with who joined through each (leads only)"), response: { 200: envelope(z.array(inviteSchema)), ...errors } } },
    async (req) => ok(await listInvites(leadTeam(req.auth!.designer))),
  );

  r.post(
    '/teams/invites/:id/revoke',
    {
      ...secured,
      schema: { ...doc("Revoke one of my team's invite links (leads only; another team's link is 404)"), params: idParams, response: { 200: envelope(z.null()), ...errors } },
    },
    async (req) => {
      const teamId = leadTeam(req.auth!.designer);
      const inv = await app.db.selectFrom('team_invites').select(['id', 'revoked_at']).where('id', '=', req.params.id).where('team_id', '=', teamId).executeTakeFirst();
      if (!inv) throw notFound('邀请链接不存在');
      if (!inv.revoked_at) await app.db.updateTable('team_invites').set({ revoked_at: nowIso() }).where('id', '=', inv.id).execute();
      return ok(null, '邀请链接已撤销');
    },
  );

  r.get(
    '/teams/invites/:code',
    {
      schema: {
        tags: ['teams'],
        summary: 'Public: the team behind an invite code (team name, lead name) and whether it can still be used',
        params: codeParams,
        response: {
          200: envelope(z.object({ team_name: z.string(), lead_name: z.string(), state: stateSchema, state_text: z.string(), expires_at: z.string() })),
          404: errorEnvelope,
          429: errorEnvelope,
        },
      },
    },
    async (req) => {
      await enforceRateLimit(app.db, `invite:ip:${req.ip}`, INVITE_LOOKUP_RATE, (s) => `请求过于频繁，请${waitText(s)}后再试`);
      const inv = await findInviteByCode(app.db, req.params.code);
      if (!inv) throw notFound('邀请链接不存在或已失效');
      const team = await app.db
        .selectFrom('teams')
        .leftJoin('designers', 'designers.id', 'teams.lead_id')
        .select(['teams.name', 'designers.id', 'designers.real_name', 'designers.nickname'])
        .where('teams.id', '=', inv.team_id)
        .executeTakeFirstOrThrow();
      const state = inviteState({ ...inv, used_count: Number(inv.used_count) });
      const leadName = team.id !== null ? displayName({ id: team.id, real_name: team.real_name ?? '', nickname: team.nickname ?? '' }) : '';
      return ok({ team_name: team.name, lead_name: leadName, state, state_text: INVITE_STATE_TEXT[state], expires_at: inv.expires_at });
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
        response: { 200: envelope(z.object({ team_id: z.number().int(), team_name: z.string() })), ...errors },
      },
    },
    async (req) => {
      const me = req.auth!.designer;
      const inv = await findInviteByCode(app.db, req.params.code);
      if (!inv) throw notFound('邀请链接不存在或已失效');
      const invite = { ...inv, used_count: Number(inv.used_count) };
      checkJoin(invite, me);
      await app.unitOfWork(async (trx, { send }) => {
        await consumeInvite(trx, invite, me.id);
        await notifyLeadsOfJoin(trx, send, inv.team_id, me.id);
      });
      const team = await app.db.selectFrom('teams').select(['id', 'name']).where('id', '=', inv.team_id).executeTakeFirstOrThrow();
      return ok({ team_id: team.id, team_name: team.name }, `已加入团队「${team.name}」`);
    },
  );

  // ------------------------------------------------------------------ daily panel keys

  r.post(
    '/teams/panel-keys',
    {
      ...secured,
      schema: {
        ...doc('Issue a daily-panel key for my team (leads only); the key is shown once, only its hash is stored'),
        response: { 200: envelope(panelKeySchema.extend({ key: z.string() })), ...errors },
      },
    },
    async (req) => {
      const me = req.auth!.designer;
      const teamId = leadTeam(me);
      const key = `P${newToken()}`;
      const row = await app.db
        .insertInto('panel_keys')
        .values({ team_id: teamId, key_hash: sha256(key), key_hint: `${key.slice(0, 4)}…${key.slice(-4)}`, created_by: me.id, revoked_at: null, created_at: nowIso() })
        .returning(['id', 'key_hint', 'revoked_at', 'created_at'])
        .executeTakeFirstOrThrow();
      return ok({ ...row, key }, '大屏密钥已生成，请立即复制保存');
    },
  );

  r.get(
    '/teams/panel-keys',
    { ...secured, schema: { ...doc("My team's daily-panel keys (hints only; leads only)"), response: { 200: envelope(z.array(panelKeySchema)), ...errors } } },
    async (req) => {
      const teamId = leadTeam(req.auth!.designer);
      const rows = await app.db
        .selectFrom('panel_keys')
        .select(['id', 'key_hint', 'revoked_at', 'created_at'])
        .where('team_id', '=', teamId)
        .orderBy('id', 'desc')
        .limit(100)
        .execute();
      return ok(rows);
    },
  );

  r.post(
    '/teams/panel-keys/:id/revoke',
    {
      ...secured,
      schema: { ...doc("Revoke one of my team's daily-panel keys (leads only; another team's key is 404)"), params: idParams, response: { 200: envelope(z.null()), ...errors } },
    },
    async (req) => {
      const teamId = leadTeam(req.auth!.designer);
      const row = await app.db.selectFrom('panel_keys').select(['id', 'revoked_at']).where('id', '=', req.params.id).where('team_id', '=', teamId).executeTakeFirst();
      if (!row) throw notFound('大屏密钥不存在');
      if (!row.revoked_at) await app.db.updateTable('panel_keys').set({ revoked_at: nowIso() }).where('id', '=', row.id).execute();
      return ok(null, '大屏密钥已撤销');
    },
  );

  r.get(
    '/daily-panel',
    {
      schema: {
        tags: ['teams'],
        summary:
          "Public: today's (Asia/Shanghai) figures of the key's team — received, in progress (open now), completed today, overdue now — and received per hour. 403 with a Chinese message for an unknown or revoked key (not 401: the caller has no session to lose).",
        querystring: z.object({ key: z.string().trim().max(128).default('') }),
        response: {
          200: envelope(
            z.object({
              team_name: z.string(),
              day: z.string(),
              received: z.number().int(),
              in_progress: z.number().int(),
              completed: z.number().int(),
              overdue: z.number().int(),
              hourly: z.array(z.number().int()).describe('24 counts of tickets received, hour 0–23 Shanghai time'),
              generated_at: z.string(),
            }),
          ),
          403: errorEnvelope,
          429: errorEnvelope,
        },
      },
    },
    async (req) => {
      await enforceRateLimit(app.db, `panel:ip:${req.ip}`, PANEL_RATE, (s) => `请求过于频繁，请${waitText(s)}后再试`);
      const key = req.query.key;
      const row = key ? await app.db.selectFrom('panel_keys').select(['team_id', 'revoked_at']).where('key_hash', '=', sha256(key)).executeTakeFirst() : undefined;
      if (!row) throw forbidden('大屏密钥无效，请向团队负责人索取正确的链接');
      if (row.revoked_at) throw forbidden('大屏密钥已被撤销，请向团队负责人索取新的链接');
      const team = await app.db.selectFrom('teams').select('name').where('id', '=', row.team_id).executeTakeFirstOrThrow();
      const ms = nowMs();
      const now = new Date(ms).toISOString();
      const day = shanghaiDay(ms);
      const start = shanghaiDayStart(day);
      const base = app.db.selectFrom('tickets').where('team_id', '=', row.team_id);
      const count = (n: { n: number | string | bigint } | undefined) => Number(n?.n ?? 0);
      const [receivedRows, inProgress, completed, overdue] = await Promise.all([
        base.select('created_at').where('created_at', '>=', start).where('created_at', '<=', now).execute(),
        base
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', 'in', OPEN_STATUSES)
          .where('stage', '!=', 'done')
          .executeTakeFirst(),
        base
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', '=', TICKET_STATUS.completed)
          .where('updated_at', '>=', start)
          .executeTakeFirst(),
        base
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', 'in', OPEN_STATUSES)
          .where('stage', 'in', DRAFT_DUE_STAGES)
          .where('due_at', '<', now)
          .executeTakeFirst(),
      ]);
      const hourly = Array.from({ length: 24 }, () => 0);
      for (const t of receivedRows) {
        const h = Math.floor((Date.parse(t.created_at) - Date.parse(start)) / 3600_000);
        if (h >= 0 && h < 24) hourly[h]! += 1;
      }
      return ok({
        team_name: team.name,
        day,
        received: receivedRows.length,
        in_progress: count(inProgress),
        completed: count(completed),
        overdue: count(overdue),
        hourly,
        generated_at: now,
      });
    },
  );
}
