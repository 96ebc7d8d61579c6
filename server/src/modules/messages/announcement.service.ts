/**
 * Announcements (spec §6): which reach whom, reading them, and a lead publishing one. Publishing
 * commits the announcement and its product links and answers; its type-29 message to every
 * recipient and then its broadcast on the `announcements` topic follow (announcement-delivery.ts).
 * The announcement row is the outbox entry of both, so a process that dies in between leaves them
 * to the relay.
 */
import type { OssConfig } from '../../config/env.js';
import type { Db } from '../../db/database.js';
import type { Designer } from '../../db/schema.js';
import { forbidden, invalid, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import type { AnnouncementDelivery } from './announcement-delivery.js';
import {
  announcementReaches,
  countAnnouncementRecipients,
  countProducts,
  findAnnouncement,
  findAnnouncementForEdit,
  insertAnnouncement,
  insertAnnouncementRead,
  listAnnouncements,
  productIdsOf,
  type Reader,
  updateAnnouncement,
  withdrawAnnouncement,
} from './announcement.repository.js';
import { deleteAnnouncementMessages, markAnnouncementMessageRead, retitleAnnouncementMessages } from './message.repository.js';
import { announcementImageUrls, prepareAnnouncementImage } from './announcement-image.js';
import { announcementMessage } from './message.service.js';
import type { AnnouncementEdit, AnnouncementInput, AnnouncementView } from './message.schemas.js';
import type { UnitOfWork } from './unit-of-work.js';

/** The Chinese name of each scope (not used yet; README, Not done). */
export const SCOPE_TEXT: Record<number, string> = { 0: '团队负责人', 1: '设计师', 2: '兼职设计师', 3: '兼职设计师', 4: '全部人员' };

export interface AnnouncementServiceDeps {
  db: Db;
  oss: OssConfig;
  unitOfWork: UnitOfWork;
  delivery: AnnouncementDelivery;
}

type AnnouncementRow = NonNullable<Awaited<ReturnType<typeof findAnnouncement>>>;

function toView(oss: OssConfig, a: AnnouncementRow, productIds: number[] | undefined, reader: Reader): AnnouncementView {
  return {
    announcement_id: a.id,
    title: a.title,
    body: a.body,
    scope: a.scope,
    product_ids: productIds ?? [],
    published_at: a.published_at,
    updated_at: a.updated_at,
    is_read: Number(a.is_read),
    can_manage: a.published_by === reader.id,
    ...announcementImageUrls(oss, a),
  };
}

export function createAnnouncementService({ db, oss, unitOfWork, delivery }: AnnouncementServiceDeps) {
  /** The announcement `me` published, not withdrawn: 404 when there is none, 403 when another lead published it. */
  async function ownAnnouncement(me: Designer, id: number) {
    const a = await findAnnouncementForEdit(db, id);
    if (!a || a.withdrawn_at !== null) throw notFound('公告不存在或已撤回');
    if (a.published_by !== me.id) throw forbidden('只能修改或撤回自己发布的公告');
    return a;
  }

  return {
    /** The announcements that reach me, newest first, with my read state. */
    async list(reader: Reader, page: number, pageSize: number) {
      const { rows, total } = await listAnnouncements(db, reader, page, pageSize);
      const products = await productIdsOf(
        db,
        rows.map((r) => r.id),
      );
      return { items: rows.map((a) => toView(oss, a, products.get(a.id), reader)), total };
    },

    /** One announcement that reaches me; 404 otherwise (also when it does not exist). */
    async get(reader: Reader, id: number): Promise<AnnouncementView> {
      const a = await findAnnouncement(db, reader, id);
      if (!a) throw notFound('公告不存在');
      const products = await productIdsOf(db, [a.id]);
      return toView(oss, a, products.get(a.id), reader);
    },

    /** Reads an announcement that reaches me: its read row and its type-29 message, together. */
    async markRead(reader: Reader, id: number): Promise<void> {
      if (!(await announcementReaches(db, reader, id))) throw notFound('公告不存在');
      const now = nowIso();
      await unitOfWork(async (trx) => {
        await insertAnnouncementRead(trx, id, reader.id, now);
        await markAnnouncementMessageRead(trx, reader.id, id, now);
      });
    },

    /**
     * A lead publishes: the announcement (its messages and broadcast pending in the outbox) and its
     * product links commit together, with the count of active designers it reaches; the answer
     * does not wait for their type-29 messages, written right after, nor for the broadcast that
     * follows those (announcement-delivery.ts).
     */
    async publish(me: Designer, input: AnnouncementInput): Promise<{ announcement_id: number; recipients: number }> {
      if (me.designer_type !== 0) throw forbidden('只有团队负责人可以发布公告');
      const { title, body, scope } = input;
      const productIds = [...new Set(input.product_ids)];
      if (productIds.length && (await countProducts(db, productIds)) !== productIds.length) throw invalid('product_ids', '所选产品不存在');
      // Checked and its thumbnail stored before anything is written: a refused image publishes nothing.
      const image = input.image_key ? await prepareAnnouncementImage(oss, me.id, input.image_key) : {};
      const published_at = nowIso();
      const { id, recipients } = await unitOfWork(async (trx) => {
        const id = await insertAnnouncement(trx, { title, body, scope, published_by: me.id, published_at, ...image }, productIds);
        return { id, recipients: await countAnnouncementRecipients(trx, scope, productIds) };
      });
      delivery.soon(id);
      return { announcement_id: id, recipients };
    },

    /**
     * Its publisher corrects the title and body. Nobody is told again: the messages it sent take
     * the new title and keep their read marks; who it reaches stays as published.
     */
    async edit(me: Designer, id: number, edit: AnnouncementEdit): Promise<void> {
      await ownAnnouncement(me, id);
      const message = announcementMessage({ id, title: edit.title });
      await unitOfWork(async (trx) => {
        await updateAnnouncement(trx, id, { ...edit, updated_at: nowIso() });
        await retitleAnnouncementMessages(trx, id, message.title, JSON.stringify({ title: message.title, info: message.info }));
      });
    },

    /** Its publisher withdraws it: it leaves every list, and its messages leave every inbox and unread count. */
    async withdraw(me: Designer, id: number): Promise<{ removed_messages: number }> {
      await ownAnnouncement(me, id);
      const removed = await unitOfWork(async (trx) => {
        await withdrawAnnouncement(trx, id, nowIso());
        return deleteAnnouncementMessages(trx, id);
      });
      return { removed_messages: removed };
    },
  };
}

export type AnnouncementService = ReturnType<typeof createAnnouncementService>;
