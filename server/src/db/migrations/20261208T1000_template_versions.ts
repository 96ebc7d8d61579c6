import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * `template_versions`: one row (id 1) of three numbers that move, in the same transaction, with the
 * changes that concern what each process keeps of the template library in memory
 * (modules/templates/search-index.ts, card-cache.ts):
 * - `search`: a template inserted or deleted, or its search_text, status, team, owner, featured
 *   flag or category updated (what the search's matching reads);
 * - `cards`: all of those and any other update of a template (use count, dates, description), a
 *   change to its tags, products or files, a product renamed or removed, a designer renamed (what a
 *   list card shows);
 * - `stars`: a favourite added or removed (whose stars a list marks).
 * Each process reads the row before a list answer and drops what it keeps when a number moved,
 * whichever connection or process committed it. On PostgreSQL the triggers also notify
 * `dwp_templates_changed` (`<schema>:*`), so a process keeps the row itself until then
 * (db/change-notices.ts `templateVersions`; the tables are its `TEMPLATE_TABLES`). Triggers on both databases, so no write path (a
 * migration, a script, another instance) can forget it.
 */
const SEARCH_COLUMNS = ['search_text', 'status', 'team_id', 'owner_id', 'featured', 'category'];
const CARD_TABLES = ['template_tags', 'template_products', 'template_files'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('template_versions')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('search', 'bigint', (c) => c.notNull())
    .addColumn('cards', 'bigint', (c) => c.notNull())
    .addColumn('stars', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('template_versions').values({ id: 1, search: 1, cards: 1, stars: 1 }).execute();
  const cols = sql.join(SEARCH_COLUMNS.map((c) => sql.id(c)));
  if (isPostgres(db)) {
    // One function per set of numbers moved: each bumps them and notifies (one notice per
    // transaction: PostgreSQL folds notices of the same text).
    const moves = { search: 'search = search + 1, cards = cards + 1', cards: 'cards = cards + 1', stars: 'stars = stars + 1' };
    for (const [name, set] of Object.entries(moves)) {
      await sql`
        create function ${sql.id(`dwp_template_${name}_changed`)}() returns trigger language plpgsql as $$
        begin
          update template_versions set ${sql.raw(set)} where id = 1;
          perform pg_notify('dwp_templates_changed', tg_table_schema || ':*');
          return null;
        end $$`.execute(db);
    }
    await sql`create trigger template_favourites_stars after insert or update or delete or truncate on template_favourites for each statement execute function dwp_template_stars_changed()`.execute(db);
    await sql`create trigger templates_search_rows after insert or delete or truncate on templates for each statement execute function dwp_template_search_changed()`.execute(db);
    await sql`create trigger templates_search_columns after update of ${cols} on templates for each statement execute function dwp_template_search_changed()`.execute(db);
    await sql`create trigger templates_cards after update on templates for each statement execute function dwp_template_cards_changed()`.execute(db);
    for (const table of CARD_TABLES) {
      await sql`create trigger ${sql.id(`${table}_cards`)} after insert or update or delete or truncate on ${sql.table(table)} for each statement execute function dwp_template_cards_changed()`.execute(db);
    }
    await sql`create trigger products_template_cards after update of name or delete on products for each statement execute function dwp_template_cards_changed()`.execute(db);
    await sql`create trigger designers_template_cards after update of real_name, nickname or delete on designers for each statement execute function dwp_template_cards_changed()`.execute(db);
    return;
  }
  const both = sql.raw('update template_versions set search = search + 1, cards = cards + 1 where id = 1;');
  const cards = sql.raw('update template_versions set cards = cards + 1 where id = 1;');
  const stars = sql.raw('update template_versions set stars = stars + 1 where id = 1;');
  for (const op of ['insert', 'update', 'delete']) await sql`create trigger ${sql.id(`template_favourites_stars_${op}`)} after ${sql.raw(op)} on template_favourites begin ${stars} end`.execute(db);
  await sql`create trigger templates_search_insert after insert on templates begin ${both} end`.execute(db);
  await sql`create trigger templates_search_delete after delete on templates begin ${both} end`.execute(db);
  await sql`create trigger templates_search_update after update of ${cols} on templates begin ${both} end`.execute(db);
  await sql`create trigger templates_cards_update after update on templates begin ${cards} end`.execute(db);
  for (const table of CARD_TABLES) {
    for (const op of ['insert', 'update', 'delete']) await sql`create trigger ${sql.id(`${table}_cards_${op}`)} after ${sql.raw(op)} on ${sql.table(table)} begin ${cards} end`.execute(db);
  }
  await sql`create trigger products_template_cards_update after update of name on products begin ${cards} end`.execute(db);
  await sql`create trigger products_template_cards_delete after delete on products begin ${cards} end`.execute(db);
  await sql`create trigger designers_template_cards_update after update of real_name, nickname on designers begin ${cards} end`.execute(db);
  await sql`create trigger designers_template_cards_delete after delete on designers begin ${cards} end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const [name, table] of [
      ['templates_search_rows', 'templates'],
      ['templates_search_columns', 'templates'],
      ['templates_cards', 'templates'],
      ...CARD_TABLES.map((t) => [`${t}_cards`, t]),
      ['products_template_cards', 'products'],
      ['designers_template_cards', 'designers'],
      ['template_favourites_stars', 'template_favourites'],
    ]) {
      await sql`drop trigger ${sql.id(name!)} on ${sql.table(table!)}`.execute(db);
    }
    for (const name of ['search', 'cards', 'stars']) await sql`drop function ${sql.id(`dwp_template_${name}_changed`)}()`.execute(db);
  } else {
    const names = [
      'templates_search_insert',
      'templates_search_delete',
      'templates_search_update',
      'templates_cards_update',
      ...CARD_TABLES.flatMap((t) => ['insert', 'update', 'delete'].map((op) => `${t}_cards_${op}`)),
      'products_template_cards_update',
      'products_template_cards_delete',
      'designers_template_cards_update',
      'designers_template_cards_delete',
      ...['insert', 'update', 'delete'].map((op) => `template_favourites_stars_${op}`),
    ];
    for (const name of names) await sql`drop trigger ${sql.id(name)}`.execute(db);
  }
  await db.schema.dropTable('template_versions').execute();
}
