import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * SQLite's ticket text index (`tickets_search`, migration 20261204T1000_ticket_search) holds the
 * title alone, no longer the order number before it. The index only answers keywords with a
 * character beyond ASCII (ticket-search-text.ts `indexable`), and an order number is ASCII only
 * (`orderNoSchema`), so its trigrams never matched anything: they were a third of each ticket's
 * tokens, written in the transaction of every ticket insert (a group of 35 ingested orders: its
 * commit 3.55 → 2.72 ms with titles alone; modules/tickets/README.md, *Performance notes*).
 * Order numbers are still found, by the scans of the text indexes, as before. The table is made
 * again and filled from the tickets; its triggers no longer fire on an order number's change.
 * PostgreSQL: nothing changes (pg_trgm indexes on the columns themselves).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await rebuild(db, (t) => `${t}.title`, 'title, team_id, current_allocation_id');
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await rebuild(db, (t) => `${t}.order_no || char(1) || ${t}.title`, 'order_no, title, team_id, current_allocation_id');
}

async function rebuild(db: Kysely<any>, body: (t: string) => string, watched: string): Promise<void> {
  await sql`drop trigger tickets_search_au`.execute(db);
  await sql`drop trigger tickets_search_ad`.execute(db);
  await sql`drop trigger tickets_search_ai`.execute(db);
  await sql`drop table tickets_search`.execute(db);
  await sql`create virtual table tickets_search using fts5(scope, body, tokenize = 'trigram', content = '', contentless_delete = 1)`.execute(db);
  const row = (t: 'new' | 'old') => sql.raw(`${t}.id, ${scopeText(t)}, ${body(t)}`);
  await sql`create trigger tickets_search_ai after insert on tickets begin
      insert into tickets_search (rowid, scope, body) values (${row('new')});
    end`.execute(db);
  await sql`create trigger tickets_search_ad after delete on tickets begin
      delete from tickets_search where rowid = old.id;
    end`.execute(db);
  await sql`create trigger tickets_search_au after update of ${sql.raw(watched)} on tickets begin
      delete from tickets_search where rowid = old.id;
      insert into tickets_search (rowid, scope, body) values (${row('new')});
    end`.execute(db);
  await sql`insert into tickets_search (rowid, scope, body) select ${sql.raw(`id, ${scopeText('tickets')}, ${body('tickets')}`)} from tickets`.execute(db);
}

/** The owner tokens of a row, as SQL over `t`: frozen, the same text as 20261204T1000_ticket_search's. */
function scopeText(t: string): string {
  const token = (marker: number, id: string) => `case when ${id} is null then '' else char(${marker}, ${0xe000} + ${id} / 4096, ${0xe000} + ${id} % 4096) end`;
  return (
    `${token(0xf8f1, `${t}.team_id`)} || ` +
    `case when ${t}.team_id is null and ${t}.current_allocation_id is null then char(${0xf8f2}, ${0xf8f2}, ${0xf8f2}) else '' end`
  );
}
