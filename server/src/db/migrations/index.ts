import type { Migration, MigrationProvider } from 'kysely';
import * as init from './20261122T1000_init.js';
import * as messages from './20261122T1100_messages.js';

/** Every migration, by name. Names carry a timestamp; a landed migration is never edited. */
const migrations: Record<string, Migration> = {
  '20261122T1000_init': init,
  '20261122T1100_messages': messages,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
