/**
 * The message outbox. A message row is written in the transaction of the change it reports (the
 * unit of work, or `persist` on the ingestion paths) with `published_at` null, and published on the
 * broker after the commit; then it is marked published. A process that dies between the commit and
 * the publish leaves the row unmarked, and the relay publishes it: so a committed change always
 * keeps its message in the list (same transaction) and, within a relay period, its live push.
 *
 * An announcement is the outbox of its type-29 messages and of its broadcast in the same way. It is
 * written with `messages_at` and `broadcast_at` null in the unit of work that publishes it, and the
 * lead has the answer then. Right after, a unit of work of its own writes the message to every
 * designer it reaches and sets `messages_at` (so the lead's call does not wait for a thousand
 * rows); once that has committed, it is broadcast on the `announcements` topic and marked. The
 * relay writes the messages a dead process left unwritten (however old: they are the inbox's rows)
 * and broadcasts what was left unbroadcast, on the terms of message pushes.
 *
 * Delivery is at least once: a row published whose mark was not yet written when the process died
 * goes out again (clients refetch by query key, so a repeat only refreshes twice). Marks are
 * written in batches, once a second, not one write per message on the hot paths.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../lib/time.js';
import {
  announcementMessagesDue,
  announcementsDue,
  claimAnnouncements,
  claimMessages,
  markAnnouncementsBroadcast,
  markMessagesPublished,
  messagesDue,
  type OutboxAnnouncement,
  type OutboxRow,
  releaseAnnouncement,
  releaseMessage,
} from './outbox.repository.js';

export type { OutboxAnnouncement, OutboxRow } from './outbox.repository.js';

/** A row is the relay's once it has waited this long (its own process normally marks it within ~1 s). */
export const RELAY_AFTER_MS = 10_000;
/** How often the relay looks. */
export const RELAY_EVERY_MS = 15_000;
/** Older rows are marked without a push: a live notification of a stale event would mislead (the list has them). */
export const RELAY_MAX_AGE_MS = 10 * 60_000;
const MARK_EVERY_MS = 1_000;
const CHUNK = 500;

export interface RelayResult {
  published: number;
  skipped: number;
}

export interface Outbox {
  /** Records that these message rows went out; written with the next batch. */
  markPublished(ids: readonly number[]): void;
  /** Records that these announcements were broadcast; written with the next batch. */
  markBroadcast(ids: readonly number[]): void;
  /** Writes the pending marks now. */
  flush(): Promise<void>;
  /**
   * Claims the message rows left unpublished (older than RELAY_AFTER_MS) and publishes the recent
   * ones through `publish`; returns how many it published and how many were too old to push.
   */
  relay(publish: (row: OutboxRow) => Promise<void>): Promise<RelayResult>;
  /** The same for announcements left unbroadcast, through `broadcast`. */
  relayAnnouncements(broadcast: (announcement: OutboxAnnouncement) => Promise<void>): Promise<RelayResult>;
  /**
   * Writes, through `deliver`, the type-29 messages of announcements left without them (older than
   * RELAY_AFTER_MS); `deliver` claims each in the transaction that writes them and answers whether
   * it did (false: another process had). Answers how many it wrote.
   */
  relayAnnouncementMessages(deliver: (id: number) => Promise<boolean>): Promise<RelayResult>;
  /** Runs the relays now (messages of announcements first) and every RELAY_EVERY_MS until the app closes. */
  startRelay(
    publish: (row: OutboxRow) => Promise<void>,
    broadcast: (announcement: OutboxAnnouncement) => Promise<void>,
    deliver: (id: number) => Promise<boolean>,
  ): void;
  close(): Promise<void>;
}

/** What the relay needs of one kind of row: which are due, claiming them, giving one back, its age. */
interface Lane<R extends { id: number }> {
  due(db: Db, before: string, limit: number): Promise<number[]>;
  claim(db: Db, ids: readonly number[], at: string): Promise<R[]>;
  release(db: Db, id: number): Promise<void>;
  writtenAt(row: R): string;
  /** For the log. */
  what: string;
}

const messageLane: Lane<OutboxRow> = {
  due: messagesDue,
  claim: claimMessages,
  release: releaseMessage,
  writtenAt: (row) => row.created_time,
  what: 'messages',
};

const announcementLane: Lane<OutboxAnnouncement> = {
  due: announcementsDue,
  claim: claimAnnouncements,
  release: releaseAnnouncement,
  writtenAt: (row) => row.published_at,
  what: 'announcement broadcasts',
};

export function createOutbox(db: Db, log: FastifyBaseLogger): Outbox {
  let marks: number[] = [];
  let broadcastMarks: number[] = [];
  let markTimer: NodeJS.Timeout | undefined;
  let relayTimer: NodeJS.Timeout | undefined;
  let relaying: Promise<unknown> = Promise.resolve();
  let writing: Promise<void> = Promise.resolve();
  let closed = false;

  async function writeMarks(ids: number[], write: (db: Db, ids: readonly number[], at: string) => Promise<void>) {
    const at = nowIso();
    for (let i = 0; i < ids.length; i += CHUNK) await write(db, ids.slice(i, i + CHUNK), at);
  }

  function flush(): Promise<void> {
    if (markTimer) clearTimeout(markTimer);
    markTimer = undefined;
    const ids = marks;
    const broadcast = broadcastMarks;
    marks = [];
    broadcastMarks = [];
    if (ids.length) {
      writing = writing
        .then(() => writeMarks(ids, markMessagesPublished))
        .catch((err: unknown) => log.warn({ err, count: ids.length }, 'outbox: could not mark messages published'));
    }
    if (broadcast.length) {
      writing = writing
        .then(() => writeMarks(broadcast, markAnnouncementsBroadcast))
        .catch((err: unknown) => log.warn({ err, count: broadcast.length }, 'outbox: could not mark announcements broadcast'));
    }
    return writing;
  }

  function queueMarks() {
    if (marks.length + broadcastMarks.length >= CHUNK) void flush();
    else if (!markTimer) {
      markTimer = setTimeout(() => void flush(), MARK_EVERY_MS);
      markTimer.unref();
    }
  }

  async function relayLane<R extends { id: number }>(lane: Lane<R>, publish: (row: R) => Promise<void>): Promise<RelayResult> {
    // The wall clock, not the app's (lib/time.ts, which tests move forward): a row is due by how
    // long it has really waited for its own process to mark it.
    const now = Date.now();
    const due = new Date(now - RELAY_AFTER_MS).toISOString();
    const fresh = new Date(now - RELAY_MAX_AGE_MS).toISOString();
    let published = 0;
    let skipped = 0;
    for (;;) {
      const waiting = await lane.due(db, due, CHUNK);
      if (!waiting.length) break;
      // Claimed by a conditional update: with several processes or instances, each row goes to one.
      const claimed = await lane.claim(db, waiting, nowIso());
      for (const row of claimed.sort((a, b) => a.id - b.id)) {
        if (lane.writtenAt(row) < fresh) {
          skipped++;
          continue;
        }
        try {
          await publish(row);
          published++;
        } catch (err) {
          // Claimed and not sent: give it back for the next round.
          await lane.release(db, row.id);
          log.warn({ err, id: row.id, lane: lane.what }, 'outbox: relay could not publish');
          return { published, skipped };
        }
      }
      if (waiting.length < CHUNK) break;
    }
    if (published || skipped) log.info({ published, skipped }, `outbox: relayed ${lane.what} a process left unpublished`);
    return { published, skipped };
  }

  async function relayAnnouncementMessages(deliver: (id: number) => Promise<boolean>): Promise<RelayResult> {
    const due = new Date(Date.now() - RELAY_AFTER_MS).toISOString();
    let published = 0;
    let after = 0;
    for (;;) {
      // Past the ids already tried this round: one that fails stays due for the next round.
      const waiting = await announcementMessagesDue(db, due, after, CHUNK);
      if (!waiting.length) break;
      for (const id of waiting) {
        after = id;
        try {
          if (await deliver(id)) published++;
        } catch (err) {
          log.warn({ err, id }, 'outbox: relay could not write an announcement\'s messages');
        }
      }
    }
    if (published) log.info({ published }, 'outbox: relayed the messages of announcements a process left unwritten');
    return { published, skipped: 0 };
  }

  const relay = (publish: (row: OutboxRow) => Promise<void>) => relayLane(messageLane, publish);
  const relayAnnouncements = (broadcast: (announcement: OutboxAnnouncement) => Promise<void>) => relayLane(announcementLane, broadcast);

  return {
    markPublished(ids) {
      if (closed || !ids.length) return;
      marks.push(...ids);
      queueMarks();
    },
    markBroadcast(ids) {
      if (closed || !ids.length) return;
      broadcastMarks.push(...ids);
      queueMarks();
    },
    flush,
    relay,
    relayAnnouncements,
    relayAnnouncementMessages,
    startRelay(publish, broadcast, deliver) {
      const round = () => {
        relaying = relayAnnouncementMessages(deliver)
          .catch((err: unknown) => log.warn({ err }, 'outbox: announcement messages relay round failed'))
          .then(() => relay(publish))
          .catch((err: unknown) => log.warn({ err }, 'outbox: relay round failed'))
          .then(() => relayAnnouncements(broadcast))
          .catch((err: unknown) => log.warn({ err }, 'outbox: announcement relay round failed'))
          .finally(() => {
            if (closed) return;
            relayTimer = setTimeout(round, RELAY_EVERY_MS);
            relayTimer.unref();
          });
      };
      round();
    },
    async close() {
      closed = true;
      if (relayTimer) clearTimeout(relayTimer);
      await relaying;
      await flush();
    },
  };
}
