/**
 * The rules of the demo calls: a team lead may send a message of any type to a designer of the
 * team (pointing at that designer's newest ticket), and the SMS inbox shows a phone's newest text
 * with the code in it. Demo mode only (app.ts registers the routes nowhere else).
 */
import type { Db } from '../../db/database.js';
import type { Designer } from '../../db/schema.js';
import { parseDesignerCode } from '../../domain/designers.js';
import { forbidden, invalid, notFound } from '../../lib/errors.js';
import { type MessageService, messageTypeOf } from '../messages/index.js';
import { findDesignerTeam, latestSms, newestTicketOf } from './demo.repository.js';
import type { EmitMessageBody } from './demo.schemas.js';

/** Sends a demo message (persisted, then published); returns its id. */
export async function emitDemoMessage(deps: { db: Db; messages: MessageService }, me: Designer, body: EmitMessageBody): Promise<number> {
  const { db, messages } = deps;
  if (me.designer_type !== 0) throw forbidden('只有团队负责人可以发送演示消息');
  const targetId = parseDesignerCode(body.designer_id);
  const target = targetId ? await findDesignerTeam(db, targetId) : undefined;
  if (!target || target.team_id !== me.team_id) throw invalid('designer_id', '该设计师不在你的团队中');
  const type = body.message_type;
  // The designer's newest ticket, so clicking the notification opens a real ticket.
  const ticket = await newestTicketOf(db, target.id);
  const about = ticket ? `工单 ${ticket.order_no}` : '你的工单';
  const [sent] = await messages.send([target.id], {
    type,
    title: body.title || `【${messageTypeOf(type)!.name}】${about} 有新动态，请及时处理`,
    info: ticket ? { ticket_id: ticket.id, ...(ticket.current_allocation_id ? { allocation_id: ticket.current_allocation_id } : {}) } : {},
  });
  return sent!.message_id;
}

/** The newest text sent to a phone and the 6-digit code in it; 404 when there is none. */
export async function smsInbox(db: Db, phone: string) {
  const row = await latestSms(db, phone);
  if (!row) throw notFound('该手机号没有短信');
  return { ...row, code: /(\d{6})/.exec(row.content)?.[1] ?? null };
}
