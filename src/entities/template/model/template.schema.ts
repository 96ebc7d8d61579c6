import * as z from 'zod/mini';

/**
 * The template library's wire shapes (server module templates, template.schemas.ts): list items,
 * the detail, the filters' facets, share links, the public share page and 「用于工单」's answer.
 */

/** The server's categories (TEMPLATE_CATEGORIES), in its order. */
export const TEMPLATE_CATEGORIES = ['名片', '海报', '宣传单页', '包装', '标签贴纸', '画册', '展架', '其他'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

/** Source file types a template may hold (SOURCE_FILE_TYPES); also the list's file-type filter. */
export const SOURCE_FILE_TYPES = ['psd', 'ai', 'cdr', 'eps', 'pdf', 'svg', 'indd', 'zip', 'rar', '7z', 'jpg', 'jpeg', 'png', 'webp', 'tif', 'tiff'] as const;
/** Preview images the server can read (JPEG, PNG, WebP, GIF). */
export const PREVIEW_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'gif'] as const;

/** The server's limits (template.schemas.ts). */
export const TEMPLATE_LIMITS = {
  title: 60,
  description: 500,
  tags: 10,
  tag: 20,
  products: 10,
  previews: 12,
  sources: 10,
  previewBytes: 20 * 1024 * 1024,
  search: 50,
} as const;

export const TEMPLATE_STATUSES = ['private', 'published'] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];
export const TEMPLATE_STATUS_TEXT: Record<TemplateStatus, string> = { private: '未发布', published: '已发布' };

const int = () => z.number().check(z.int());

const personSchema = z.object({ designer_id: z.string(), name: z.string() });
const productSchema = z.object({ product_id: int(), name: z.string() });
export type TemplateProduct = z.output<typeof productSchema>;

export const templateItemSchema = z.object({
  template_id: int(),
  title: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  products: z.array(productSchema),
  status: z.enum(TEMPLATE_STATUSES),
  featured: z.boolean(),
  use_count: int(),
  owner: personSchema,
  /** The first preview's thumbnail, with the preview's size so the grid reserves its box. */
  cover: z.nullable(z.object({ thumbnail_url: z.string(), width: z.nullable(int()), height: z.nullable(int()) })),
  file_types: z.array(z.string()),
  favourite: z.boolean(),
  mine: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TemplateItem = z.output<typeof templateItemSchema>;

export const templatePageSchema = z.object({ items: z.array(templateItemSchema), total: int(), page: int(), pageSize: int() });
export type TemplatePage = z.output<typeof templatePageSchema>;

const previewSchema = z.object({
  file_id: int(),
  name: z.string(),
  size: int(),
  width: z.nullable(int()),
  height: z.nullable(int()),
  url: z.string(),
  thumbnail_url: z.string(),
});
export type TemplatePreview = z.output<typeof previewSchema>;

const sourceFileSchema = z.object({
  file_id: int(),
  name: z.string(),
  size: int(),
  content_type: z.string(),
  file_type: z.string(),
  url: z.string(),
});
export type TemplateSourceFile = z.output<typeof sourceFileSchema>;

export const templateDetailSchema = z.object({
  ...templateItemSchema.shape,
  description: z.string(),
  previews: z.array(previewSchema),
  sources: z.array(sourceFileSchema),
  related: z.array(templateItemSchema),
  /** The caller owns it: edit, delete. */
  can_edit: z.boolean(),
  /** The caller leads its team: publish, feature, category, products. */
  can_curate: z.boolean(),
  /** Owner or the team's lead: share links. */
  can_share: z.boolean(),
  published_at: z.nullable(z.string()),
});
export type TemplateDetail = z.output<typeof templateDetailSchema>;

export const templateFacetsSchema = z.object({
  categories: z.array(z.string()),
  products: z.array(productSchema),
  file_types: z.array(z.string()),
  tags: z.array(z.object({ tag: z.string(), count: int() })),
});
export type TemplateFacets = z.output<typeof templateFacetsSchema>;

export const favouriteResultSchema = z.object({ template_id: int(), favourite: z.boolean() });

export const SHARE_EXPIRIES = ['1d', '7d', '30d', 'never'] as const;
export type ShareExpiry = (typeof SHARE_EXPIRIES)[number];
export const SHARE_EXPIRY_TEXT: Record<ShareExpiry, string> = { '1d': '1天', '7d': '7天', '30d': '30天', never: '永久有效' };

export const SHARE_STATES = ['active', 'expired', 'revoked'] as const;
export type ShareState = (typeof SHARE_STATES)[number];
export const SHARE_STATE_TEXT: Record<ShareState, string> = { active: '有效', expired: '已过期', revoked: '已撤销' };

export const templateShareSchema = z.object({
  share_id: int(),
  template_id: int(),
  /** null: never expires. */
  expires_at: z.nullable(z.string()),
  allow_download: z.boolean(),
  created_by: personSchema,
  created_at: z.string(),
  revoked_at: z.nullable(z.string()),
  state: z.enum(SHARE_STATES),
});
export type TemplateShare = z.output<typeof templateShareSchema>;

export const templateShareListSchema = z.array(templateShareSchema);

/** A new link: its token is in this answer only. */
export const createdShareSchema = z.object({ ...templateShareSchema.shape, token: z.string(), path: z.string() });
export type CreatedShare = z.output<typeof createdShareSchema>;

/** The public page's answer: the link's template only, nothing about people. */
export const sharedTemplateSchema = z.object({
  title: z.string(),
  category: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  previews: z.array(z.object({ name: z.string(), width: z.nullable(int()), height: z.nullable(int()), url: z.string(), thumbnail_url: z.string() })),
  /** Empty unless the link allows download. */
  sources: z.array(z.object({ name: z.string(), size: int(), content_type: z.string(), file_type: z.string(), url: z.string() })),
  allow_download: z.boolean(),
  expires_at: z.nullable(z.string()),
});
export type SharedTemplate = z.output<typeof sharedTemplateSchema>;

/** 「用于工单」: the template's source files copied into the caller's draft area. */
export const templateUsedSchema = z.object({
  template_id: int(),
  ticket_id: int(),
  use_count: int(),
  files: z.array(z.object({ key: z.string(), name: z.string(), size: int(), content_type: z.string(), read_url: z.string() })),
});
export type TemplateUsed = z.output<typeof templateUsedSchema>;

/** The public share page's link (a hash route of this SPA). */
export function templateShareLink(token: string, origin = window.location.origin): string {
  return `${origin}/#/template-share?token=${encodeURIComponent(token)}`;
}
