/**
 * The one unit of work of every change that sends messages (tickets, appeals, plans, and every
 * module after them): `work` runs in a transaction and queues its messages; they are written in
 * the same transaction (the outbox, outbox.ts), so the change and its messages commit together or
 * not at all; after the commit they are published and the `after` callbacks run.
 *
 * This is the one place a transaction is opened (`db.transaction()`): services and repositories
 * take the transaction they are given, and a change that sends nothing (auth's password reset, an
 * announcement read, a plan's cells) runs through `app.unitOfWork` all the same; eslint refuses
 * `.transaction()` anywhere else in modules/.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { OutgoingMessage, PersistedMessages } from './message.model.js';

export interface WorkContext {
  /** Queues a message to these designers (duplicates dropped), written with the change. */
  send(to: readonly number[], message: OutgoingMessage): void;
  /** Runs after the commit, e.g. to fill a cache with what was committed. */
  after(fn: () => void): void;
}

export type UnitOfWork = <T>(work: (trx: Transaction<Database>, ctx: WorkContext) => Promise<T>) => Promise<T>;

/** How the unit of work writes its queued messages (the message service's `persistEach`). */
export interface MessageWriter {
  persistEach(trx: Transaction<Database>, items: readonly { designerId: number; message: OutgoingMessage }[]): Promise<PersistedMessages>;
}

export function createUnitOfWork(db: Db, messages: MessageWriter, log: FastifyBaseLogger): UnitOfWork {
  return async (work) => {
    const queued: { designerId: number; message: OutgoingMessage }[] = [];
    const afterCommit: (() => void)[] = [];
    let persisted: PersistedMessages | undefined;
    const result = await db.transaction().execute(async (trx) => {
      const value = await work(trx, {
        send: (to, message) => {
          for (const designerId of new Set(to)) queued.push({ designerId, message });
        },
        after: (fn) => afterCommit.push(fn),
      });
      persisted = await messages.persistEach(trx, queued);
      return value;
    });
    persisted?.publish();
    for (const fn of afterCommit) {
      // The change is committed: a failing follow-up (a cache fill) must not turn it into an error.
      try {
        fn();
      } catch (err) {
        log.error({ err }, 'unit of work: an after-commit step failed');
      }
    }
    return result;
  };
}
