import type { Kysely } from 'kysely';

/**
 * Who referred a designer: the owner of the personal invite code given at registration (issue #23).
 * A personal code only records this; joining a team goes through a lead's invite link alone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('designers')
    .addColumn('referred_by', 'integer', (c) => c.references('designers.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('designers').dropColumn('referred_by').execute();
}
