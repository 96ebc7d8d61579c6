import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Team invite links (product.md §4: invite codes expiring, limited uses), who joined through them,
 * and the daily panel keys a lead issues for the public big screen (stored hashed).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('team_invites'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'integer', (c) => c.notNull().references('designers.id'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('max_uses', 'integer', (c) => c.notNull())
    .addColumn('used_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('team_invites_team_idx').on('team_invites').columns(['team_id', 'id']).execute();

  await withId(db, db.schema.createTable('team_invite_joins'))
    .addColumn('invite_id', 'integer', (c) => c.notNull().references('team_invites.id'))
    .addColumn('designer_id', 'integer', (c) => c.notNull().references('designers.id'))
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('team_invite_joins_invite_idx').on('team_invite_joins').columns(['invite_id', 'id']).execute();

  await withId(db, db.schema.createTable('panel_keys'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'))
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('key_hint', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull().references('designers.id'))
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('panel_keys_team_idx').on('panel_keys').columns(['team_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('panel_keys').execute();
  await db.schema.dropTable('team_invite_joins').execute();
  await db.schema.dropTable('team_invites').execute();
}
