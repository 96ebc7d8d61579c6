/**
 * What a process keeps of the ticket list between requests never outlives a change
 * (db/change-notices.ts): on SQLite a list answer (its JSON and its compressed bytes) and the
 * session behind a token are kept until anything is committed, by this process or another; on
 * PostgreSQL totals and sessions follow their notices. "Another process" is a connection of the
 * test's own to the same database. The rules hold on both databases.
 */
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sqliteCache } from '../src/db/change-notices.js';
import { elsewhere } from './support/elsewhere.js';
import { dialects, expect401, expectEnvelope } from './support/harness.js';
import { createPerson, createProduct, firstShop, ingest, order, type Person, useTicketApp } from './support/tickets.js';

interface Page {
  items: { ticket_id: number; title: string; unread_comments: number }[];
  total: number;
}

describe.each(dialects)('kept ticket list answers (%s)', (dialect) => {
  const t = useTicketApp(dialect);
  const URL = '/api/tickets?page=1&pageSize=20';

  async function designerWithTickets(n: number): Promise<{ designer: Person; shop: number; product: number }> {
    const shop = await firstShop(t);
    const product = await createProduct(t);
    const designer = await createPerson(t, { type: 1, products: [product], capacity: 50 });
    for (let i = 0; i < n; i++) expect((await ingest(t, order(shop, product))).ticket.designer_id).toBe(designer.code);
    return { designer, shop, product };
  }
  const page = async (who: Person, url = URL) => expectEnvelope<Page>(await who.client.get(url), 200).data;

  it('a title changed by another process shows on the very next request', async () => {
    const { designer } = await designerWithTickets(2);
    const before = await page(designer);
    expect(before.total).toBe(2);
    expect(await page(designer)).toEqual(before);
    if (dialect === 'sqlite') expect(sqliteCache(t.db, 'ticketPages')?.size).toBeGreaterThan(0);
    const id = before.items[0]!.ticket_id;
    await elsewhere(t, 'update tickets set title = ? where id = ?', ['另一进程改的标题', id]);
    const after = await page(designer);
    expect(after.items.find((r) => r.ticket_id === id)!.title).toBe('另一进程改的标题');
  });

  it('a ticket this process adds, and one another process moves away, change the next answer and its total', async () => {
    const { designer, shop, product } = await designerWithTickets(1);
    expect((await page(designer)).total).toBe(1);
    await ingest(t, order(shop, product));
    const two = await page(designer);
    expect(two.total).toBe(2);
    await elsewhere(t, 'update tickets set designer_id = null, current_allocation_id = null where id = ?', [two.items[0]!.ticket_id]);
    // PostgreSQL: the notice of the other process's change arrives a moment after its commit (CI
    // once read the kept answer in between); SQLite sees it on the next request.
    if (dialect === 'postgres') await expect.poll(async () => (await page(designer)).total, { timeout: 5_000 }).toBe(1);
    const one = await page(designer);
    expect(one.total).toBe(1);
    expect(one.items.map((r) => r.ticket_id)).toEqual([two.items[1]!.ticket_id]);
  });

  it('a comment written by another process counts as unread on the next request', async () => {
    const { designer } = await designerWithTickets(1);
    const other = await createPerson(t, { type: 1 });
    const row = (await page(designer)).items[0]!;
    expect(row.unread_comments).toBe(0);
    const now = new Date().toISOString();
    await elsewhere(
      t,
      "insert into comments (subject_type, subject_id, author_id, body, created_at) values ('ticket', ?, ?, '另一进程的评论', ?)",
      [row.ticket_id, other.id, now],
    );
    expect((await page(designer)).items[0]!.unread_comments).toBe(1);
  });

  it('a session revoked by another process is refused on the next request', async () => {
    const { designer } = await designerWithTickets(1);
    await page(designer);
    await page(designer);
    await elsewhere(t, 'update sessions set revoked_at = ? where designer_id = ?', [new Date().toISOString(), designer.id]);
    if (dialect === 'sqlite') expect401(await designer.client.get(URL));
    else {
      // PostgreSQL: the notice of the change arrives a moment after its commit.
      await expect.poll(async () => (await designer.client.get(URL)).statusCode, { timeout: 5_000 }).toBe(401);
    }
  });

  it('the same answer whether kept or not, in every encoding, with the same headers', async () => {
    const { designer } = await designerWithTickets(30);
    const decode = (encoding: string | undefined, body: Buffer) =>
      encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : encoding === 'deflate' ? zlib.inflateSync(body) : body;
    const plain = (await designer.client.get(URL, { headers: { 'accept-encoding': 'identity' } })).body;
    expect(JSON.parse(plain).data.items).toHaveLength(20);
    for (const accepts of ['gzip', 'br', 'deflate', 'gzip, deflate, br', 'identity']) {
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await designer.client.get(URL, { headers: { 'accept-encoding': accepts } }));
      for (const res of answers) {
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.headers['content-encoding']).toBe(answers[0]!.headers['content-encoding']);
        expect(res.headers.vary).toBe(answers[0]!.headers.vary);
        expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
        expect(decode(res.headers['content-encoding'] as string | undefined, res.rawPayload).toString('utf8')).toBe(plain);
      }
      if (accepts !== 'identity') {
        expect(answers[0]!.headers['content-encoding']).toBe(accepts === 'gzip, deflate, br' ? answers[0]!.headers['content-encoding'] : accepts);
        expect(answers[0]!.headers.vary).toContain('accept-encoding');
      }
    }
  });
});
