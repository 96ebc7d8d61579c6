/**
 * Share links of a template (issue #17): the owner or a lead of the template's team creates one
 * with an expiry (1, 7, 30 days or never) and whether it allows downloading the source files,
 * lists and revokes them. Only the token's SHA-256 is stored: the token is shown once, at creation.
 * The public page reads one template through its token: its title and previews, the source files
 * only when the link allows it, nothing of any other template and nothing personal. Unknown → 404,
 * expired or revoked → 410, each with its own Chinese message.
 */
import type { OssConfig } from '../../config/env.js';
import type { Db } from '../../db/database.js';
import type { Designer } from '../../db/schema.js';
import { designerCode, displayName } from '../../domain/designers.js';
import { newToken, sha256 } from '../../lib/crypto.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { isoAfter, nowIso } from '../../lib/time.js';
import { objectReadUrl } from '../files/index.js';
import type { UnitOfWork } from '../messages/index.js';
import { findShare, findShareByHash, insertShare, revokeShare, type ShareRow, sharesOf } from './share.repository.js';
import { designersByIds, filesOf, findTemplate, tagsOf, type TemplateRow } from './template.repository.js';
import type { CreatedShare, PublicTemplate, ShareInput, ShareView } from './template.schemas.js';
import { leads, NOT_FOUND_MESSAGE, visibleTemplate } from './template.service.js';

export const NOT_SHARER_MESSAGE = '只有模板作者或团队负责人可以管理分享链接';
export const SHARE_UNKNOWN_MESSAGE = '分享链接不存在';
export const SHARE_EXPIRED_MESSAGE = '分享链接已过期';
export const SHARE_REVOKED_MESSAGE = '分享链接已被撤销';

const DAY_MS = 24 * 60 * 60 * 1000;
const EXPIRY_MS = { '1d': DAY_MS, '7d': 7 * DAY_MS, '30d': 30 * DAY_MS, never: null } as const;

/** The public page of a token. */
export const sharePath = (token: string) => `/template-share?token=${encodeURIComponent(token)}`;

export function shareState(s: Pick<ShareRow, 'revoked_at' | 'expires_at'>, now = nowIso()): ShareView['state'] {
  if (s.revoked_at !== null) return 'revoked';
  if (s.expires_at !== null && s.expires_at <= now) return 'expired';
  return 'active';
}

export interface ShareServiceDeps {
  db: Db;
  unitOfWork: UnitOfWork;
  oss: OssConfig;
}

export type ShareService = ReturnType<typeof createShareService>;

export function createShareService({ db, unitOfWork, oss }: ShareServiceDeps) {
  const readUrl = (key: string) => objectReadUrl(oss, key);

  /** The template if `me` may manage its links: 404 if they may not see it, 403 if they see it but neither own it nor lead its team. */
  async function sharable(me: Designer, templateId: number): Promise<TemplateRow> {
    const t = await visibleTemplate(db, me, templateId);
    if (t.owner_id !== me.id && !leads(me, t)) throw forbidden(NOT_SHARER_MESSAGE);
    return t;
  }

  async function views(rows: ShareRow[]): Promise<ShareView[]> {
    const people = new Map((await designersByIds(db, [...new Set(rows.map((r) => r.created_by))])).map((p) => [p.id, p]));
    const now = nowIso();
    return rows.map((r) => {
      const p = people.get(r.created_by);
      return {
        share_id: r.id,
        template_id: r.template_id,
        expires_at: r.expires_at,
        allow_download: r.allow_download === 1,
        created_by: { designer_id: designerCode(r.created_by), name: p ? displayName(p) : designerCode(r.created_by) },
        created_at: r.created_at,
        revoked_at: r.revoked_at,
        state: shareState(r, now),
      };
    });
  }

  async function list(me: Designer, templateId: number): Promise<ShareView[]> {
    await sharable(me, templateId);
    return views(await sharesOf(db, templateId));
  }

  async function create(me: Designer, templateId: number, input: ShareInput): Promise<CreatedShare> {
    await sharable(me, templateId);
    const token = newToken();
    const ms = EXPIRY_MS[input.expires_in];
    const id = await unitOfWork((trx) =>
      insertShare(trx, { templateId, tokenHash: sha256(token), expiresAt: ms === null ? null : isoAfter(ms), allowDownload: input.allow_download, createdBy: me.id, now: nowIso() }),
    );
    const [view] = await views([(await findShare(db, id))!]);
    return { ...view!, token, path: sharePath(token) };
  }

  /** Revokes a link of a template the caller may manage (404 for a link of a template they may not see). */
  async function revoke(me: Designer, shareId: number): Promise<ShareView> {
    const s = await findShare(db, shareId);
    if (!s) throw notFound(SHARE_UNKNOWN_MESSAGE);
    await sharable(me, s.template_id).catch((err: unknown) => {
      throw err instanceof AppError && err.status === 404 ? notFound(SHARE_UNKNOWN_MESSAGE) : err;
    });
    await unitOfWork((trx) => revokeShare(trx, s.id, nowIso()));
    const [view] = await views([(await findShare(db, s.id))!]);
    return view!;
  }

  /** What the public page shows of the link's template, and only of it. */
  async function open(token: string): Promise<PublicTemplate> {
    const s = await findShareByHash(db, sha256(token));
    if (!s) throw notFound(SHARE_UNKNOWN_MESSAGE);
    const state = shareState(s);
    if (state === 'revoked') throw new AppError(410, SHARE_REVOKED_MESSAGE);
    if (state === 'expired') throw new AppError(410, SHARE_EXPIRED_MESSAGE);
    const t = await findTemplate(db, s.template_id);
    if (!t) throw notFound(NOT_FOUND_MESSAGE);
    const [files, tags] = await Promise.all([filesOf(db, [t.id]), tagsOf(db, [t.id])]);
    const download = s.allow_download === 1;
    return {
      title: t.title,
      category: t.category,
      description: t.description,
      tags: tags.map((r) => r.tag),
      previews: files
        .filter((f) => f.kind === 'preview')
        .map((f) => ({ name: f.name, width: f.width, height: f.height, url: readUrl(f.object_key), thumbnail_url: readUrl(f.thumb_key ?? f.object_key) })),
      sources: download
        ? files.filter((f) => f.kind === 'source').map((f) => ({ name: f.name, size: Number(f.size), content_type: f.content_type, file_type: f.ext, url: readUrl(f.object_key) }))
        : [],
      allow_download: download,
      expires_at: s.expires_at,
    };
  }

  return { list, create, revoke, open };
}
