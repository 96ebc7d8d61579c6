import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('teams'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('lead_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('designers'))
    .addColumn('phone', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('designer_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('nickname', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('wechat', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('company_wechat', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('real_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('gender', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('work_purpose', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('available_time', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('current_occupation', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('current_registration_step', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('specialty_tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('software_tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('invite_code', 'text', (c) => c.notNull().unique())
    .addColumn('team_id', 'integer', (c) => c.references('teams.id'))
    .addColumn('team_role', 'text', (c) => c.notNull().defaultTo('member'))
    .addColumn('account_status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('online_ticket_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('daily_capacity', 'integer', (c) => c.notNull().defaultTo(20))
    .addColumn('bank_account_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bank_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bank_branch', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bank_account_no', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('update_time', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('designers_team_idx').on('designers').column('team_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('designer_id', 'integer', (c) => c.notNull().references('designers.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('sessions_designer_idx').on('sessions').column('designer_id').execute();

  await withId(db, db.schema.createTable('verify_codes'))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('scene', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('consumed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('verify_codes_phone_idx')
    .on('verify_codes')
    .columns(['phone', 'scene', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('sms_outbox'))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('scene', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sms_outbox_phone_idx').on('sms_outbox').columns(['phone', 'id']).execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('products'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('designer_products')
    .addColumn('designer_id', 'integer', (c) => c.notNull().references('designers.id'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addPrimaryKeyConstraint('designer_products_pk', ['designer_id', 'product_id'])
    .execute();

  await withId(db, db.schema.createTable('shops'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('designer_shops')
    .addColumn('designer_id', 'integer', (c) => c.notNull().references('designers.id'))
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addPrimaryKeyConstraint('designer_shops_pk', ['designer_id', 'shop_id'])
    .execute();

}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'designer_shops',
    'shops',
    'designer_products',
    'products',
    'rate_limits',
    'sms_outbox',
    'verify_codes',
    'sessions',
    'designers',
    'teams',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
