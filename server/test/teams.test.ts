/**
 * Team invite links and daily-panel keys (issue 6 "Teams" and "/order-daily-panel"): expiry, usage
 * limits (also under concurrent joins), revocation, team isolation, registering with a team invite,
 * and the public daily panel refusing wrong and revoked keys.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, nowIso } from '../src/lib/time.js';
import { DEMO, dialects, expectEnvelope, expectFieldErrors, useTestApp } from './support/harness.js';

interface Invite {
  id: number;
  code: string;
  max_uses: number;
  used_count: number;
  state: string;
  joins: { designer_id: number; name: string }[];
}

describe.each(dialects)('team invites and daily panel (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let lead: string, designer: string;
  let otherLead: string;

  beforeAll(async () => {
    lead = await t.sessionFor(DEMO.lead);
    designer = await t.sessionFor(DEMO.designer);
    // A second team with its own lead.
    const team = await t.db.insertInto('teams').values({ name: '第二组', lead_id: null, created_at: nowIso() }).returning('id').executeTakeFirstOrThrow();
    const u = await t.registerUser();
    await t.db.updateTable('designers').set({ designer_type: 0, team_id: team.id, team_role: 'lead', current_registration_step: 6 }).where('phone', '=', u.phone).execute();
    await t.db.updateTable('teams').set({ lead_id: (await t.db.selectFrom('designers').select('id').where('phone', '=', u.phone).executeTakeFirstOrThrow()).id }).where('id', '=', team.id).execute();
    otherLead = u.token;
  });

  const create = async (token: string, body = { expires_in_hours: 24, max_uses: 5 }) =>
    expectEnvelope<Invite>(await t.authed(token).post('/api/teams/invites', body), 200).data;
  const fresh = async () => (await t.registerUser()).token;

  it('only leads create invites, within the limits', async () => {
    expectEnvelope(await t.authed(designer).post('/api/teams/invites', { expires_in_hours: 24, max_uses: 5 }), 403);
    expectFieldErrors(await t.authed(lead).post('/api/teams/invites', { expires_in_hours: 0, max_uses: 5 }), [['expires_in_hours', '有效时长为1-720小时']]);
    expectFieldErrors(await t.authed(lead).post('/api/teams/invites', { expires_in_hours: 24, max_uses: 1001 }), [['max_uses', '可用次数为1-1000次']]);
    const inv = await create(lead);
    expect(inv.code).toMatch(/^T[A-Za-z0-9_-]{22}$/);
    expect(inv.state).toBe('valid');
  });

  it('the public lookup shows team, lead and validity only', async () => {
    const inv = await create(lead);
    const info = expectEnvelope(await t.anon.get(`/api/teams/invites/${inv.code}`), 200).data;
    expect(info).toEqual({ team_name: '星河设计一组', lead_name: '林晓岚', state: 'valid', state_text: '邀请链接有效', expires_at: expect.any(String) });
    expectEnvelope(await t.anon.get('/api/teams/invites/Tnope'), 404);
  });

  it('a signed-in visitor is also told whether they are in that team already, so joining is offered only when it can work', async () => {
    const inv = await create(lead);
    const membership = async (token: string) =>
      expectEnvelope<{ viewer_membership?: string }>(await t.authed(token).get(`/api/teams/invites/${inv.code}`), 200).data.viewer_membership;
    expect(await membership(designer)).toBe('member');
    expect(await membership(lead)).toBe('member');
    expect(await membership(otherLead)).toBe('other_team');
    expect(await membership(await fresh())).toBe('none');
    // A token that is not live is an anonymous visit, not a refusal.
    const anon = expectEnvelope<{ viewer_membership?: string }>(await t.authed('not-a-live-token').get(`/api/teams/invites/${inv.code}`), 200).data;
    expect(anon).not.toHaveProperty('viewer_membership');
  });

  it('a designer joins; the join is listed for the lead; joining twice is 409', async () => {
    const inv = await create(lead);
    const me = await fresh();
    const joined = expectEnvelope(await t.authed(me).post(`/api/teams/invites/${inv.code}/join`), 200);
    expect(joined.data.team_name).toBe('星河设计一组');
    const again = expectEnvelope(await t.authed(me).post(`/api/teams/invites/${inv.code}/join`), 409);
    expect(again.message).toBe('你已在该团队中');
    const list = expectEnvelope<Invite[]>(await t.authed(lead).get('/api/teams/invites'), 200).data;
    const mine = list.find((i) => i.id === inv.id)!;
    expect(mine.used_count).toBe(1);
    expect(mine.joins).toHaveLength(1);
    // The team's lead is told (message type 35, in the list and pushed live).
    const leadMessages = expectEnvelope<{ items: { message_type: number; ext_json: { title: string } }[] }>(
      await t.authed(lead).get('/api/messages/messages?message_type=35&pageSize=1'),
      200,
    ).data.items;
    expect(leadMessages[0]?.ext_json.title).toMatch(/通过邀请链接加入了团队$/);
    // Someone in another team is refused, not moved.
    const other = await create(otherLead);
    const refused = expectEnvelope(await t.authed(me).post(`/api/teams/invites/${other.code}/join`), 409);
    expect(refused.message).toMatch(/已加入其他团队/);
  });

  it('an expired invite is refused', async () => {
    const inv = await create(lead, { expires_in_hours: 1, max_uses: 5 });
    advanceClock(3600_000 + 1000);
    expect(expectEnvelope(await t.anon.get(`/api/teams/invites/${inv.code}`), 200).data.state).toBe('expired');
    expectFieldErrors(await t.authed(await fresh()).post(`/api/teams/invites/${inv.code}/join`), [['code', '邀请链接已过期']]);
  });

  it('usage limit holds under concurrent joins', async () => {
    const inv = await create(lead, { expires_in_hours: 24, max_uses: 2 });
    const tokens = await Promise.all(Array.from({ length: 6 }, () => fresh()));
    const results = await Promise.all(tokens.map((tok) => t.authed(tok).post(`/api/teams/invites/${inv.code}/join`)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    for (const r of results.filter((r) => r.statusCode !== 200)) expectFieldErrors(r, [['code', '邀请链接的使用次数已用完']]);
    const row = await t.db.selectFrom('team_invites').select('used_count').where('id', '=', inv.id).executeTakeFirstOrThrow();
    expect(Number(row.used_count)).toBe(2);
    const joins = await t.db.selectFrom('team_invite_joins').select('id').where('invite_id', '=', inv.id).execute();
    expect(joins).toHaveLength(2);
  });

  it('revoke: refused afterwards; another team cannot revoke (404)', async () => {
    const inv = await create(lead);
    expectEnvelope(await t.authed(otherLead).post(`/api/teams/invites/${inv.id}/revoke`), 404);
    expectEnvelope(await t.authed(designer).post(`/api/teams/invites/${inv.id}/revoke`), 403);
    expectEnvelope(await t.authed(lead).post(`/api/teams/invites/${inv.id}/revoke`), 200);
    expectFieldErrors(await t.authed(await fresh()).post(`/api/teams/invites/${inv.code}/join`), [['code', '邀请链接已被负责人撤销']]);
    const otherList = expectEnvelope<Invite[]>(await t.authed(otherLead).get('/api/teams/invites'), 200).data;
    expect(otherList.some((i) => i.id === inv.id)).toBe(false);
  });

  it('registering with a team invite code joins that team and counts a use', async () => {
    const inv = await create(lead, { expires_in_hours: 24, max_uses: 1 });
    const u = await t.registerUser({ invite_code: inv.code });
    const d = await t.db.selectFrom('designers').select(['team_id']).where('phone', '=', u.phone).executeTakeFirstOrThrow();
    const leadRow = await t.db.selectFrom('designers').select('team_id').where('phone', '=', DEMO.lead).executeTakeFirstOrThrow();
    expect(d.team_id).toBe(leadRow.team_id);
    // Used up now: a second registration is refused with a field error.
    const phone = '19900001234';
    const code = await t.sendCode(phone, 'register');
    expectFieldErrors(await t.anon.post('/api/user/register', { phone, code, password: 'Passw0rd!x', invite_code: inv.code }), [
      ['invite_code', '邀请链接的使用次数已用完'],
    ]);
  });

  it('daily panel: key shown once, wrong key 403, revoked key 403, figures for the team', async () => {
    expectEnvelope(await t.authed(designer).post('/api/teams/panel-keys'), 403);
    const created = expectEnvelope<{ id: number; key: string }>(await t.authed(lead).post('/api/teams/panel-keys'), 200).data;
    const list = expectEnvelope<{ id: number }[]>(await t.authed(lead).get('/api/teams/panel-keys'), 200).data;
    expect(JSON.stringify(list)).not.toContain(created.key);
    const panel = expectEnvelope(await t.anon.get(`/api/daily-panel?key=${encodeURIComponent(created.key)}`), 200).data;
    expect(panel.team_name).toBe('星河设计一组');
    expect(panel.hourly).toHaveLength(24);
    expect(panel.hourly.reduce((a: number, b: number) => a + b, 0)).toBe(panel.received);
    for (const k of ['received', 'in_progress', 'completed', 'overdue']) expect(typeof panel[k]).toBe('number');

    const wrong = expectEnvelope(await t.anon.get('/api/daily-panel?key=Pwrong'), 403);
    expect(wrong.message).toMatch(/密钥无效/);
    expectEnvelope(await t.anon.get('/api/daily-panel'), 403);
    expectEnvelope(await t.authed(otherLead).post(`/api/teams/panel-keys/${created.id}/revoke`), 404);
    expectEnvelope(await t.authed(lead).post(`/api/teams/panel-keys/${created.id}/revoke`), 200);
    const revoked = expectEnvelope(await t.anon.get(`/api/daily-panel?key=${encodeURIComponent(created.key)}`), 403);
    expect(revoked.message).toMatch(/已被撤销/);
  });
});
