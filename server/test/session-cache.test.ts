/**
 * Sessions kept per process on PostgreSQL (modules/auth/session-cache.ts). The cache's own rules
 * run everywhere; the rest runs the real app on PostgreSQL when TEST_DATABASE_URL is set, with
 * "another instance" played by a pg connection of the test's own.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Designer } from '../src/db/schema.js';
import { type FoundSession, MAX_AGE_MS, SessionCache, sessionCacheOf, sessionListenerOf } from '../src/modules/auth/session-cache.js';
import { DEMO, expect401, expectEnvelope, PG_URL, useTestApp } from './support/harness.js';

function found(id: number, sessionId = `s${id}`): FoundSession {
  return { designer: { id, nickname: `d${id}` } as Designer, sessionId };
}

const HOUR = 3_600_000;
const later = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('SessionCache', () => {
  const live = () => {
    const c = new SessionCache();
    c.setLive(true);
    return c;
  };

  it('keeps nothing until its listener is live, and forgets everything when it goes down', () => {
    const c = new SessionCache();
    c.put(c.begin(), 'a', found(1), later(HOUR), Date.now());
    expect(c.get('a', Date.now())).toBeUndefined();
    c.setLive(true);
    c.put(c.begin(), 'a', found(1), later(HOUR), Date.now());
    expect(c.get('a', Date.now())?.sessionId).toBe('s1');
    c.setLive(false);
    expect(c.get('a', Date.now())).toBeUndefined();
    c.setLive(true);
    expect(c.get('a', Date.now())).toBeUndefined();
  });

  it('does not keep a lookup that began before a change: its row may predate it', () => {
    const c = live();
    const begun = c.begin();
    c.changed(99); // any designer: the lookup does not know whose token it is yet
    c.put(begun, 'a', found(1), later(HOUR), Date.now());
    expect(c.get('a', Date.now())).toBeUndefined();
    const before = c.begin();
    c.setLive(false);
    c.setLive(true);
    c.put(before, 'a', found(1), later(HOUR), Date.now());
    expect(c.get('a', Date.now())).toBeUndefined();
  });

  it('a change drops that designer’s sessions only; changedAll drops all', () => {
    const c = live();
    c.put(c.begin(), 'a1', found(1, 'x'), later(HOUR), Date.now());
    c.put(c.begin(), 'a2', found(1, 'y'), later(HOUR), Date.now());
    c.put(c.begin(), 'b', found(2), later(HOUR), Date.now());
    c.changed(1);
    expect(c.get('a1', Date.now())).toBeUndefined();
    expect(c.get('a2', Date.now())).toBeUndefined();
    expect(c.get('b', Date.now())?.sessionId).toBe('s2');
    c.changedAll();
    expect(c.get('b', Date.now())).toBeUndefined();
    expect(c.size).toBe(0);
  });

  it('serves a session until it expires and for at most MAX_AGE_MS', () => {
    const c = live();
    const t0 = Date.now();
    c.put(c.begin(), 'short', found(1), new Date(t0 + 1_000).toISOString(), t0);
    c.put(c.begin(), 'long', found(2), later(10 * HOUR), t0);
    expect(c.get('short', t0 + 999)).toBeDefined();
    expect(c.get('short', t0 + 1_000)).toBeUndefined();
    expect(c.get('long', t0 + MAX_AGE_MS - 1)).toBeDefined();
    expect(c.get('long', t0 + MAX_AGE_MS)).toBeUndefined();
    c.put(c.begin(), 'gone', found(3), new Date(t0 - 1).toISOString(), t0);
    expect(c.get('gone', t0)).toBeUndefined();
  });

  it('hands out frozen sessions: no request can change another’s designer', () => {
    const c = live();
    c.put(c.begin(), 'a', found(1), later(HOUR), Date.now());
    const kept = c.get('a', Date.now())!;
    expect(() => {
      (kept.designer as { nickname: string }).nickname = 'changed';
    }).toThrow(TypeError);
  });
});

describe.runIf(PG_URL)('sessions kept per process on PostgreSQL', () => {
  const t = useTestApp('postgres');
  let other: pg.Client;

  beforeAll(async () => {
    other = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${t.database.dbSchema}` });
    await other.connect();
  });
  afterAll(async () => {
    await other.end();
  });

  const cache = () => sessionCacheOf(t.db)!;
  const idOf = async (phone: string) => (await t.db.selectFrom('designers').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;
  const nickname = async (token: string) => expectEnvelope<{ nickname: string }>(await t.authed(token).get('/api/user/profile'), 200).data.nickname;
  /** A change by "another instance" that fires no trigger, so no notice: shows what is served from memory. */
  const silently = async (text: string, values: unknown[]) => {
    await other.query('begin');
    await other.query('set local session_replication_role = replica');
    await other.query(text, values);
    await other.query('commit');
  };
  async function eventually(check: () => Promise<boolean>, ms = 3_000): Promise<number> {
    const started = Date.now();
    while (!(await check())) {
      if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
      await new Promise((r) => setTimeout(r, 10));
    }
    return Date.now() - started;
  }

  it('the app listens, and a session looked up once is served from memory', async () => {
    expect(cache().live).toBe(true);
    const token = await t.sessionFor(DEMO.partTime2);
    const id = await idOf(DEMO.partTime2);
    const before = await nickname(token);
    await silently('update designers set nickname = $1 where id = $2', ['内存里的旧名', id]);
    // No notice went out: the kept session (with its designer) still answers.
    expect(await nickname(token)).toBe(before);
    // This process's own writes drop what is kept, without waiting for a notice (none goes out here).
    await t.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await trx.updateTable('designers').set({ nickname: '新名字' }).where('id', '=', id).execute();
    });
    expect(await nickname(token)).toBe('新名字');
  });

  it('a session revoked by another instance stops working as soon as its notice arrives', async () => {
    const token = await t.sessionFor(DEMO.partTime3);
    expectEnvelope(await t.authed(token).get('/api/user/profile'), 200);
    const id = await idOf(DEMO.partTime3);
    await other.query('update sessions set revoked_at = $1 where designer_id = $2 and revoked_at is null', [new Date().toISOString(), id]);
    const waited = await eventually(async () => (await t.authed(token).get('/api/user/profile')).statusCode === 401);
    expect(waited).toBeLessThan(3_000);
    expect401(await t.authed(token).get('/api/user/profile'));
  });

  it('a designer disabled by another instance is refused once its notice arrives', async () => {
    const w = await t.registerUser();
    expectEnvelope(await t.authed(w.token).get('/api/user/profile'), 200);
    await other.query('update designers set account_status = 0 where phone = $1', [w.phone]);
    await eventually(async () => (await t.authed(w.token).get('/api/user/profile')).statusCode === 401);
    expect(expect401(await t.authed(w.token).get('/api/user/profile')).message).toBe('账号已停用，请联系团队负责人');
  });

  it('logging out through this process refuses the token on the very next request', async () => {
    const token = await t.sessionFor(DEMO.designer);
    expectEnvelope(await t.authed(token).get('/api/user/profile'), 200);
    expectEnvelope(await t.authed(token).post('/api/user/logout'), 200);
    expect401(await t.authed(token).get('/api/user/profile'));
  });

  it('a notice about the same designer id in another schema changes nothing here', async () => {
    const token = await t.sessionFor(DEMO.lead);
    const id = await idOf(DEMO.lead);
    const sentinel = await t.sessionFor(DEMO.partTime2);
    const sentinelId = await idOf(DEMO.partTime2);
    const kept = await nickname(token);
    await nickname(sentinel);
    await silently('update designers set nickname = $1 where id = $2', ['别处的通知', id]);
    await silently('update designers set nickname = $1 where id = $2', ['哨兵', sentinelId]);
    await other.query('select pg_notify($1, $2)', ['dwp_auth_changed', `t_elsewhere:${id}`]);
    await other.query('select pg_notify($1, $2)', ['dwp_auth_changed', `${t.database.dbSchema}:${sentinelId}`]);
    // Notices arrive in order: once the later one has been handled, so has the other schema's.
    await eventually(async () => (await nickname(sentinel)) === '哨兵');
    expect(await nickname(token)).toBe(kept);
    await other.query('select pg_notify($1, $2)', ['dwp_auth_changed', `${t.database.dbSchema}:${id}`]);
    await eventually(async () => (await nickname(token)) === '别处的通知');
  });

  it('while its listener is down nothing is served from memory; it comes back by itself', async () => {
    const listener = sessionListenerOf(t.db)!;
    const token = await t.sessionFor(DEMO.onboarding);
    const id = await idOf(DEMO.onboarding);
    await nickname(token);
    const pid = listener.backendPid;
    expect(pid).toBeTypeOf('number');
    await other.query('select pg_terminate_backend($1)', [pid]);
    await eventually(async () => !cache().live);
    // A change that sends no notice is seen at once: every request looks its session up.
    await silently('update designers set nickname = $1 where id = $2', ['断线期间改的', id]);
    expect(await nickname(token)).toBe('断线期间改的');
    await eventually(async () => cache().live, 5_000);
    expect(listener.backendPid).not.toBe(pid);
    await nickname(token);
    expect(cache().size).toBeGreaterThan(0);
  });
});
