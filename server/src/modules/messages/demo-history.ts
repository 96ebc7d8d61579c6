/**
 * The rows of messages the demo seeds write as history: what the services would have sent at the
 * time of each seeded event, already delivered (published) and, when older than a day, read. The
 * seeds insert them themselves (data scripts), in the demo seed's transaction.
 */
import type { Insertable } from 'kysely';
import type { MessageTable } from '../../db/schema.js';
import type { MessageTypeCode } from './message-types.js';

const DAY = 24 * 3600_000;

/** One delivered message to `recipient`, sent at `at`; `info` names its target as the services do. */
export function historyMessage(
  recipient: number,
  type: MessageTypeCode,
  title: string,
  info: Record<string, unknown>,
  at: string,
  nowMs: number,
): Insertable<MessageTable> {
  const sentMs = Date.parse(at);
  const read = nowMs - sentMs > DAY;
  return {
    designer_id: recipient,
    message_type: type,
    title,
    ext_json: JSON.stringify({ title, info }),
    is_read: read ? 1 : 0,
    created_time: at,
    read_time: read ? new Date(Math.min(sentMs + 20 * 60_000, nowMs)).toISOString() : null,
    // History: delivered when it happened, the outbox has nothing to send.
    published_at: at,
  };
}
