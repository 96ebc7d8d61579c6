/** zod schemas of the template library's requests and answers (they also make `/api/docs`). */
import { z } from 'zod';
import { idSchema, MAX_ROW_ID, pageQuery } from '../../lib/http.js';

export const TEMPLATE_CATEGORIES = ['名片', '海报', '宣传单页', '包装', '标签贴纸', '画册', '展架', '其他'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

/** Source file types a template may hold (by the object key's extension); also the list's `file_type` filter. */
export const SOURCE_FILE_TYPES = ['psd', 'ai', 'cdr', 'eps', 'pdf', 'svg', 'indd', 'zip', 'rar', '7z', 'jpg', 'jpeg', 'png', 'webp', 'tif', 'tiff'] as const;
export type SourceFileType = (typeof SOURCE_FILE_TYPES)[number];

export const TEMPLATE_STATUSES = ['private', 'published'] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];

export const TITLE_MAX = 60;
export const DESCRIPTION_MAX = 500;
export const TAGS_MAX = 10;
export const TAG_MAX = 20;
export const PRODUCTS_MAX = 10;
export const PREVIEWS_MAX = 12;
export const SOURCES_MAX = 10;
/** A preview is read whole to make its thumbnail: 20 MB at most. */
export const PREVIEW_MAX_BYTES = 20 * 1024 * 1024;
export const SEARCH_MAX = 50;

export const templateIdParams = z.object({ id: idSchema('模板编号不正确') });
export const shareIdParams = z.object({ id: idSchema('分享链接编号不正确') });
export const shareTokenParams = z.object({
  token: z.string({ error: '分享链接不正确' }).regex(/^[A-Za-z0-9_-]{16,128}$/, { error: '分享链接不正确' }).describe('The share token of the link `/template-share?token=`'),
});

const productIdSchema = z.number({ error: '产品编号不正确' }).int({ error: '产品编号不正确' }).positive({ error: '产品编号不正确' }).max(MAX_ROW_ID, { error: '产品编号不正确' });
const categorySchema = z.enum(TEMPLATE_CATEGORIES, { error: '模板分类不正确' });

const fileInput = z.object({
  key: z.string({ error: '文件路径不正确' }).max(1023, { error: '文件路径不正确' }).describe('Object key uploaded with source=template: `template/<designer_id>/<yyyymmdd>/<nonce>/<name>`'),
  name: z.string({ error: '文件名称格式不正确' }).trim().min(1, { error: '文件名称不能为空' }).max(200, { error: '文件名称不能超过200个字符' }).optional().describe('Shown name (default: the key’s last segment)'),
});
export type FileInput = z.infer<typeof fileInput>;

/** A new template, or a template's new content (its owner's edit replaces all of it). */
export const templateInput = z.object({
  title: z.string({ error: '请填写模板标题' }).trim().min(1, { error: '请填写模板标题' }).max(TITLE_MAX, { error: `模板标题不能超过${TITLE_MAX}个字符` }),
  category: categorySchema,
  description: z.string({ error: '模板说明格式不正确' }).trim().max(DESCRIPTION_MAX, { error: `模板说明不能超过${DESCRIPTION_MAX}个字符` }).default(''),
  tags: z
    .array(z.string({ error: '标签格式不正确' }).trim().min(1, { error: '标签不能为空' }).max(TAG_MAX, { error: `每个标签不能超过${TAG_MAX}个字符` }), { error: '标签格式不正确' })
    .max(TAGS_MAX, { error: `标签最多${TAGS_MAX}个` })
    .default([])
    .describe('Trimmed; duplicates are kept once'),
  product_ids: z.array(productIdSchema, { error: '产品格式不正确' }).max(PRODUCTS_MAX, { error: `适用产品最多${PRODUCTS_MAX}个` }).default([]),
  previews: z
    .array(fileInput, { error: '预览图格式不正确' })
    .min(1, { error: '请上传至少一张预览图' })
    .max(PREVIEWS_MAX, { error: `预览图最多${PREVIEWS_MAX}张` })
    .describe('Images (JPG, PNG, WebP, GIF; ≤ 20 MB): the server reads each and makes its thumbnail (480 px wide WebP)'),
  sources: z
    .array(fileInput, { error: '源文件格式不正确' })
    .min(1, { error: '请上传至少一个源文件' })
    .max(SOURCES_MAX, { error: `源文件最多${SOURCES_MAX}个` })
    .describe(`Source files, of a type among ${SOURCE_FILE_TYPES.join(', ')}`),
});
export type TemplateInput = z.infer<typeof templateInput>;

/** A lead's curation: any of publish/unpublish, featured, category, products. */
export const curationInput = z
  .object({
    status: z.enum(TEMPLATE_STATUSES, { error: '模板状态不正确' }).optional().describe('published: the owner’s team sees it; private: only its owner and the team’s leads'),
    featured: z.boolean({ error: '推荐只能是是或否' }).optional().describe('Featured templates come first in every list'),
    category: categorySchema.optional(),
    product_ids: z.array(productIdSchema, { error: '产品格式不正确' }).max(PRODUCTS_MAX, { error: `适用产品最多${PRODUCTS_MAX}个` }).optional(),
  })
  .refine((c) => c.status !== undefined || c.featured !== undefined || c.category !== undefined || c.product_ids !== undefined, { error: '请选择要修改的内容', path: ['status'] });
export type CurationInput = z.infer<typeof curationInput>;

export const SHARE_EXPIRIES = ['1d', '7d', '30d', 'never'] as const;
export const shareInput = z.object({
  expires_in: z.enum(SHARE_EXPIRIES, { error: '有效期只能是1天、7天、30天或永久' }).describe('1d, 7d, 30d or never'),
  allow_download: z.boolean({ error: '是否允许下载格式不正确' }).default(false).describe('Whether the public page lists the source files'),
});
export type ShareInput = z.infer<typeof shareInput>;

export const useInput = z.object({
  ticket_id: z.number({ error: '请选择工单' }).int({ error: '工单编号不正确' }).positive({ error: '工单编号不正确' }).max(MAX_ROW_ID, { error: '工单编号不正确' }),
});

export const SCOPES = ['all', 'mine', 'team', 'favourites'] as const;
export type Scope = (typeof SCOPES)[number];
export const SORTS = ['newest', 'most_used'] as const;
export type Sort = (typeof SORTS)[number];

export const listQuery = pageQuery.extend({
  q: z.string({ error: '搜索内容格式不正确' }).trim().max(SEARCH_MAX, { error: `搜索内容不能超过${SEARCH_MAX}个字符` }).optional().describe('Matches titles and tags, partial words included (「名片」 finds 「商务名片模板」); several words separated by spaces must all match'),
  category: categorySchema.optional(),
  product_id: idSchema('产品编号不正确').optional(),
  tags: z
    .string({ error: '标签格式不正确' })
    .max(200, { error: '标签过长' })
    .optional()
    .describe('Comma-separated tags (at most 5), each must be on the template'),
  file_type: z.enum(SOURCE_FILE_TYPES, { error: '文件类型不正确' }).optional().describe('Templates with a source file of this type'),
  scope: z.enum(SCOPES, { error: '范围只能是全部、我的、团队或收藏' }).default('all').describe('all: every template the caller may see; mine: their own; team: published ones of their team; favourites: their stars'),
  status: z.enum(TEMPLATE_STATUSES, { error: '模板状态不正确' }).optional().describe('private: what awaits a lead’s publishing (a lead sees the team’s, others their own)'),
  sort: z.enum(SORTS, { error: '排序方式不正确' }).default('newest').describe('Featured first, then newest or most used'),
});
export type ListQuery = z.infer<typeof listQuery>;

const personSchema = z.object({ designer_id: z.string(), name: z.string() });
const productSchema = z.object({ product_id: z.number().int(), name: z.string() });

export const templateItemSchema = z
  .object({
    template_id: z.number().int(),
    title: z.string(),
    category: z.string(),
    tags: z.array(z.string()),
    products: z.array(productSchema),
    status: z.enum(TEMPLATE_STATUSES),
    featured: z.boolean(),
    use_count: z.number().int(),
    owner: personSchema,
    cover: z
      .object({
        thumbnail_url: z.string().describe('The first preview’s thumbnail (480 px wide WebP), signed for 15 minutes (in a list: from when the server read the card, at most a minute earlier)'),
        width: z.number().int().nullable().describe('Of the preview (the thumbnail keeps its ratio): lets the grid reserve the space'),
        height: z.number().int().nullable(),
      })
      .nullable(),
    file_types: z.array(z.string()).describe('Extensions of its source files'),
    favourite: z.boolean().describe('Starred by the caller'),
    mine: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'TemplateItem' });
export type TemplateItem = z.infer<typeof templateItemSchema>;

export const previewSchema = z.object({
  file_id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  url: z.string().describe('The full image, signed for 15 minutes'),
  thumbnail_url: z.string().describe('480 px wide WebP, signed for 15 minutes'),
});

export const sourceFileSchema = z.object({
  file_id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  content_type: z.string(),
  file_type: z.string().describe('The extension'),
  url: z.string().describe('Download URL, signed for 15 minutes'),
});

export const templateDetailSchema = templateItemSchema
  .extend({
    description: z.string(),
    previews: z.array(previewSchema),
    sources: z.array(sourceFileSchema),
    related: z.array(templateItemSchema).describe('Up to 6 templates the caller may see, of the same category or a shared product, most used first'),
    can_edit: z.boolean().describe('The caller owns it (edit, delete)'),
    can_curate: z.boolean().describe('The caller leads its team (publish, feature, category, products)'),
    can_share: z.boolean().describe('Owner or the team’s lead'),
    published_at: z.string().nullable(),
  })
  .meta({ id: 'TemplateDetail' });
export type TemplateDetail = z.infer<typeof templateDetailSchema>;

export const facetsSchema = z
  .object({
    categories: z.array(z.string()),
    products: z.array(productSchema),
    file_types: z.array(z.string()),
    tags: z.array(z.object({ tag: z.string(), count: z.number().int() })).describe('The 30 most used tags of what the caller may see'),
  })
  .meta({ id: 'TemplateFacets' });
export type Facets = z.infer<typeof facetsSchema>;

export const shareSchema = z
  .object({
    share_id: z.number().int(),
    template_id: z.number().int(),
    expires_at: z.string().nullable().describe('null: never expires'),
    allow_download: z.boolean(),
    created_by: personSchema,
    created_at: z.string(),
    revoked_at: z.string().nullable(),
    state: z.enum(['active', 'expired', 'revoked']),
  })
  .meta({ id: 'TemplateShare' });
export type ShareView = z.infer<typeof shareSchema>;

export const createdShareSchema = shareSchema
  .extend({
    token: z.string().describe('Shown once: only its hash is stored'),
    path: z.string().describe('The public page: /template-share?token=…'),
  })
  .meta({ id: 'TemplateShareCreated' });
export type CreatedShare = z.infer<typeof createdShareSchema>;

export const publicTemplateSchema = z
  .object({
    title: z.string(),
    category: z.string(),
    description: z.string(),
    tags: z.array(z.string()),
    previews: z.array(previewSchema.omit({ file_id: true, size: true })),
    sources: z.array(sourceFileSchema.omit({ file_id: true })).describe('Empty unless the link allows download'),
    allow_download: z.boolean(),
    expires_at: z.string().nullable(),
  })
  .meta({ id: 'SharedTemplate' });
export type PublicTemplate = z.infer<typeof publicTemplateSchema>;

export const usedSchema = z
  .object({
    template_id: z.number().int(),
    ticket_id: z.number().int(),
    use_count: z.number().int(),
    files: z
      .array(z.object({ key: z.string().describe('A new object under draft/<designer_id>/, ready to submit as a draft file'), name: z.string(), size: z.number().int(), content_type: z.string(), read_url: z.string() }))
      .describe('The template’s source files, copied in the store into the caller’s draft area'),
  })
  .meta({ id: 'TemplateUsed' });
export type Used = z.infer<typeof usedSchema>;
