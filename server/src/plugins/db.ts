import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/env.js';
import { type Db, type Dialect, migrateToLatest, openDatabase } from '../db/database.js';
import { startSessionListener } from '../modules/auth/session-cache.js';

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
    const opened = openDatabase({ url: opts.config.databaseUrl, schema: opts.schema });
    const applied = await migrateToLatest(opened.db, opened.dialect === 'postgres' ? opts.schema : undefined);
    if (applied.length) app.log.info({ applied }, 'database migrated');
    // After the migrations: the database's notices of changed sessions come from their triggers.
    const sessions =
      opened.dialect === 'postgres' ? await startSessionListener(opened.db, { url: opts.config.databaseUrl, schema: opts.schema, log: app.log }) : undefined;
    app.decorate('config', opts.config);
    app.decorate('db', sessions?.db ?? opened.db);
    app.decorate('dialect', opened.dialect);
    app.addHook('onClose', async () => {
      await sessions?.stop();
      await opened.close();
    });
  },
  { name: 'db' },
);
