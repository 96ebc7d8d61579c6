/**
 * The keyword search of my tickets and team orders (modules/tickets/README.md, *Search*): Chinese
 * partial words of every length, order numbers by prefix, the ranking, and a changed ticket found
 * by its new text only. SQLite answers a team's or the pool's search of 3+ characters from the
 * FTS5 trigram index and a designer's from the scan of their index; PostgreSQL from pg_trgm. The
 * same expectations hold for every path.
 */
import { randomBytes } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { dialects, expectEnvelope } from './support/harness.js';
import { createPerson, createProduct, createTeam, firstShop, ingest, order, type Person, type TicketView, useTicketApp } from './support/tickets.js';

interface Page {
  items: TicketView[];
  total: number;
}

describe.each(dialects)('ticket keyword search (%s)', (dialect) => {
  const t = useTicketApp(dialect);

  async function team() {
    const [shop, product, teamId] = await Promise.all([firstShop(t), createProduct(t), createTeam(t)]);
    const [lead, designer] = await Promise.all([
      createPerson(t, { type: 0, teamId, online: 0 }),
      createPerson(t, { type: 1, teamId, products: [product], capacity: 1000 }),
    ]);
    const add = async (title: string, orderNo?: string) => {
      const { ticket } = await ingest(t, order(shop, product, { team_id: teamId, title, ...(orderNo ? { order_no: orderNo } : {}) }));
      expect(ticket.designer_id).toBe(designer.code);
      return ticket;
    };
    return { shop, product, teamId, lead, designer, add };
  }

  async function search(who: Person, keyword: string, extra = ''): Promise<Page> {
    return expectEnvelope<Page>(await who.client.get(`/api/tickets?pageSize=100&keyword=${encodeURIComponent(keyword)}${extra}`), 200).data;
  }
  const orderNos = (p: Page) => p.items.map((x) => x.order_no);
  const ids = (p: Page) => p.items.map((x) => x.ticket_id).sort((a, b) => a - b);

  it('finds Chinese partial words of one, two and more characters, for the designer and the lead alike', async () => {
    const w = await team();
    const card = await w.add('商务名片设计｜烫金｜王先生');
    const poster = await w.add('开业海报｜背面印名片二维码');
    const menu = await w.add('餐厅菜单｜三折页');
    for (const who of [w.designer, w.lead]) {
      expect(ids(await search(who, '名片')), '2 characters').toEqual([card.ticket_id, poster.ticket_id]);
      expect(ids(await search(who, '菜')), '1 character').toEqual([menu.ticket_id]);
      expect(ids(await search(who, '名片设计')), '4 characters').toEqual([card.ticket_id]);
      expect(ids(await search(who, '印名片二维')), 'inside the title').toEqual([poster.ticket_id]);
      expect((await search(who, '名片设计')).total).toBe(1);
      expect((await search(who, '海报菜单')).total, 'across two titles: nothing').toBe(0);
      // A word spanning the order number and the title is not in either.
      expect((await search(who, `${card.order_no.slice(-2)}商务`)).total).toBe(0);
    }
    // Another team's lead sees none of them.
    const other = await team();
    expect((await search(other.lead, '名片设计')).total).toBe(0);
    expect((await search(other.lead, '名片')).total).toBe(0);
  });

  it('matches order numbers by prefix (any case), and by any part as before', async () => {
    const w = await team();
    const p = `Q${randomBytes(3).toString('hex').toUpperCase()}`;
    const a = await w.add('手提袋设计', `${p}-1001`);
    const b = await w.add('手提袋设计', `${p}-1002`);
    const c = await w.add('手提袋设计', `${p}-2001`);
    for (const who of [w.designer, w.lead]) {
      expect(ids(await search(who, `${p}-10`))).toEqual([a.ticket_id, b.ticket_id]);
      expect(ids(await search(who, `${p}-10`.toLowerCase())), 'lower case').toEqual([a.ticket_id, b.ticket_id]);
      expect(ids(await search(who, p))).toEqual([a.ticket_id, b.ticket_id, c.ticket_id]);
      expect(ids(await search(who, '-2001')), 'a part found as before').toEqual([c.ticket_id]);
      expect(orderNos(await search(who, `${p}-1002`))).toEqual([`${p}-1002`]);
    }
  });

  it('ranks the order number itself, then order numbers starting with the keyword, then titles, then the rest; newest first within each', async () => {
    const w = await team();
    const k = `R${randomBytes(3).toString('hex').toUpperCase()}`;
    // Oldest first, so that newest-first alone would give the opposite order.
    const exact = await w.add('手提袋设计', k);
    const prefixOld = await w.add('手提袋设计', `${k}-1`);
    const prefixNew = await w.add('手提袋设计', `${k}-2`);
    const title = await w.add(`名片设计｜${k}｜老客户`);
    const inside = await w.add('手提袋设计', `X-${k}`);
    const expected = [exact, prefixNew, prefixOld, title, inside].map((x) => x.ticket_id);
    for (const who of [w.designer, w.lead]) {
      expect((await search(who, k)).items.map((x) => x.ticket_id)).toEqual(expected);
      expect((await search(who, k, '&sort_order=asc')).items.map((x) => x.ticket_id), 'the sort applies within a rank').toEqual(
        [exact, prefixOld, prefixNew, title, inside].map((x) => x.ticket_id),
      );
      // Paging follows the ranking.
      const second = expectEnvelope<Page>(await who.client.get(`/api/tickets?pageSize=2&page=2&keyword=${k}`), 200).data;
      expect(second.items.map((x) => x.ticket_id)).toEqual(expected.slice(2, 4));
      expect(second.total).toBe(5);
      // The total is counted with the page's matches; past the last page it is counted alone.
      const past = expectEnvelope<Page>(await who.client.get(`/api/tickets?pageSize=2&page=9&keyword=${k}`), 200).data;
      expect(past.items).toEqual([]);
      expect(past.total).toBe(5);
    }
    // Without a keyword the list keeps its own order.
    const plain = expectEnvelope<Page>(await w.designer.client.get('/api/tickets?pageSize=100'), 200).data;
    expect(plain.items.slice(0, 5).map((x) => x.ticket_id)).toEqual([inside, title, prefixNew, prefixOld, exact].map((x) => x.ticket_id));
  });

  it('finds a ticket renamed or moved by its new text and owner only', async () => {
    const w = await team();
    const other = await team();
    const ticket = await w.add('婚礼请柬｜烫金红色');
    for (const who of [w.designer, w.lead]) expect(ids(await search(who, '婚礼请柬'))).toEqual([ticket.ticket_id]);

    await t.db.updateTable('tickets').set({ title: '周年庆典邀请函｜蓝色' }).where('id', '=', ticket.ticket_id).execute();
    for (const who of [w.designer, w.lead]) {
      expect((await search(who, '婚礼请柬')).total, 'the old title').toBe(0);
      expect((await search(who, '请柬')).total, 'a part of the old title').toBe(0);
      expect(ids(await search(who, '庆典邀请')), 'the new title').toEqual([ticket.ticket_id]);
      expect(ids(await search(who, '邀请')), 'a part of the new title').toEqual([ticket.ticket_id]);
    }

    // Moved to another team: the old team's lead no longer finds it, the new one does.
    await t.db.updateTable('tickets').set({ team_id: other.teamId }).where('id', '=', ticket.ticket_id).execute();
    expect((await search(w.lead, '庆典邀请')).total).toBe(0);
    expect(ids(await search(other.lead, '庆典邀请'))).toEqual([ticket.ticket_id]);
  });

  it('searches the pool of unassigned tickets of no team, and the views', async () => {
    const shop = await firstShop(t);
    const nobodysProduct = await createProduct(t);
    const word = `琥珀${randomBytes(2).toString('hex')}`;
    const { ticket } = await ingest(t, order(shop, nobodysProduct, { title: `${word}包装盒设计` }));
    expect(ticket.designer_id).toBeNull();
    const lead = (await team()).lead;
    expect(ids(await search(lead, `${word}包装`, '&scope=pool'))).toEqual([ticket.ticket_id]);
    expect(ids(await search(lead, word.slice(0, 2), '&scope=pool'))).toContain(ticket.ticket_id);
    // Not in the lead's team.
    expect((await search(lead, `${word}包装`)).total).toBe(0);
  });

  it('looks for a keyword with a character beyond ASCII in titles alone, its ASCII letters in any case', async () => {
    const w = await team();
    const logo = await w.add('LOGO设计｜蓝色渐变');
    await w.add('名片设计｜logo 在背面');
    for (const who of [w.designer, w.lead]) {
      expect(ids(await search(who, 'logo设计'))).toEqual([logo.ticket_id]);
      expect(ids(await search(who, 'Go设'))).toEqual([logo.ticket_id]);
      expect((await search(who, `${logo.order_no}设`)).total, 'an order number and more').toBe(0);
    }
  });

  it('takes %, _ and \\ literally, and a keyword with a control character finds only what contains it', async () => {
    const w = await team();
    const a = await w.add('五折_优惠%券\\设计');
    await w.add('五折优惠券设计');
    for (const who of [w.designer, w.lead]) {
      expect(ids(await search(who, '折_优惠%券\\'))).toEqual([a.ticket_id]);
      expect(ids(await search(who, '惠%券'))).toEqual([a.ticket_id]);
      expect((await search(who, '优惠\u0001券')).total).toBe(0);
    }
  });

  if (dialect === 'sqlite') {
    it("holds titles alone in the text index (an order number is ASCII; only keywords beyond ASCII are looked up there)", async () => {
      const w = await team();
      const orderNo = `T${randomBytes(4).toString('hex').toUpperCase()}`;
      const coaster = await w.add('杯垫设计｜圆形', orderNo);
      const other = new SQLite(t.database.databaseUrl.slice('sqlite:'.length), { readonly: true });
      try {
        const entries = (body: string) => other.prepare('select rowid from tickets_search where tickets_search match ?').pluck().all(`body : "${body}"`);
        expect(entries('杯垫设计')).toContain(coaster.ticket_id);
        expect(entries(orderNo), 'the order number').toEqual([]);
        expect(entries(orderNo.slice(1, 7)), 'a part of it').toEqual([]);
      } finally {
        other.close();
      }
      // The order number is still found, by the scans.
      for (const who of [w.designer, w.lead]) {
        expect(ids(await search(who, orderNo))).toEqual([coaster.ticket_id]);
        expect(ids(await search(who, orderNo.slice(1, 7)))).toEqual([coaster.ticket_id]);
      }
    });

    it('keeps a list total between requests and drops it on any commit, also by another connection', async () => {
      const w = await team();
      await w.add('台历设计');
      await w.add('台历设计');
      const total = async () => expectEnvelope<Page>(await w.designer.client.get('/api/tickets?status=0&pageSize=1'), 200).data.total;
      expect(await total()).toBe(2);
      expect(await total()).toBe(2);
      // Another connection, as another worker process would: the app's writes are not involved.
      const file = t.database.databaseUrl.slice('sqlite:'.length);
      const other = new SQLite(file);
      try {
        other.pragma('busy_timeout = 5000');
        other.prepare("update tickets set status = '6' where id = (select max(id) from tickets where designer_id = ?)").run(w.designer.id);
        expect(await total()).toBe(1);
        other.prepare("update tickets set status = '0' where designer_id = ?").run(w.designer.id);
        expect(await total()).toBe(2);
      } finally {
        other.close();
      }
      // The app's own write (a new ticket) is counted at once.
      await w.add('台历设计');
      expect(await total()).toBe(3);
    });
  }
});
