import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { databaseReachable } from '../db/database.js';

/** How long readiness waits for the database to answer. */
const DATABASE_TIMEOUT_MS = 1_000;

export interface Readiness {
  ready: boolean;
  database: boolean;
  broker: boolean;
  draining: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: {
      /** Whether this instance should get traffic: its database and broker backend answer, and it is not shutting down. */
      check(): Promise<Readiness>;
      /** From now on not ready (SIGTERM): the load balancer stops sending new requests here. */
      beginDrain(): void;
    };
  }
}

/**
 * Readiness for a load balancer (GET /api/system/ready, modules/system): an instance that cannot
 * reach its database or its broker backend says so and is taken out, rather than answering 500s;
 * one that was told to stop says so first (SHUTDOWN_DELAY_MS) and closes after.
 */
export default fp(
  async function readinessPlugin(app: FastifyInstance) {
    let draining = false;
    app.decorate('readiness', {
      async check() {
        const [database, broker] = await Promise.all([databaseReachable(app.db, DATABASE_TIMEOUT_MS), app.broker.reachable()]);
        return { ready: database && broker && !draining, database, broker, draining };
      },
      beginDrain() {
        draining = true;
      },
    });
  },
  { name: 'readiness', dependencies: ['db', 'broker'] },
);
