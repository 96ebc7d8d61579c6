import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type AnnouncementDelivery, createAnnouncementDelivery } from './announcement-delivery.js';
import { createMessageService } from './message.service.js';
import { createOutbox, type Outbox } from './outbox.js';
import { createUnitOfWork, type UnitOfWork } from './unit-of-work.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs a change and the messages it sends as one unit (unit-of-work.ts). */
    unitOfWork: UnitOfWork;
    /** The message outbox (outbox.ts): its relay and pending marks, for operations and tests. */
    outbox: Outbox;
    /** Writes a published announcement's messages after its answer (announcement-delivery.ts). */
    announcementDelivery: AnnouncementDelivery;
  }
}

/**
 * Decorates `app.messages`, `app.unitOfWork` and `app.announcementDelivery`, and runs the outbox relay in one process of the
 * instance (worker 0, like the simulator; the relay's claims keep several instances apart).
 */
export default fp(
  async function messagesPlugin(app: FastifyInstance) {
    const outbox = createOutbox(app.db, app.log);
    const messages = createMessageService(app.db, app.broker, outbox, app.log);
    app.decorate('messages', messages);
    app.decorate('outbox', outbox);
    const unitOfWork = createUnitOfWork(app.db, messages, app.log);
    const delivery = createAnnouncementDelivery(unitOfWork, messages, app.log);
    app.decorate('unitOfWork', unitOfWork);
    app.decorate('announcementDelivery', delivery);
    // A session that ended takes its live connections with it.
    app.sessionEvents.on('ended', ({ designerId, sessionId }) => app.broker.disconnectSessions(designerId, sessionId));
    if ((app.config.workerIndex ?? 0) === 0) {
      app.addHook('onReady', async () =>
        outbox.startRelay(
          (row) => messages.publishRow(row),
          (announcement) => messages.publishAnnouncementRow(announcement),
          (id) => delivery.deliver(id),
        ),
      );
    }
    // Registered after the database plugin, so this runs before the database closes: the
    // announcements' messages still being written first, then the outbox's pending marks.
    app.addHook('onClose', async () => {
      await delivery.settled();
      await outbox.close();
    });
  },
  { name: 'messages', dependencies: ['db', 'auth', 'broker'] },
);
