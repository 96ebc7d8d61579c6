/**
 * What a process keeps of PostgreSQL in memory, and the notices that keep it exact
 * (db/change-notices.ts). The cache's own rules run everywhere; the rest runs the real app on
 * PostgreSQL when TEST_DATABASE_URL is set, with "another instance" played by a pg connection of
 * the test's own.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Designer } from '../src/db/schema.js';
import { changeNoticesOf, HOME_TABLES, MAX_AGE_MS, NoticeCache, noticeCache } from '../src/db/change-notices.js';
import type { FoundSession } from '../src/modules/auth/session.repository.js';
import { DEMO, expect401, expectEnvelope, PG_URL } from './support/harness.js';
import { createPerson, createProduct, demoPerson, firstShop, ingest, order, type Person, useTicketApp } from './support/tickets.js';

function found(id: number, sessionId = `s${id}`): FoundSession {
  return { designer: { id, nickname: `d${id}` } as Designer, sessionId };
}

const HOUR = 3_600_000;
const inAnHour = () => Date.now() + HOUR;

describe('NoticeCache', () => {
  const live = () => {
    const c = new NoticeCache<FoundSession>();
    c.setLive(true);
    return c;
  };

  it('keeps nothing until its listener is live, and forgets everything when it goes down', () => {
    const c = new NoticeCache<FoundSession>();
    c.put(c.begin(), 'a', 1, found(1), Date.now(), inAnHour());
    expect(c.get('a', Date.now())).toBeUndefined();
    c.setLive(true);
    c.put(c.begin(), 'a', 1, found(1), Date.now(), inAnHour());
    expect(c.get('a', Date.now())?.sessionId).toBe('s1');
    c.setLive(false);
    expect(c.get('a', Date.now())).toBeUndefined();
    c.setLive(true);
    expect(c.get('a', Date.now())).toBeUndefined();
  });

  it('does not keep a value whose owner, or everything, changed after it began to be read', () => {
    const c = live();
    const begun = c.begin();
    c.changed(1);
    c.put(begun, 'a', 1, found(1), Date.now(), inAnHour());
    expect(c.get('a', Date.now())).toBeUndefined();
    // Another owner's change does not concern it.
    const again = c.begin();
    c.changed(99);
    c.put(again, 'a', 1, found(1), Date.now(), inAnHour());
    expect(c.get('a', Date.now())?.sessionId).toBe('s1');
    // A change before the read began does not hold it back either.
    c.put(c.begin(), 'b', 99, found(99), Date.now(), inAnHour());
    expect(c.get('b', Date.now())?.sessionId).toBe('s99');
    const beforeAll = c.begin();
    c.changedAll();
    c.put(beforeAll, 'a', 1, found(1), Date.now(), inAnHour());
    expect(c.get('a', Date.now())).toBeUndefined();
    const before = c.begin();
    c.setLive(false);
    c.setLive(true);
    c.put(before, 'a', 1, found(1), Date.now(), inAnHour());
    expect(c.get('a', Date.now())).toBeUndefined();
  });

  it('a change drops that designer’s sessions only; changedAll drops all', () => {
    const c = live();
    c.put(c.begin(), 'a1', 1, found(1, 'x'), Date.now(), inAnHour());
    c.put(c.begin(), 'a2', 1, found(1, 'y'), Date.now(), inAnHour());
    c.put(c.begin(), 'b', 2, found(2), Date.now(), inAnHour());
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
    c.put(c.begin(), 'short', 1, found(1), t0, t0 + 1_000);
    c.put(c.begin(), 'long', 2, found(2), t0);
    expect(c.get('short', t0 + 999)).toBeDefined();
    expect(c.get('short', t0 + 1_000)).toBeUndefined();
    expect(c.get('long', t0 + MAX_AGE_MS - 1)).toBeDefined();
    expect(c.get('long', t0 + MAX_AGE_MS)).toBeUndefined();
    c.put(c.begin(), 'gone', 3, found(3), t0, t0 - 1);
    expect(c.get('gone', t0)).toBeUndefined();
  });
});

describe.runIf(PG_URL)('kept per process on PostgreSQL', () => {
  const t = useTicketApp('postgres');
  let other: pg.Client;

  beforeAll(async () => {
    other = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${t.database.dbSchema}` });
    await other.connect();
  });
  afterAll(async () => {
    await other.end();
  });

  const cache = () => noticeCache<FoundSession>(t.db, 'sessions')!;
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
    const listener = changeNoticesOf(t.db)!;
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
  it('a kept session is frozen: no request can change what another request sees', async () => {
    const token = await t.sessionFor(DEMO.designer);
    expectEnvelope(await t.authed(token).get('/api/user/profile'), 200);
    const kept = cache().get(token, Date.now())!;
    expect(kept.designer.phone).toBe(DEMO.designer);
    expect(() => {
      (kept.designer as { nickname: string }).nickname = 'changed';
    }).toThrow(TypeError);
  });

  describe('the total of a designer’s ticket list', () => {
    let product: number;
    let shop: number;
    let a: Person;
    let b: Person;
    const counts = () => noticeCache<number>(t.db, 'ticketCounts')!;
    const list = async (p: Person, query = '') =>
      expectEnvelope<{ items: { ticket_id: number }[]; total: number }>(await p.client.get(`/api/tickets?page=1&pageSize=20${query}`), 200).data;
    const give = async (p: Person) => {
      const { ticket } = await ingest(t, order(shop, product));
      expect(ticket.designer_id).toBe(p.code);
      return ticket.ticket_id;
    };

    beforeAll(async () => {
      product = await createProduct(t);
      shop = await firstShop(t);
      a = await createPerson(t, { products: [product] });
      const first = await give(a);
      const second = await give(a);
      expect(first).not.toBe(second);
      b = await createPerson(t, { products: [product], online: 0 });
    });

    it('is kept, then follows another instance’s change once its notice arrives', async () => {
      const before = await list(a);
      expect(before.total).toBe(2);
      const [one, two] = before.items.map((x) => x.ticket_id);
      // Moved away without a notice: the page no longer has it, the kept total still counts it.
      await silently('update tickets set designer_id = null where id = $1', [one]);
      const stale = await list(a);
      expect(stale.items.map((x) => x.ticket_id)).toEqual([two]);
      expect(stale.total).toBe(2);
      // Any change of another of the designer's tickets notifies; the total is counted again.
      await other.query('update tickets set updated_at = updated_at where id = $1', [two]);
      await eventually(async () => (await list(a)).total === 1);
      await silently('update tickets set designer_id = $1 where id = $2', [a.id, one]);
      await other.query('update tickets set updated_at = updated_at where id = $1', [one]);
      await eventually(async () => (await list(a)).total === 2);
    });

    it('a ticket moved between designers by another instance updates both totals', async () => {
      const mine = (await list(a)).items[0]!.ticket_id;
      expect((await list(b)).total).toBe(0);
      await other.query('update tickets set designer_id = $1 where id = $2', [b.id, mine]);
      await eventually(async () => (await list(a)).total === 1 && (await list(b)).total === 1);
      await other.query('update tickets set designer_id = $1 where id = $2', [a.id, mine]);
      await eventually(async () => (await list(a)).total === 2 && (await list(b)).total === 0);
    });

    it('this process’s own change counts on the very next request, notice or not', async () => {
      const mine = (await list(a)).items[0]!.ticket_id;
      expect((await list(a)).total).toBe(2);
      await t.db.transaction().execute(async (trx) => {
        await sql`set local session_replication_role = replica`.execute(trx);
        await trx.updateTable('tickets').set({ designer_id: b.id }).where('id', '=', mine).execute();
      });
      expect((await list(a)).total).toBe(1);
      await t.db.updateTable('tickets').set({ designer_id: a.id }).where('id', '=', mine).execute();
      expect((await list(a)).total).toBe(2);
    });

    it('a new ticket notifies its designer; filtered totals are kept apart', async () => {
      await other.query('listen dwp_tickets_changed');
      const heard: string[] = [];
      const onNotice = (n: pg.Notification) => heard.push(n.payload ?? '');
      other.on('notification', onNotice);
      try {
        const all = (await list(a)).total;
        const { status } = await t.db.selectFrom('tickets').select('status').where('designer_id', '=', a.id).executeTakeFirstOrThrow();
        const filtered = (await list(a, `&status=${status}`)).total;
        await give(a);
        await eventually(async () => heard.includes(`${t.database.dbSchema}:${a.id}`));
        expect((await list(a)).total).toBe(all + 1);
        expect((await list(a, `&status=${status}`)).total).toBe(filtered + 1);
        expect((await list(a, `&status=${status === '7' ? '0' : '7'}`)).total).toBe(0);
      } finally {
        other.off('notification', onNotice);
        await other.query('unlisten dwp_tickets_changed');
      }
    });

    it('a team’s total is kept too and follows its notices; the pool and the overdue filter are always counted', async () => {
      const lead = await demoPerson(t, DEMO.lead);
      const { team_id: teamId } = await t.db.selectFrom('designers').select('team_id').where('id', '=', lead.id).executeTakeFirstOrThrow();
      const teamList = async () => expectEnvelope<{ items: { ticket_id: number }[]; total: number }>(await lead.client.get('/api/tickets?page=1&pageSize=20'), 200).data;
      counts().changedAll();
      await list(a, '&overdue=1');
      expectEnvelope(await lead.client.get('/api/tickets?scope=pool&page=1&pageSize=20'), 200);
      expect(counts().size).toBe(0);
      const before = await teamList();
      expect(before.total).toBeGreaterThan(0);
      expect(counts().size).toBe(1);
      const moved = before.items[0]!.ticket_id;
      // Out of the team without a notice: still counted from memory.
      await silently('update tickets set team_id = null where id = $1', [moved]);
      expect((await teamList()).total).toBe(before.total);
      // Another of the team's tickets changes with a notice: the team's total is counted again.
      await other.query('update tickets set updated_at = updated_at where id = $1', [before.items[1]!.ticket_id]);
      await eventually(async () => (await teamList()).total === before.total - 1);
      // Back into the team, by another instance: its notice names the team it joins.
      await other.query('update tickets set team_id = $1 where id = $2', [teamId, moved]);
      await eventually(async () => (await teamList()).total === before.total);
    });
  });
  describe('the workbench home', () => {
    interface HomeWire {
      generated_at: string;
      message: { unread: number; items: { message_id: number }[] };
    }
    const homes = () => noticeCache<unknown>(t.db, 'homes')!;
    const home = async (p: Person) => expectEnvelope<HomeWire>(await p.client.get('/api/workbench/home'), 200).data;

    it('every table a home reads notifies when it changes', async () => {
      const { rows } = await other.query<{ table: string }>(
        `select event_object_table as table from information_schema.triggers
          where trigger_schema = current_schema() and trigger_name = event_object_table || '_home_changed' and event_manipulation = 'INSERT'`,
      );
      expect(rows.map((r) => r.table).sort()).toEqual([...HOME_TABLES].sort());
    });

    it('is kept, then follows another instance’s change once its notice arrives', async () => {
      const me = await demoPerson(t, DEMO.designer);
      homes().changedAll();
      const first = await home(me);
      expect(homes().size).toBe(1);
      // Kept: the same answer, made at the same moment.
      expect((await home(me)).generated_at).toBe(first.generated_at);
      // A message written by another instance: its notice drops the kept home.
      const { rows } = await other.query<{ id: number }>(
        `insert into messages (designer_id, message_type, title, ext_json, created_time)
         select $1, message_type, title, ext_json, $2 from messages order by id limit 1 returning id`,
        [me.id, new Date().toISOString()],
      );
      await eventually(async () => (await home(me)).message.unread === first.message.unread + 1);
      expect((await home(me)).message.items[0]!.message_id).toBe(rows[0]!.id);
      // Without a notice (no trigger fired) the kept home is what is served.
      const kept = await home(me);
      await silently('update messages set is_read = 1 where id = $1', [rows[0]!.id]);
      expect((await home(me)).message.unread).toBe(kept.message.unread);
      // This process's own write drops it on the very next request.
      await t.db.updateTable('messages').set({ is_read: 0 }).where('id', '=', -1).execute();
      expect((await home(me)).message.unread).toBe(first.message.unread);
    });
  });
});
