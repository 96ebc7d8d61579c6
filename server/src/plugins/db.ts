import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/env.js';
import { type Db, type Dialect, migrateToLatest, openDatabase } from '../db/database.js';

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
    app.decorate('config', opts.config);
    app.decorate('db', opened.db);
    app.decorate('dialect', opened.dialect);
    const applied = await migrateToLatest(opened.db, opened.dialect === 'postgres' ? opts.schema : undefined);
    if (applied.length) app.log.info({ applied }, 'database migrated');
    app.addHook('onClose', async () => {
      await opened.close();
    });
  },
  { name: 'db' },
);
