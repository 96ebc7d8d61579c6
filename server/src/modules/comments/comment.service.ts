/**
 * The conversation on a ticket or an appeal (issue #24): who reads and writes a thread, what a
 * comment may hold, the edit window, deleting one's own, the read marks and the messages a comment
 * sends (36–39, in the same unit of work as the insert). Rules only: the statements are
 * comment.repository.ts; tickets and appeals are read through their modules' faces.
 */
import type { Db } from '../../db/database.js';
import type { Designer } from '../../db/schema.js';
import { AppError, conflict, forbidden, invalid, notFound } from '../../lib/errors.js';
import { isoAfter, nowIso, nowMs } from '../../lib/time.js';
import { designerCode, displayName, parseDesignerCode } from '../../domain/designers.js';
import { MESSAGE_TYPE, type UnitOfWork } from '../messages/index.js';
import { activeLeadIds } from '../user/index.js';
import { addTicketEvent, canRead, findTicket } from '../tickets/index.js';
import { readableAppeal } from '../appeals/index.js';
import {
  type CommentRow,
  deleteOwnComment,
  designersByIds,
  findComment,
  insertComment,
  markRead,
  threadComments,
  unreadTicketComments,
  updateCommentIf,
} from './comment.repository.js';
import { COMMENT_EDIT_WINDOW_MS, type CommentFile, type CommentInput, type CommentView, type SubjectType, type Thread } from './comment.schemas.js';

export const EDIT_EXPIRED_MESSAGE = '评论发布超过5分钟，不能再编辑';
export const NOT_OWN_EDIT_MESSAGE = '只能编辑自己的评论';
export const NOT_OWN_DELETE_MESSAGE = '只能删除自己的评论';
export const MENTION_MESSAGE = '只能提及参与该工单的团队成员';

/** What a thread is on: its team, who takes part (reads it, may be mentioned) and what its messages name. */
interface Subject {
  type: SubjectType;
  id: number;
  teamId: number | null;
  participants: number[];
  /** How a message names it: 工单 DM… / 申诉 #12. */
  label: string;
  info: Record<string, number>;
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const hasControlChar = (value: string) => /[\u0000-\u001f\u007f]/.test(value);
const FILE_KEY = /^comment\/(D\d{6,})\/\d{8}\/[A-Za-z0-9_-]{1,64}\/[^/\\]{1,200}$/;

/** Files as stored: object keys under the author's own `comment/` prefix, each once. */
export function checkFiles(me: Designer, items: CommentInput['attachments']): CommentFile[] {
  const code = designerCode(me.id);
  const out = items.map((item, i): CommentFile => {
    const f = typeof item === 'string' ? { url: item } : item;
    const key = f.url;
    const m = FILE_KEY.exec(key);
    if (!m || key.includes('..') || key.endsWith('/.') || hasControlChar(key)) throw invalid(`attachments.${i}`, '附件路径不正确');
    if (m[1] !== code) throw invalid(`attachments.${i}`, '只能提交自己上传的附件');
    return {
      name: ('name' in f && f.name) || key.slice(key.lastIndexOf('/') + 1),
      url: key,
      ...('size' in f && f.size !== undefined ? { size: f.size } : {}),
      ...('content_type' in f && f.content_type ? { content_type: f.content_type } : {}),
    };
  });
  if (new Set(out.map((f) => f.url)).size !== out.length) throw invalid('attachments', '附件重复');
  return out;
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export interface CommentServiceDeps {
  db: Db;
  unitOfWork: UnitOfWork;
  /** The URL a browser reads a file at (signed: comment files are private objects). */
  readUrl: (key: string) => string;
}

export type CommentService = ReturnType<typeof createCommentService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Comment threads on tickets and appeals, and the unread counts of ticket rows. */
    comments: CommentService;
  }
}

export function createCommentService({ db, unitOfWork, readUrl }: CommentServiceDeps) {
  /** The thread's subject if `me` may read it: 404 as its own module answers for others. */
  async function subject(me: Designer, type: SubjectType, id: number): Promise<Subject> {
    if (type === 'ticket') {
      const t = await findTicket(db, id);
      if (!t || !canRead(me, t)) throw notFound('工单不存在');
      const leads = await activeLeadIds(db, t.team_id);
      const participants = [...new Set([...(t.designer_id !== null ? [t.designer_id] : []), ...leads, me.id])];
      return {
        type,
        id,
        teamId: t.team_id,
        participants,
        label: `工单 ${t.order_no}`,
        info: { ticket_id: t.id, allocation_id: t.current_allocation_id ?? 0 },
      };
    }
    const a = await readableAppeal(db, me, id);
    const leads = await activeLeadIds(db, a.team_id);
    return {
      type,
      id,
      teamId: a.team_id,
      participants: [...new Set([a.designer_id, ...leads, me.id])],
      label: `工单 ${a.order_no} 的申诉`,
      info: { appeal_id: a.id, ticket_id: a.ticket_id, allocation_id: a.allocation_id ?? 0 },
    };
  }

  /** The mentioned designers' ids: each must take part in the thread (422 names the one that does not). */
  function checkMentions(s: Subject, codes: readonly string[]): number[] {
    const ids = codes.map((code, i) => {
      const id = parseDesignerCode(code);
      if (id === undefined || !s.participants.includes(id)) throw invalid(`mentions.${i}`, MENTION_MESSAGE);
      return id;
    });
    return [...new Set(ids)];
  }

  async function views(me: Designer, rows: CommentRow[]): Promise<CommentView[]> {
    const mentionIds = rows.map((r) => parseJson<number[]>(r.mentions, []));
    const people = await designersByIds(db, [...new Set([...rows.map((r) => r.author_id), ...mentionIds.flat()])]);
    const byId = new Map(people.map((p) => [p.id, p]));
    const name = (id: number) => {
      const p = byId.get(id);
      return p ? displayName(p) : designerCode(id);
    };
    const now = nowMs();
    return rows.map((r, i) => {
      const mine = r.author_id === me.id;
      const until = Date.parse(r.created_at) + COMMENT_EDIT_WINDOW_MS;
      return {
        comment_id: r.id,
        subject_type: r.subject_type as SubjectType,
        subject_id: r.subject_id,
        author_id: designerCode(r.author_id),
        author_name: name(r.author_id),
        body: r.body,
        attachments: parseJson<CommentFile[]>(r.attachments, []).map((f) => ({ ...f, read_url: readUrl(f.url) })),
        mentions: mentionIds[i]!.map((id) => ({ designer_id: designerCode(id), name: name(id) })),
        created_at: r.created_at,
        edited_at: r.edited_at,
        editable_until: mine && until > now ? new Date(until).toISOString() : null,
        mine,
      };
    });
  }

  /** Who may be mentioned: the thread's participants that are active designers, by name. */
  async function mentionable(s: Subject): Promise<Thread['mentionable']> {
    const people = await designersByIds(db, s.participants);
    return people
      .filter((p) => p.account_status === 1)
      .sort((a, b) => a.id - b.id)
      .map((p) => ({ designer_id: designerCode(p.id), name: displayName(p) }));
  }

  /** The thread (oldest first) with who may be mentioned; reading it marks it read for `me`. */
  async function thread(me: Designer, type: SubjectType, id: number): Promise<Thread> {
    const s = await subject(me, type, id);
    const rows = await threadComments(db, type, id);
    const last = rows.at(-1);
    if (last) await unitOfWork((trx) => markRead(trx, me.id, type, id, last.id));
    return { items: await views(me, rows), mentionable: await mentionable(s) };
  }

  /**
   * Posts a comment: the insert, the author's read mark and the messages in one unit of work.
   * The mentioned get 36/37; the other participants 38/39; the author nothing.
   */
  async function add(me: Designer, type: SubjectType, id: number, input: CommentInput): Promise<CommentView> {
    const s = await subject(me, type, id);
    const files = checkFiles(me, input.attachments);
    const mentioned = checkMentions(s, input.mentions);
    const now = nowIso();
    const commentId = await unitOfWork(async (trx, { send }) => {
      const newId = await insertComment(trx, {
        type,
        subjectId: id,
        teamId: s.teamId,
        authorId: me.id,
        body: input.body,
        attachments: files,
        mentions: mentioned,
        now,
      });
      await markRead(trx, me.id, type, id, newId);
      // A ticket's timeline records that someone commented and whom they mentioned; the text stays in
      // the thread (an edit or a delete there does not leave an outdated copy on the timeline).
      if (type === 'ticket') {
        const names = mentioned.length ? (await designersByIds(trx, mentioned)).map(displayName) : [];
        await addTicketEvent(trx, id, 'commented', { kind: 'designer', id: me.id }, { comment_id: newId, mentioned_names: names }, now);
      }
      const info = { ...s.info, comment_id: newId };
      const who = displayName(me);
      const toMention = mentioned.filter((d) => d !== me.id);
      send(toMention, {
        type: type === 'ticket' ? MESSAGE_TYPE.TICKET_COMMENT_MENTIONED : MESSAGE_TYPE.APPEAL_COMMENT_MENTIONED,
        title: `${who} 在${s.label}的评论中提到了你`,
        info,
      });
      send(
        s.participants.filter((d) => d !== me.id && !toMention.includes(d)),
        { type: type === 'ticket' ? MESSAGE_TYPE.TICKET_COMMENTED : MESSAGE_TYPE.APPEAL_COMMENTED, title: `${who} 评论了${s.label}`, info },
      );
      return newId;
    });
    return (await views(me, [(await findComment(db, commentId))!]))[0]!;
  }

  /** The comment and its thread's subject, if `me` may read that thread (404 otherwise). */
  async function readable(me: Designer, commentId: number): Promise<{ c: CommentRow; s: Subject }> {
    const c = await findComment(db, commentId);
    if (!c) throw notFound('评论不存在');
    // Someone who may not read the thread learns nothing of it: the comment does not exist for them.
    const s = await subject(me, c.subject_type as SubjectType, c.subject_id).catch((err: unknown) => {
      throw err instanceof AppError && err.status === 404 ? notFound('评论不存在') : err;
    });
    return { c, s };
  }

  /**
   * Edits the author's own comment within 5 minutes of posting (the app's clock): 403 for others'
   * comments, 409 after the window. People newly mentioned are told (36/37).
   */
  async function edit(me: Designer, commentId: number, input: CommentInput): Promise<CommentView> {
    const { c, s } = await readable(me, commentId);
    if (c.author_id !== me.id) throw forbidden(NOT_OWN_EDIT_MESSAGE);
    const since = isoAfter(-COMMENT_EDIT_WINDOW_MS);
    if (c.created_at < since) throw conflict(EDIT_EXPIRED_MESSAGE);
    const files = checkFiles(me, input.attachments);
    const mentioned = checkMentions(s, input.mentions);
    const before = parseJson<number[]>(c.mentions, []);
    await unitOfWork(async (trx, { send }) => {
      const done = await updateCommentIf(trx, c.id, me.id, since, { body: input.body, attachments: files, mentions: mentioned, now: nowIso() });
      if (!done) throw conflict(EDIT_EXPIRED_MESSAGE);
      send(
        mentioned.filter((d) => d !== me.id && !before.includes(d)),
        {
          type: s.type === 'ticket' ? MESSAGE_TYPE.TICKET_COMMENT_MENTIONED : MESSAGE_TYPE.APPEAL_COMMENT_MENTIONED,
          title: `${displayName(me)} 在${s.label}的评论中提到了你`,
          info: { ...s.info, comment_id: c.id },
        },
      );
    });
    return (await views(me, [(await findComment(db, c.id))!]))[0]!;
  }

  /** Deletes the author's own comment; nobody, a lead included, deletes another's (403). */
  async function remove(me: Designer, commentId: number): Promise<void> {
    const { c } = await readable(me, commentId);
    if (c.author_id !== me.id) throw forbidden(NOT_OWN_DELETE_MESSAGE);
    await unitOfWork(async (trx) => {
      if (!(await deleteOwnComment(trx, c.id, me.id))) throw notFound('评论不存在');
    });
  }

  /** Unread comments of others per ticket of a list page, for `me`. */
  function unreadCounts(me: Designer, ticketIds: readonly number[]): Promise<Map<number, number>> {
    return unreadTicketComments(db, me.id, ticketIds);
  }

  return { thread, add, edit, remove, unreadCounts };
}
