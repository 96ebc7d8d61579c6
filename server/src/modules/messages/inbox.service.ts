/**
 * A designer's own messages: the list, the unread counts and the read marks. Every call sees only
 * the caller's rows (the designer id is always part of the condition).
 */
import type { Db } from '../../db/database.js';
import { nowIso } from '../../lib/time.js';
import { listMessages, markMessagesRead, type MessageFilter, unreadByType } from './message.repository.js';
import { MESSAGE_TYPE_CODES, messageTypeOf } from './message-types.js';
import type { MessageView, UnreadView } from './message.schemas.js';

/** One page of my messages, newest first, each with its type's Chinese name. */
export async function myMessages(db: Db, designerId: number, filter: MessageFilter, page: number, pageSize: number) {
  const { rows, total } = await listMessages(db, designerId, filter, page, pageSize);
  const items: MessageView[] = rows.map((m) => ({
    message_id: m.id,
    message_type: m.message_type,
    type_name: messageTypeOf(m.message_type)?.name ?? '消息',
    ext_json: JSON.parse(m.ext_json) as MessageView['ext_json'],
    is_read: m.is_read,
    created_time: m.created_time,
  }));
  return { items, total };
}

/** My unread messages: the total and the count per type. */
export async function myUnread(db: Db, designerId: number): Promise<UnreadView> {
  const by_type = await unreadByType(db, designerId);
  return { total: by_type.reduce((s, r) => s + r.count, 0), by_type };
}

/** Marks my messages read: these ids, or all of them. Answers how many changed. */
export function readMyMessages(db: Db, designerId: number, ids: readonly number[] | 'all'): Promise<number> {
  return markMessagesRead(db, designerId, ids, nowIso());
}

/** Every message type with its Chinese name. */
export function messageTypeNames(): { message_type: number; name: string }[] {
  return MESSAGE_TYPE_CODES.map((t) => ({ message_type: t, name: messageTypeOf(t)!.name }));
}
