/**
 * Comment threads on tickets and appeals (issue #24): who reads and writes them, what a comment may
 * hold (422s), @mentions only of the thread's people, the 5-minute edit window on the app's clock,
 * no deleting another's comment (a lead's neither), the messages 36–39 and their targets, and the
 * unread counts of ticket rows with the read marks opening a thread moves.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { advanceClock } from '../src/lib/time.js';
import { MESSAGE_TYPE } from '../src/modules/messages/index.js';
import { assignedTicket, createWorld, type World } from './support/appeals.js';
import { dialects, expectEnvelope, expectFieldErrors } from './support/harness.js';
import { expectConflict, type Person, type TicketView, useTicketApp } from './support/tickets.js';

interface CommentWire {
  comment_id: number;
  subject_type: string;
  subject_id: number;
  author_id: string;
  body: string;
  attachments: { name: string; url: string; read_url: string }[];
  mentions: { designer_id: string; name: string }[];
  edited_at: string | null;
  editable_until: string | null;
  mine: boolean;
}
interface ThreadWire {
  items: CommentWire[];
  mentionable: { designer_id: string; name: string }[];
}
interface RowWire {
  ticket_id: number;
  unread_comments: number;
}

const commentKey = (code: string, name = '参考图.png') => `comment/${code}/20261126/${randomBytes(6).toString('hex')}/${name}`;

describe.each(dialects)('comments (%s)', (dialect) => {
  const t = useTicketApp(dialect, { config: { tokenTtlHours: 24 * 365 } });
  let w: World;
  let ticket: TicketView;

  beforeAll(async () => {
    w = await createWorld(t);
    ticket = await assignedTicket(t, w);
  });

  const post = (who: Person, ticketId: number, body: Record<string, unknown>) => who.client.post(`/api/tickets/${ticketId}/comments`, body);
  const posted = async (who: Person, ticketId: number, body: Record<string, unknown>) => expectEnvelope<CommentWire>(await post(who, ticketId, body), 200).data;
  const thread = async (who: Person, path: string) => expectEnvelope<ThreadWire>(await who.client.get(path), 200).data;
  const messagesOf = (designerId: number) =>
    t.db
      .selectFrom('messages')
      .select(['designer_id', 'message_type', 'ext_json'])
      .where('designer_id', '=', designerId)
      .orderBy('id')
      .execute()
      .then((rows) => rows.map((r) => ({ ...r, ...(JSON.parse(r.ext_json) as { title: string; info: Record<string, number> }) })));
  const unreadOf = async (who: Person, ticketId: number, query = '') => {
    const page = expectEnvelope<{ items: RowWire[] }>(await who.client.get(`/api/tickets?pageSize=100${query}`), 200).data;
    return page.items.find((r) => r.ticket_id === ticketId)?.unread_comments;
  };

  it('only the ticket’s designer and its team’s leads read and write the thread; others get 404', async () => {
    await posted(w.lead, ticket.ticket_id, { body: '客户要求换成蓝色' });
    expect((await thread(w.designer, `/api/tickets/${ticket.ticket_id}/comments`)).items.map((c) => c.body)).toContain('客户要求换成蓝色');
    for (const outsider of [w.mate, w.otherLead]) {
      expect(expectEnvelope(await outsider.client.get(`/api/tickets/${ticket.ticket_id}/comments`), 404).message).toBe('工单不存在');
      expect(expectEnvelope(await post(outsider, ticket.ticket_id, { body: '插一句' }), 404).message).toBe('工单不存在');
    }
    expect(expectEnvelope(await w.designer.client.get('/api/tickets/2147483647/comments'), 404).message).toBe('工单不存在');
    const count = await t.db.selectFrom('comments').select((eb) => eb.fn.countAll<number>().as('n')).where('body', '=', '插一句').executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('refuses empty, too long, foreign files and mentions of people outside the thread with 422', async () => {
    const id = ticket.ticket_id;
    expectFieldErrors(await post(w.designer, id, { body: '   ' }), [['body', '请填写评论内容或添加附件']]);
    expectFieldErrors(await post(w.designer, id, { body: '字'.repeat(2001) }), [['body', '评论不能超过2000个字符']]);
    expectFieldErrors(await post(w.designer, id, { body: 'x', attachments: [commentKey(w.lead.code)] }), [['attachments.0', '只能提交自己上传的附件']]);
    expectFieldErrors(await post(w.designer, id, { body: 'x', attachments: ['appeal/../../etc/passwd'] }), [['attachments.0', '附件路径不正确']]);
    // A teammate who does not work on the ticket, another team's lead, someone unknown.
    for (const code of [w.mate.code, w.otherLead.code, 'D999999']) {
      expectFieldErrors(await post(w.lead, id, { body: '@谁', mentions: [code] }), [['mentions.0', '只能提及参与该工单的团队成员']]);
    }
    expectFieldErrors(await post(w.lead, id, { body: 'x', mentions: ['nobody'] }), [['mentions.0', '设计师编号格式不正确']]);
    // Files alone are a comment; the text is trimmed.
    const key = commentKey(w.designer.code, '初稿.jpg');
    const c = await posted(w.designer, id, { body: '  见附件  ', attachments: [{ url: key, name: '初稿.jpg' }] });
    expect(c.body).toBe('见附件');
    expect(c.attachments).toEqual([{ name: '初稿.jpg', url: key, read_url: expect.stringContaining('Signature=') }]);
    const onlyFile = await posted(w.designer, id, { attachments: [commentKey(w.designer.code)] });
    expect(onlyFile.body).toBe('');
  });

  it('a mention sends 36 to the mentioned designer and 38 to the other participants, not to the author', async () => {
    const t2 = await assignedTicket(t, w);
    const before = { designer: (await messagesOf(w.designer.id)).length, lead: (await messagesOf(w.lead.id)).length };
    const c = await posted(w.lead, t2.ticket_id, { body: '@设计师 请今天交初稿', mentions: [w.designer.code] });
    expect(c.mentions).toEqual([{ designer_id: w.designer.code, name: expect.any(String) }]);
    const toDesigner = (await messagesOf(w.designer.id)).slice(before.designer);
    expect(toDesigner.map((m) => m.message_type)).toEqual([MESSAGE_TYPE.TICKET_COMMENT_MENTIONED]);
    expect(toDesigner[0]!.info).toEqual({ ticket_id: t2.ticket_id, allocation_id: t2.allocation_id, comment_id: c.comment_id });
    expect(toDesigner[0]!.title).toContain(t2.order_no);
    expect((await messagesOf(w.lead.id)).length).toBe(before.lead);
    // The ticket's timeline records the comment and whom it mentioned (the text stays in the thread).
    const detail = expectEnvelope<{ timeline: { type: string; type_name: string; actor: { designer_id: string | null }; detail: Record<string, unknown> }[] }>(
      await w.designer.client.get(`/api/tickets/${t2.ticket_id}`),
      200,
    ).data;
    const commented = detail.timeline.filter((e) => e.type === 'commented');
    expect(commented).toEqual([
      expect.objectContaining({ type_name: '评论', actor: expect.objectContaining({ designer_id: w.lead.code }), detail: { comment_id: c.comment_id, mentioned_names: [c.mentions[0]!.name] } }),
    ]);

    // The designer answers without a mention: the lead gets 38.
    const reply = await posted(w.designer, t2.ticket_id, { body: '好的' });
    const toLead = (await messagesOf(w.lead.id)).slice(before.lead);
    expect(toLead.map((m) => [m.message_type, m.info.comment_id])).toEqual([[MESSAGE_TYPE.TICKET_COMMENTED, reply.comment_id]]);
    expect((await messagesOf(w.mate.id)).length).toBe(0);
  });

  it('edits only one’s own comment and only within 5 minutes (the app’s clock)', async () => {
    const t3 = await assignedTicket(t, w);
    const c = await posted(w.designer, t3.ticket_id, { body: '初稿已上传' });
    expect(c.editable_until).not.toBeNull();
    expect(expectEnvelope(await w.lead.client.put(`/api/comments/${c.comment_id}`, { body: '改了' }), 403).message).toBe('只能编辑自己的评论');
    expect(expectEnvelope(await w.mate.client.put(`/api/comments/${c.comment_id}`, { body: '改了' }), 404).message).toBe('评论不存在');
    expectFieldErrors(await w.designer.client.put(`/api/comments/${c.comment_id}`, { body: '' }), [['body']]);
    advanceClock(4 * 60_000);
    const edited = expectEnvelope<CommentWire>(await w.designer.client.put(`/api/comments/${c.comment_id}`, { body: '初稿已上传（第二版）', mentions: [w.lead.code] }), 200).data;
    expect(edited.body).toBe('初稿已上传（第二版）');
    expect(edited.edited_at).not.toBeNull();
    // Newly mentioned on edit: told once.
    const mentions = (await messagesOf(w.lead.id)).filter((m) => m.message_type === MESSAGE_TYPE.TICKET_COMMENT_MENTIONED && m.info.comment_id === c.comment_id);
    expect(mentions).toHaveLength(1);
    advanceClock(60_000 + 1000);
    expectConflict(await w.designer.client.put(`/api/comments/${c.comment_id}`, { body: '再改' }), '评论发布超过5分钟，不能再编辑');
    const stored = await t.db.selectFrom('comments').select('body').where('id', '=', c.comment_id).executeTakeFirstOrThrow();
    expect(stored.body).toBe('初稿已上传（第二版）');
    expect((await thread(w.designer, `/api/tickets/${t3.ticket_id}/comments`)).items[0]!.editable_until).toBeNull();
  });

  it('deletes only one’s own comment: a lead may not delete a designer’s', async () => {
    const c = await posted(w.designer, ticket.ticket_id, { body: '这条我会删掉' });
    expect(expectEnvelope(await w.lead.client.post(`/api/comments/${c.comment_id}/delete`), 403).message).toBe('只能删除自己的评论');
    expect(expectEnvelope(await w.otherLead.client.post(`/api/comments/${c.comment_id}/delete`), 404).message).toBe('评论不存在');
    expect(await t.db.selectFrom('comments').select('id').where('id', '=', c.comment_id).executeTakeFirst()).toBeDefined();
    expectEnvelope(await w.designer.client.post(`/api/comments/${c.comment_id}/delete`), 200);
    expect(await t.db.selectFrom('comments').select('id').where('id', '=', c.comment_id).executeTakeFirst()).toBeUndefined();
    expect(expectEnvelope(await w.designer.client.post(`/api/comments/${c.comment_id}/delete`), 404).message).toBe('评论不存在');
  });

  it('ticket rows count the others’ unread comments; opening the thread reads them', async () => {
    const t4 = await assignedTicket(t, w);
    expect(await unreadOf(w.designer, t4.ticket_id)).toBe(0);
    await posted(w.designer, t4.ticket_id, { body: '我自己的不算' });
    await posted(w.lead, t4.ticket_id, { body: '第一条' });
    await posted(w.lead, t4.ticket_id, { body: '第二条' });
    expect(await unreadOf(w.designer, t4.ticket_id)).toBe(2);
    // Writing in a thread reads what came before: the lead's row (the team's orders) counts nothing.
    expect(await unreadOf(w.lead, t4.ticket_id)).toBe(0);
    await thread(w.designer, `/api/tickets/${t4.ticket_id}/comments`);
    expect(await unreadOf(w.designer, t4.ticket_id)).toBe(0);
    await posted(w.designer, t4.ticket_id, { body: '收到' });
    expect(await unreadOf(w.lead, t4.ticket_id)).toBe(1);
    expect(await unreadOf(w.lead, t4.ticket_id, `&designer_id=${w.designer.code}`)).toBe(1);
    await posted(w.lead, t4.ticket_id, { body: '第三条' });
    expect(await unreadOf(w.designer, t4.ticket_id)).toBe(1);
    expect(await unreadOf(w.lead, t4.ticket_id)).toBe(0);
  });

  it('an appeal has its own thread: the appellant and the team’s leads; mentions send 37, comments 39', async () => {
    const t5 = await assignedTicket(t, w);
    const appeal = expectEnvelope<{ appeal_id: number }>(
      await w.designer.client.post('/api/appeals', { ticket_id: t5.ticket_id, type: 'fee', reason: '改稿次数多', requested_cents: 1000 }),
      200,
    ).data;
    const path = `/api/appeals/${appeal.appeal_id}/comments`;
    expect(expectEnvelope(await w.mate.client.get(path), 404).message).toBe('申诉不存在');
    expect(expectEnvelope(await w.otherLead.client.post(path, { body: 'x' }), 404).message).toBe('申诉不存在');
    const before = (await messagesOf(w.designer.id)).length;
    const c = expectEnvelope<CommentWire>(await w.lead.client.post(path, { body: '请补充改稿记录', mentions: [w.designer.code] }), 200).data;
    expect(c.subject_type).toBe('appeal');
    const got = (await messagesOf(w.designer.id)).slice(before);
    expect(got.map((m) => m.message_type)).toEqual([MESSAGE_TYPE.APPEAL_COMMENT_MENTIONED]);
    expect(got[0]!.info).toMatchObject({ appeal_id: appeal.appeal_id, ticket_id: t5.ticket_id, comment_id: c.comment_id });
    const leadBefore = (await messagesOf(w.lead.id)).length;
    expectEnvelope(await w.designer.client.post(path, { body: '已补充' }), 200);
    expect((await messagesOf(w.lead.id)).slice(leadBefore).map((m) => m.message_type)).toEqual([MESSAGE_TYPE.APPEAL_COMMENTED]);
    const th = await thread(w.designer, path);
    expect(th.items.map((x) => x.body)).toEqual(['请补充改稿记录', '已补充']);
    expect(th.mentionable.map((p) => p.designer_id).sort()).toEqual([w.designer.code, w.lead.code].sort());
  });
});
