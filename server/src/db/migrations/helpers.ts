import { type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

/** True when the migration runs against PostgreSQL. */
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Adds an auto-generated integer primary key `id`: an identity column on PostgreSQL, the rowid
 * alias on SQLite. The only dialect difference the migrations need.
 */
export function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

