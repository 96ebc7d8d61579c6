/**
 * Demo conversations (issue #24: demo data as real as production data): on the team's most recent
 * open tickets that have a designer, the lead asks something with an @mention and the designer
 * answers, each comment with its timeline event. The newest conversation ends with the lead's
 * question still unread by the designer, so My tickets shows an unread badge from the first visit.
 */
import type { Db } from '../../db/database.js';
import { addTicketEvent, OPEN_STATUSES } from '../tickets/index.js';
import { insertComment, markRead } from './comment.repository.js';

const CONVERSATIONS: { lead: string; reply: string | null }[] = [
  { lead: '客户刚来电，希望主色改成深蓝，Logo 放大一些，今天能更新初稿吗？', reply: null },
  { lead: '这单客户比较急，初稿出来先发我看一下。', reply: '好的，预计下午三点前给到。' },
  { lead: '附件里的参考图分辨率偏低，需要的话我去找客户要原图。', reply: '麻烦要一下原图，现在放大后有点糊。' },
];

const MINUTE = 60_000;

export async function seedDemoComments(trx: Db, { teamId, leadId }: { teamId: number; leadId: number }): Promise<void> {
  const tickets = await trx
    .selectFrom('tickets')
    .innerJoin('designers', 'designers.id', 'tickets.designer_id')
    .select(['tickets.id', 'tickets.designer_id', 'tickets.created_at', 'designers.real_name'])
    .where('tickets.team_id', '=', teamId)
    .where('tickets.status', 'in', OPEN_STATUSES)
    .where('tickets.designer_id', 'is not', null)
    .orderBy('tickets.created_at', 'desc')
    .limit(CONVERSATIONS.length)
    .execute();
  const now = Date.now();
  for (const [k, t] of tickets.entries()) {
    const talk = CONVERSATIONS[k]!;
    const designerId = t.designer_id!;
    const designerName = t.real_name ?? '';
    // Between the ticket's arrival and now, a few minutes apart.
    const from = Math.max(Date.parse(t.created_at), now - 3 * 60 * MINUTE);
    const leadAt = new Date(Math.min(from + 10 * MINUTE, now - 20 * MINUTE)).toISOString();
    const question = await insertComment(trx, {
      type: 'ticket',
      subjectId: t.id,
      teamId,
      authorId: leadId,
      body: `@${designerName} ${talk.lead}`,
      attachments: [],
      mentions: [designerId],
      now: leadAt,
    });
    await markRead(trx, leadId, 'ticket', t.id, question);
    await addTicketEvent(trx, t.id, 'commented', { kind: 'designer', id: leadId }, { comment_id: question, mentioned_names: [designerName] }, leadAt);
    if (!talk.reply) continue;
    const replyAt = new Date(Date.parse(leadAt) + 8 * MINUTE).toISOString();
    const reply = await insertComment(trx, {
      type: 'ticket',
      subjectId: t.id,
      teamId,
      authorId: designerId,
      body: talk.reply,
      attachments: [],
      mentions: [],
      now: replyAt,
    });
    // Both have read the whole thread: the designer answered, the lead saw the answer.
    await markRead(trx, designerId, 'ticket', t.id, reply);
    await markRead(trx, leadId, 'ticket', t.id, reply);
    await addTicketEvent(trx, t.id, 'commented', { kind: 'designer', id: designerId }, { comment_id: reply, mentioned_names: [] }, replyAt);
  }
}
