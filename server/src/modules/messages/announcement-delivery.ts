/**
 * An announcement's type-29 messages, written after the publish has answered (outbox.ts): the lead's
 * call commits the announcement and answers; a unit of work of its own then claims the announcement
 * (`messages_at`), writes the message to every active designer it reaches as it reads now, and
 * commits; only then does the broadcast tell browsers to read them. Before, the call waited for a
 * thousand rows (SQLite's own insert of them: 11–14 ms at p50, ~36 ms at most; issue #19).
 *
 * Written after the commit, the messages take what the announcement is by then: an edit's title, or
 * none at all once it was withdrawn. A process that dies before writing them leaves the
 * announcement to the relay, which writes them through `deliver` on the same terms.
 */
import type { FastifyBaseLogger } from 'fastify';
import { nowIso } from '../../lib/time.js';
import { announcementRecipients, productIdsOf } from './announcement.repository.js';
import { announcementMessage, type MessageService } from './message.service.js';
import { claimAnnouncementMessages } from './outbox.repository.js';
import type { UnitOfWork } from './unit-of-work.js';

export interface AnnouncementDelivery {
  /** Writes the messages of an announcement just committed, then broadcasts it; the caller does not wait. */
  soon(id: number): void;
  /** Writes the messages of an announcement if no process has; answers whether this call wrote them (the relay's step). */
  deliver(id: number): Promise<boolean>;
  /** Resolves once every delivery started by `soon` has ended (app close, tests). */
  settled(): Promise<void>;
}

export function createAnnouncementDelivery(unitOfWork: UnitOfWork, messages: MessageService, log: FastifyBaseLogger): AnnouncementDelivery {
  const running = new Set<Promise<void>>();

  /** The claim, the recipients and their messages in one unit of work; the announcement as written, if this call wrote them. */
  const write = (id: number) =>
    unitOfWork(async (trx, { send }) => {
      const a = await claimAnnouncementMessages(trx, id, nowIso());
      // Another process wrote them, or it was withdrawn first (its messages would only be deleted).
      if (!a || a.withdrawn_at !== null) return undefined;
      const productIds = (await productIdsOf(trx, [id])).get(id) ?? [];
      send(await announcementRecipients(trx, a.scope, productIds), announcementMessage(a));
      return { id: a.id, title: a.title, scope: a.scope, published_at: a.published_at, product_ids: productIds };
    });

  return {
    soon(id) {
      // After this turn of the event loop: the answer is written to its socket first (started at
      // once, the thousand-row insert would run, synchronously on SQLite, before the reply goes out).
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => write(id))
        .then(
          (written) => {
            if (written) messages.broadcastAnnouncement(written);
          },
          // Left with `messages_at` null: the relay writes them (outbox.ts RELAY_AFTER_MS).
          (err: unknown) => log.warn({ err, id }, 'announcement: could not write its messages; the outbox relay will'),
        )
        .finally(() => running.delete(done));
      running.add(done);
    },
    async deliver(id) {
      return (await write(id)) !== undefined;
    },
    async settled() {
      while (running.size) await Promise.all(running);
    },
  };
}
