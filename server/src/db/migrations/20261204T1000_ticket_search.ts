import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * The text index of the tickets' keyword search (modules/tickets/README.md, *Search*), kept by the
 * database itself in the transaction of every ticket write:
 * - SQLite: `tickets_search`, an FTS5 table with the trigram tokenizer (contentless: it holds only
 *   the index). `body` is the order number and the title, joined by U+0001 so no match spans the
 *   two; `scope` holds one three-character token for the ticket's team, or for the pool of
 *   unassigned tickets of no team, so a team's search ANDs "this team's" with the words inside the
 *   index instead of checking each match's row. Triggers keep it (insert, delete, and an update of
 *   any column it reads); the existing tickets are indexed here.
 * - PostgreSQL: pg_trgm GIN indexes on `title` and `order_no` (ILIKE '%…%' uses them). pg_trgm is
 *   created in `public` when it is missing (in the current schema when there is no `public`): a
 *   throwaway schema must not own it, or dropping that schema would drop every other schema's
 *   indexes on it.
 * - Both: a designer's tickets (a few thousand at most) are searched by a scan of
 *   `tickets_designer_text_idx`, which carries the order number and the title (no row is read to
 *   test them; on PostgreSQL an index-only scan); it replaces `tickets_designer_created_idx`, whose
 *   columns it starts with. `tickets_team_text_idx` likewise replaces `tickets_team_created_idx`
 *   (a team's 1–2-character and ASCII searches scan it).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('tickets_designer_text_idx').on('tickets').columns(['designer_id', 'created_at', 'id', 'order_no', 'title']).execute();
  await db.schema.dropIndex('tickets_designer_created_idx').execute();
  await db.schema.createIndex('tickets_team_text_idx').on('tickets').columns(['team_id', 'created_at', 'id', 'order_no', 'title']).execute();
  await db.schema.dropIndex('tickets_team_created_idx').execute();
  if (isPostgres(db)) {
    let schema = await trgmSchema(db);
    if (!schema) {
      const { rows } = await sql<{ has_public: boolean }>`select exists (select 1 from pg_namespace where nspname = 'public') as has_public`.execute(db);
      await sql.raw(`create extension if not exists pg_trgm${rows[0]!.has_public ? ' with schema public' : ''}`).execute(db);
      schema = await trgmSchema(db);
    }
    const ops = sql.raw(`${quoteIdent(schema!)}.gin_trgm_ops`);
    await sql`create index tickets_title_trgm_idx on tickets using gin (title ${ops})`.execute(db);
    await sql`create index tickets_order_no_trgm_idx on tickets using gin (order_no ${ops})`.execute(db);
    return;
  }
  await sql`create virtual table tickets_search using fts5(scope, body, tokenize = 'trigram', content = '', contentless_delete = 1)`.execute(db);
  const row = (t: 'new' | 'old') => sql.raw(`${t}.id, ${scopeText(t)}, ${t}.order_no || char(1) || ${t}.title`);
  await sql`create trigger tickets_search_ai after insert on tickets begin
      insert into tickets_search (rowid, scope, body) values (${row('new')});
    end`.execute(db);
  await sql`create trigger tickets_search_ad after delete on tickets begin
      delete from tickets_search where rowid = old.id;
    end`.execute(db);
  await sql`create trigger tickets_search_au after update of order_no, title, team_id, current_allocation_id on tickets begin
      delete from tickets_search where rowid = old.id;
      insert into tickets_search (rowid, scope, body) values (${row('new')});
    end`.execute(db);
  await sql`insert into tickets_search (rowid, scope, body) select ${sql.raw(`id, ${scopeText('tickets')}, order_no || char(1) || title`)} from tickets`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index tickets_order_no_trgm_idx`.execute(db);
    await sql`drop index tickets_title_trgm_idx`.execute(db);
  } else {
    await sql`drop trigger tickets_search_au`.execute(db);
    await sql`drop trigger tickets_search_ad`.execute(db);
    await sql`drop trigger tickets_search_ai`.execute(db);
    await sql`drop table tickets_search`.execute(db);
  }
  await db.schema.createIndex('tickets_team_created_idx').on('tickets').columns(['team_id', 'created_at', 'id']).execute();
  await db.schema.dropIndex('tickets_team_text_idx').execute();
  await db.schema.createIndex('tickets_designer_created_idx').on('tickets').columns(['designer_id', 'created_at', 'id']).execute();
  await db.schema.dropIndex('tickets_designer_text_idx').execute();
}

async function trgmSchema(db: Kysely<any>): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  return rows[0]?.schema;
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * The owner tokens of a row, as SQL over `t` (new, old or the table): a marker character and an
 * id in two characters of the Private Use Area (ticket-search-text.ts builds the same tokens for a
 * query). Frozen with this migration: the repository's copy must keep making the same text.
 */
function scopeText(t: string): string {
  const token = (marker: number, id: string) => `case when ${id} is null then '' else char(${marker}, ${0xe000} + ${id} / 4096, ${0xe000} + ${id} % 4096) end`;
  return (
    `${token(0xf8f1, `${t}.team_id`)} || ` +
    `case when ${t}.team_id is null and ${t}.current_allocation_id is null then char(${0xf8f2}, ${0xf8f2}, ${0xf8f2}) else '' end`
  );
}
