/**
 * The welcome page's flag (issue #18): set when a designer finishes onboarding (the onboarding
 * module calls this in the transaction that saves step 6), cleared when they leave the page
 * (`POST /workbench/welcome/done`). Kept on the server so it follows the person across browsers.
 */
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../lib/time.js';
import { DEFAULT_PREFERENCES } from './preferences.service.js';
import { savePreference } from './views.repository.js';

/** The next home of `designerId` shows the welcome page. */
export async function markWelcomePending(db: Db | Transaction<Database>, designerId: number): Promise<void> {
  await savePreference(db, designerId, { welcome_pending: 1 }, DEFAULT_PREFERENCES, nowIso());
}
