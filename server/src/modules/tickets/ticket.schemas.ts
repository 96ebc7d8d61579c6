/** Wire schemas of the ticket calls (snake_case, product.md §3); also the OpenAPI document. */
import { z } from 'zod';
import { MAX_ROW_ID, errorEnvelope, idListParam, idSchema, listParam, pageQuery } from '../../lib/http.js';
import { EXPORT_FORMATS } from '../../lib/tabular-export.js';
import { designerCodeSchema, parseDesignerCode } from '../../domain/designers.js';
import { assignRiskSchema, confirmSchema } from './assignment-risks.js';
import { isMarkerCode } from './markers.js';
import { ALLOCATION_HOWS, DRAFT_KINDS, STAGES, TICKET_STATUSES } from './ticket.model.js';


export const attachmentSchema = z
  .object({
    name: z.string({ error: '请填写附件名称' }).trim().min(1, { error: '请填写附件名称' }).max(200, { error: '附件名称不能超过200个字符' }),
    url: z
      .string({ error: '请填写附件地址' })
      .trim()
      .min(1, { error: '请填写附件地址' })
      .max(2000, { error: '附件地址过长' })
      .refine((u) => /^https?:\/\/\S+$/.test(u) || /^[A-Za-z0-9][\w\-./]*$/.test(u), { error: '附件地址不正确' })
      .describe('http(s) URL or object key'),
    size: z.number().int().min(0).optional(),
    content_type: z.string().max(100).optional(),
  })
  .meta({ id: 'TicketAttachment' });

export const orderNoSchema = z
  .string({ error: '请填写订单号' })
  .trim()
  .min(1, { error: '请填写订单号' })
  .max(64, { error: '订单号不能超过64个字符' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, { error: '订单号只能包含字母、数字、下划线和短横线' });

const stageSchema = z.enum(STAGES, { error: '工单阶段不正确' });

// ---------------------------------------------------------------------------------------------
// Integration API (upstream order system)

export const orderInputSchema = z
  .object({
    order_no: orderNoSchema,
    shop_id: z.number({ error: '请填写店铺' }).int({ error: '店铺编号不正确' }).positive({ error: '店铺编号不正确' }).max(MAX_ROW_ID, { error: '店铺编号不正确' }),
    product_id: z.number({ error: '请填写产品' }).int({ error: '产品编号不正确' }).positive({ error: '产品编号不正确' }).max(MAX_ROW_ID, { error: '产品编号不正确' }),
    title: z.string({ error: '请填写标题' }).trim().min(1, { error: '请填写标题' }).max(200, { error: '标题不能超过200个字符' }),
    requirements: z.string().max(10_000, { error: '设计要求不能超过10000个字符' }).default(''),
    customer_notes: z.string().max(5_000, { error: '客户备注不能超过5000个字符' }).default(''),
    attachments: z.array(attachmentSchema).max(50, { error: '附件不能超过50个' }).default([]),
    order_markers: z
      .string()
      .max(1_000, { error: '标记过长' })
      .default('')
      .describe('Comma-joined marker codes (spec §3); unknown codes are dropped, duplicates removed'),
    allowed_minutes: z
      .number({ error: '请填写设计时限' })
      .int({ error: '设计时限须为整数分钟' })
      .min(1, { error: '设计时限至少1分钟' })
      .max(43_200, { error: '设计时限不能超过30天' })
      .describe('Minutes the designer has from assignment (spec §4 timeout check)'),
    fee_cents: z
      .number({ error: '请填写设计费' })
      .int({ error: '设计费须为整数（分）' })
      .min(0, { error: '设计费不能为负数' })
      .max(100_000_000, { error: '设计费过大' }),
    team_id: z.number().int().positive({ error: '团队编号不正确' }).max(MAX_ROW_ID, { error: '团队编号不正确' }).nullable().optional().describe('Route the order to one team (optional)'),
    status: z.enum(['0', '7'], { error: '新工单状态只能是0或7' }).default('0').describe('"0" normal or "7" one-click order'),
  })
  .meta({ id: 'IntegrationOrder' });
export type OrderInput = z.infer<typeof orderInputSchema>;

/** The most orders one batch call takes. */
export const MAX_BATCH_ORDERS = 500;

export const orderBatchSchema = z
  .object({
    orders: z
      .array(orderInputSchema, { error: '请提供订单列表' })
      .min(1, { error: '订单列表不能为空' })
      .max(MAX_BATCH_ORDERS, { error: `每批最多${MAX_BATCH_ORDERS}个订单` }),
  })
  .meta({ id: 'IntegrationOrderBatch' });

export const orderBatchResultSchema = z
  .object({
    order_no: z.string(),
    created: z.boolean().describe('false: the order existed already (or repeats earlier in the batch); ticket_id is the existing ticket'),
    ticket_id: z.number().int(),
    designer_id: z.string().nullable().describe('The designer it is assigned to (D000123), null when unassigned (order hall)'),
  })
  .meta({ id: 'IntegrationOrderBatchResult' });

export const UPSTREAM_EVENTS = ['refund', 'completion', 'close', 'factory_reject'] as const;
export type UpstreamEvent = (typeof UPSTREAM_EVENTS)[number];

export const upstreamStatusSchema = z.object({
  event: z.enum(UPSTREAM_EVENTS, { error: '事件类型不正确' }).describe('refund → "2", completion → "4", close → "3" (message 28), factory_reject → "5" (message 32)'),
  reason: z.string().trim().max(500, { error: '原因不能超过500个字符' }).default(''),
});

export const auditInputSchema = z.object({
  sync_status: z
    .number({ error: '请填写同步状态' })
    .int({ error: '同步状态不正确' })
    .min(1, { error: '同步状态只能是1、2或3' })
    .max(3, { error: '同步状态只能是1、2或3' })
    .describe('1 synced, 2 sync error, 3 auto-audit error'),
  result: z.string().max(2_000, { error: '检查结果不能超过2000个字符' }).default(''),
});

// ---------------------------------------------------------------------------------------------
// Tickets

export const ticketItemSchema = z
  .object({
    ticket_id: z.number().int(),
    order_no: z.string(),
    shop_id: z.number().int(),
    shop_name: z.string(),
    product_id: z.number().int(),
    product_name: z.string(),
    title: z.string(),
    status: z.string().describe('Spec §3: "0" normal … "7" one-click order (dictionary ticket_status)'),
    order_markers: z.string().describe('Comma-joined marker codes from the order'),
    work_markers: z.string().describe('Comma-joined marker codes set by the platform'),
    stage: stageSchema,
    allowed_minutes: z.number().int(),
    started_at: z.string().nullable(),
    due_at: z.string().nullable(),
    fee_cents: z.number().int(),
    team_id: z.number().int().nullable(),
    designer_id: z.string().nullable(),
    designer_name: z.string().nullable(),
    allocation_id: z.number().int().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'TicketItem' });
export type TicketItem = z.infer<typeof ticketItemSchema>;

/** A row of My tickets / the team's orders: the item and the caller's unread comments on it. */
export const ticketListItemSchema = ticketItemSchema
  .extend({ unread_comments: z.number().int().describe('Comments of others on the ticket the caller has not read yet (opening the thread reads them)') })
  .meta({ id: 'TicketListItem' });

export const draftSchema = z
  .object({
    draft_id: z.number().int(),
    ticket_id: z.number().int(),
    allocation_id: z.number().int(),
    designer_id: z.string(),
    kind: z.enum(DRAFT_KINDS),
    files: z.array(z.string()),
    note: z.string(),
    sync_status: z.number().int().describe('0 not synced, 1 synced, 2 sync error, 3 auto-audit error'),
    audit_result: z.string().nullable(),
    audited_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'TicketDraft' });
export type DraftView = z.infer<typeof draftSchema>;

export const eventSchema = z
  .object({
    event_id: z.number().int(),
    type: z.string(),
    type_name: z.string(),
    actor: z.object({
      kind: z.enum(['designer', 'system', 'upstream']),
      designer_id: z.string().nullable(),
      name: z.string(),
    }),
    detail: z.record(z.string(), z.unknown()),
    created_at: z.string(),
  })
  .meta({ id: 'TicketEvent' });

export const allocationSchema = z
  .object({
    allocation_id: z.number().int(),
    designer_id: z.string(),
    designer_name: z.string(),
    how: z.enum(ALLOCATION_HOWS),
    assigned_at: z.string(),
    ended_at: z.string().nullable(),
    end_reason: z.string().nullable(),
  })
  .meta({ id: 'TicketAllocation' });

const READ_URL_NOTE = 'where the browser reads the file now: signed for 15 minutes for a private object (drafts, attachments), plain for a public one, an http(s) URL as it is';

/** An attachment in a ticket's detail: as stored, plus the URL it is read at. */
export const attachmentViewSchema = attachmentSchema
  .extend({ read_url: z.string().describe(`The attachment's URL: ${READ_URL_NOTE}`) })
  .meta({ id: 'TicketAttachmentView' });
export type AttachmentView = z.infer<typeof attachmentViewSchema>;

/** A draft in a ticket's detail: as stored, plus the URL each file is read at (same order as `files`). */
export const draftDetailSchema = draftSchema
  .extend({ read_urls: z.array(z.string()).describe(`One per file, in order: ${READ_URL_NOTE}`) })
  .meta({ id: 'TicketDraftDetail' });

export const ticketDetailSchema = ticketItemSchema
  .extend({
    requirements: z.string(),
    customer_notes: z.string(),
    attachments: z.array(attachmentViewSchema),
    drafts: z.array(draftDetailSchema),
    timeline: z.array(eventSchema),
    allocations: z.array(allocationSchema),
  })
  .meta({ id: 'TicketDetail' });
export type TicketDetail = z.infer<typeof ticketDetailSchema>;
/** A ticket's detail as stored, before its files get their read URLs (ticket.service.ts). */
export type StoredTicketDetail = Omit<TicketDetail, 'attachments' | 'drafts'> & { attachments: z.infer<typeof attachmentSchema>[]; drafts: DraftView[] };

const csv = listParam;
const idList = idListParam;

const isDesignerCode = (v: string): v is string => /^D\d{6,}$/.test(v) && parseDesignerCode(v) !== undefined;

const isStatus = (v: string): v is (typeof TICKET_STATUSES)[number] => (TICKET_STATUSES as readonly string[]).includes(v);

const dateOrDateTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: '时间格式不正确' });

const flag = z.enum(['0', '1', 'true', 'false'], { error: '只能是0或1' }).transform((v) => v === '1' || v === 'true');

export const listQuerySchema = pageQuery.extend({
  status: csv(isStatus, '工单状态不正确').optional().describe('One or more statuses, comma-joined (0,7) or repeated'),
  markers: csv(isMarkerCode, '标记不正确').optional().describe('Tickets carrying any of these marker codes, comma-joined or repeated'),
  shop_id: idList('店铺编号不正确').optional().describe('One or more shop ids, comma-joined (or repeated)'),
  product_id: idList('产品编号不正确').optional().describe('One or more product ids, comma-joined (or repeated)'),
  keyword: z.string().trim().max(64, { error: '关键词不能超过64个字符' }).optional().describe('Part of order_no or title'),
  created_from: dateOrDateTime.optional().describe('YYYY-MM-DD (Asia/Shanghai day, inclusive) or ISO date-time'),
  created_to: dateOrDateTime.optional().describe('YYYY-MM-DD (Asia/Shanghai day, inclusive) or ISO date-time (inclusive)'),
  stage: stageSchema.optional(),
  overdue: flag.optional().describe('1: only tickets past due that still owe a draft'),
  sort_by: z.enum(['created_at', 'updated_at'], { error: '排序字段不正确' }).default('created_at'),
  sort_order: z.enum(['asc', 'desc'], { error: '排序方向不正确' }).default('desc'),
  designer_id: csv(isDesignerCode, '设计师编号格式不正确').optional().describe('Team leads: these designers’ tickets (designer codes, comma-joined or repeated)'),
  scope: z
    .enum(['team', 'pool'], { error: '范围不正确' })
    .default('team')
    .describe('Team leads: `team` (tickets of the team) or `pool` (unassigned tickets of no team)'),
  view: z
    .enum(['deducted', 'appealed'], { error: '视图不正确' })
    .optional()
    .describe('Spec §2 views: `deducted` tickets with a deduction of mine, `appealed` tickets with an appeal of mine (a lead: the team’s), also tickets no longer held'),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** The list's query without paging, plus the file format: the same tickets as the list, every page. */
export const exportQuerySchema = listQuerySchema.omit({ page: true, pageSize: true }).extend({
  format: z.enum(EXPORT_FORMATS, { error: '导出格式只能是 csv 或 xlsx' }).default('csv').describe('csv (UTF-8 with a BOM, the default, as the other exports) or xlsx (Excel)'),
});
export type ExportQuery = z.infer<typeof exportQuerySchema>;

export const panelCountsSchema = z
  .object({
    waiting: z.number().int().describe('Open tickets still at stage waiting (no draft yet)'),
    in_progress: z.number().int().describe('Open tickets not done'),
    first_draft_due: z.number().int().describe('Stage waiting, due within 24 h, not overdue'),
    final_draft_due: z.number().int().describe('Stage first_draft, due within 24 h, not overdue'),
    overdue: z.number().int().describe('Owing a draft past due_at'),
    rejected: z.number().int().describe('Status "5" factory rejected'),
    appealing: z.number().int().describe('Pending appeals: mine (a lead: the team’s)'),
  })
  .meta({ id: 'TicketPanelCounts' });
export type PanelCounts = z.infer<typeof panelCountsSchema>;

export const ticketIdParams = z.object({ id: idSchema('工单编号不正确') });

export const reasonSchema = (required: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(500, { error: '说明不能超过500个字符' });

export const draftInputSchema = z.object({
  kind: z.enum(DRAFT_KINDS, { error: '稿件类型只能是 first 或 final' }),
  files: z
    .array(z.string({ error: '文件路径不正确' }).max(400, { error: '文件路径过长' }), { error: '请上传稿件文件' })
    .min(1, { error: '请上传稿件文件' })
    .max(20, { error: '一次最多提交20个文件' })
    .describe('Object keys of files uploaded with source=draft: draft/<designer_id>/<yyyymmdd>/<nonce>/<file name>'),
  note: z.string().trim().max(500, { error: '备注不能超过500个字符' }).default(''),
});

/** A body that may be left out entirely (no content): `{ note? }`. */
export const optionalNoteSchema = z.object({ note: z.string().trim().max(500, { error: '说明不能超过500个字符' }).default('') }).nullish();

export const assignInputSchema = z.object({ designer_id: designerCodeSchema, confirm: confirmSchema });
export const transferInputSchema = z.object({
  designer_id: designerCodeSchema,
  reason: z.string().trim().max(500, { error: '说明不能超过500个字符' }).default(''),
  confirm: confirmSchema,
});

/** `ticket_ids=1,2,3`: the tickets an assignment is for (one to fifty). */
export const assignCandidatesQuery = z.object({
  ticket_ids: z
    .string({ error: '请选择工单' })
    .trim()
    .regex(/^[1-9]\d{0,14}(,[1-9]\d{0,14}){0,49}$/, { error: '工单编号不正确（最多50个，逗号分隔）' })
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .describe('One to fifty ticket ids, comma-joined'),
});

export const assignCandidatesSchema = z
  .object({
    ticket_count: z.number().int(),
    products: z.array(z.object({ product_id: z.number().int(), name: z.string() })).describe('The products of the tickets'),
    designers: z.array(
      z.object({
        designer_id: z.string(),
        designer_name: z.string(),
        online: z.boolean().describe('Accepts tickets now (online_ticket_status 1)'),
        load_today: z.number().int().describe('Tickets assigned today (Asia/Shanghai)'),
        capacity_today: z.number().int().describe('Today’s capacity: the order-plan cell (if the team’s rules use it), else daily_capacity'),
        qualified: z.boolean().describe('Qualified for every product of the tickets'),
        risks: z.array(assignRiskSchema).describe('What giving the designer all the tickets risks; each must be confirmed'),
      }),
    ),
  })
  .meta({ id: 'AssignCandidates' });

/** A refused assignment: 409 with the target's risks in `data` (other 409s: data null). */
export const riskConflictEnvelope = errorEnvelope.extend({ data: z.object({ risks: z.array(assignRiskSchema) }).nullable() });
export const abnormalInputSchema = z.object({ reason: reasonSchema('请填写异常原因') });
export const closeInputSchema = z.object({ reason: reasonSchema('请填写关闭原因') });
