import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * PostgreSQL only: every change to a designer's row or to one of their sessions notifies channel
 * `dwp_auth_changed` with `<schema>:<designer id>`, after the change commits. Each server process
 * keeps the sessions it has looked up (modules/auth/session-cache.ts) and drops a designer's on
 * this notice, whichever process or instance made the change. SQLite looks a session up in-process
 * in microseconds and keeps nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    create function dwp_designer_auth_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('dwp_auth_changed', tg_table_schema || ':' || old.id);
      return null;
    end $$`.execute(db);
  await sql`
    create function dwp_session_auth_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('dwp_auth_changed', tg_table_schema || ':' || old.designer_id);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger designers_auth_changed after update or delete on designers
    for each row execute function dwp_designer_auth_changed()`.execute(db);
  await sql`
    create trigger sessions_auth_changed after update or delete on sessions
    for each row execute function dwp_session_auth_changed()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger sessions_auth_changed on sessions`.execute(db);
  await sql`drop trigger designers_auth_changed on designers`.execute(db);
  await sql`drop function dwp_session_auth_changed()`.execute(db);
  await sql`drop function dwp_designer_auth_changed()`.execute(db);
}
