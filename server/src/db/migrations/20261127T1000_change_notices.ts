import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * PostgreSQL only: notices of changes that processes keep in memory (db/change-notices.ts), sent
 * when the change commits, with `<schema>:<designer id>`:
 * - `dwp_auth_changed`: a designer's row or one of their sessions was updated or deleted;
 * - `dwp_tickets_changed`: a ticket of the designer was added, changed or removed, or moved to or
 *   from them (both designers are notified); the same for teams, with `<schema>:t<team id>`.
 * SQLite keeps nothing in memory and needs none of this.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    create function dwp_designer_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('dwp_auth_changed', tg_table_schema || ':' || old.id);
      return null;
    end $$`.execute(db);
  await sql`
    create function dwp_session_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('dwp_auth_changed', tg_table_schema || ':' || old.designer_id);
      return null;
    end $$`.execute(db);
  await sql`
    create function dwp_ticket_changed() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' and old.designer_id is not null then
        perform pg_notify('dwp_tickets_changed', tg_table_schema || ':' || old.designer_id);
      end if;
      if tg_op <> 'DELETE' and new.designer_id is not null
         and (tg_op = 'INSERT' or new.designer_id is distinct from old.designer_id) then
        perform pg_notify('dwp_tickets_changed', tg_table_schema || ':' || new.designer_id);
      end if;
      if tg_op <> 'INSERT' and old.team_id is not null then
        perform pg_notify('dwp_tickets_changed', tg_table_schema || ':t' || old.team_id);
      end if;
      if tg_op <> 'DELETE' and new.team_id is not null
         and (tg_op = 'INSERT' or new.team_id is distinct from old.team_id) then
        perform pg_notify('dwp_tickets_changed', tg_table_schema || ':t' || new.team_id);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger designers_changed after update or delete on designers
    for each row execute function dwp_designer_changed()`.execute(db);
  await sql`
    create trigger sessions_changed after update or delete on sessions
    for each row execute function dwp_session_changed()`.execute(db);
  await sql`
    create trigger tickets_changed after insert or update or delete on tickets
    for each row execute function dwp_ticket_changed()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger tickets_changed on tickets`.execute(db);
  await sql`drop trigger sessions_changed on sessions`.execute(db);
  await sql`drop trigger designers_changed on designers`.execute(db);
  await sql`drop function dwp_ticket_changed()`.execute(db);
  await sql`drop function dwp_session_changed()`.execute(db);
  await sql`drop function dwp_designer_changed()`.execute(db);
}
