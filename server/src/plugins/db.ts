import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type AppConfig, poolSizeOf } from '../config/env.js';
import { type ChangeNotices, keepSqliteCaches, startChangeNotices } from '../db/change-notices.js';
import { type Db, type Dialect, describeDatabase, migrateToLatest, openDatabase, waitForDatabase } from '../db/database.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dialect: Dialect;
    config: AppConfig;
  }
}

export interface DbPluginOptions {
  config: AppConfig;
  /** PostgreSQL schema to run in (tests). */
  schema?: string;
}

export default fp<DbPluginOptions>(
  async function dbPlugin(app: FastifyInstance, opts) {
    const { databaseUrl, databaseTimeouts } = opts.config;
    const opened = openDatabase({
      url: databaseUrl,
      schema: opts.schema,
      poolSize: poolSizeOf(opts.config),
      timeouts: databaseTimeouts,
      onConnectionError: (err) => app.log.warn({ err }, 'database: a pooled connection failed; it is dropped and replaced when needed'),
    });
    let notices: ChangeNotices | undefined;
    try {
      await waitForDatabase(opened.db, databaseTimeouts.startMs, ({ attempt, retryInMs, error }) =>
        app.log.warn(
          `waiting for the database ${describeDatabase(databaseUrl)} (${error}); attempt ${attempt}, next in ${retryInMs} ms, giving up after DATABASE_START_TIMEOUT_MS=${databaseTimeouts.startMs} ms`,
        ),
      );
      const applied = await migrateToLatest(opened.db, opened.dialect === 'postgres' ? opts.schema : undefined);
      if (applied.length) app.log.info({ applied }, 'database migrated');
      // After the migrations: the change notices come from their triggers.
      if (opened.dialect === 'postgres') notices = await startChangeNotices(opened.db, { url: opts.config.databaseUrl, schema: opts.schema, log: app.log });
      else if (opened.dataVersion) keepSqliteCaches(opened.db, opened.dataVersion);
    } catch (err) {
      // The app does not start: its connections must not keep the process (or a test run) alive.
      await opened.close();
      throw err;
    }
    app.decorate('config', opts.config);
    app.decorate('db', notices?.db ?? opened.db);
    app.decorate('dialect', opened.dialect);
    app.addHook('onClose', async () => {
      await notices?.stop();
      await opened.close();
    });
  },
  { name: 'db' },
);
