import type { Kysely } from 'kysely';

/**
 * The welcome page (issue #18): `workbench_preferences.welcome_pending` is 1 from the moment a
 * designer finishes onboarding (step 6) until they leave the welcome page; null or 0 otherwise, so
 * accounts that never went through onboarding here (the seed, imports) see no welcome page.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('workbench_preferences').addColumn('welcome_pending', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('workbench_preferences').dropColumn('welcome_pending').execute();
}
