/** Wire schemas of the workbench calls (issue #18); also the OpenAPI document. */
import { z } from 'zod';
import { idSchema, MAX_ROW_ID } from '../../lib/http.js';
import { messageSchema } from '../messages/index.js';
import { SAVED_VIEW_LISTS } from './saved-view-lists.js';

// -- home ------------------------------------------------------------------------------------------

export const WORK_GROUPS = ['overdue', 'due_soon', 'rejected', 'waiting_first_draft'] as const;
export type WorkGroup = (typeof WORK_GROUPS)[number];

export const workItemSchema = z
  .object({
    ticket_id: z.number().int(),
    allocation_id: z.number().int().nullable(),
    order_no: z.string(),
    title: z.string(),
    product_id: z.number().int(),
    status: z.string(),
    stage: z.string(),
    order_markers: z.string(),
    work_markers: z.string(),
    allowed_minutes: z.number().int(),
    started_at: z.string().nullable(),
    due_at: z.string().nullable(),
    designer_id: z.string().nullable(),
    designer_name: z.string().nullable(),
  })
  .meta({ id: 'WorkbenchWorkItem' });
export type WorkItem = z.infer<typeof workItemSchema>;

const workCardSchema = z.object({
  scope: z.enum(['mine', 'team']).describe('`mine`: the tickets the caller holds; `team`: a lead’s team (as My tickets for a lead)'),
  total: z.number().int().describe('Tickets in the four groups'),
  groups: z.array(
    z.object({
      key: z.enum(WORK_GROUPS),
      count: z.number().int(),
      items: z.array(workItemSchema).describe('The most urgent first (due time, then id; unassigned tickets last), at most 5'),
    }),
  ),
});

const projectCardSchema = z
  .object({
    day: z.string().describe('Asia/Shanghai day, YYYY-MM-DD'),
    plan_id: z.number().int().nullable().describe('The team’s order plan of this week, if there is one'),
    tickets_in: z.number().int().describe('Tickets of the team created today'),
    assigned: z.number().int().describe('Assignments to the members today (system, manual, hall, transfer-in)'),
    done: z.number().int().describe('Tickets of the team completed today (a completion notice today), each once however many notices it had'),
    overdue: z.number().int().describe('Team tickets owing a draft past their due time'),
    designers_online: z.number().int().describe('Members accepting tickets now'),
    designers_planned: z.number().int().describe('Members with capacity today (plan cell, else daily capacity) above 0'),
    designers: z.array(
      z.object({
        designer_id: z.string(),
        name: z.string(),
        online: z.boolean(),
        capacity_today: z.number().int(),
        assigned_today: z.number().int(),
      }),
    ),
  })
  .nullable()
  .describe('Team leads with a team only; null otherwise');

const productCardSchema = z.object({
  products: z.array(
    z.object({
      product_id: z.number().int(),
      name: z.string(),
      assigned_today: z.number().int().describe('Tickets of the product assigned to me today'),
    }),
  ),
  exams: z
    .array(z.object({ exam_id: z.number().int(), title: z.string(), product_id: z.number().int(), product_name: z.string() }))
    .describe('Published exams of my team that would qualify me for a product I do not hold (at most 5)'),
});

const messageCardSchema = z.object({
  unread: z.number().int(),
  items: z.array(messageSchema).describe('The 5 latest unread messages (announcements included, as their type-29 messages)'),
});

const advertCardSchema = z.object({
  items: z
    .array(
      z.object({
        announcement_id: z.number().int(),
        title: z.string(),
        published_at: z.string(),
        is_read: z.number().int(),
        image_url: z.string().nullable().describe('The thumbnail of the image its publisher attached (null: none)'),
      }),
    )
    .describe('The 5 latest announcements that reach me and are not withdrawn, with their image when they carry one'),
});

export const shortcutItemSchema = z.object({ path: z.string(), title: z.string() });

export const shortcutsSchema = z
  .object({
    paths: z.array(z.string()),
    items: z.array(shortcutItemSchema).describe('The shortcuts with their menu titles, in order'),
    is_default: z.boolean().describe('true: none pinned yet, these are the menu’s top entries'),
    available: z.array(shortcutItemSchema).describe('Every menu entry the caller may pin'),
  })
  .meta({ id: 'WorkbenchShortcuts' });
export type ShortcutsView = z.infer<typeof shortcutsSchema>;

export const homeSchema = z
  .object({
    role: z.enum(['admin', 'user', 'part_time']),
    generated_at: z.string(),
    work: workCardSchema,
    project: projectCardSchema,
    product: productCardSchema,
    message: messageCardSchema,
    advert: advertCardSchema,
    fast: shortcutsSchema,
    welcome_pending: z
      .boolean()
      .describe('true from finishing onboarding (step 6) until `POST /workbench/welcome/done`: the SPA shows the welcome page first'),
  })
  .meta({ id: 'WorkbenchHome' });

export const welcomeDoneSchema = z.object({ welcome_pending: z.literal(false) });
export type HomeView = z.infer<typeof homeSchema>;

// -- saved views -----------------------------------------------------------------------------------

const listSchema = z.enum(SAVED_VIEW_LISTS, { error: '列表不正确' });

const filterValue = z.string({ error: '筛选值必须是文本' }).max(200, { error: '筛选值不能超过200个字符' });

const viewName = z.string({ error: '请输入视图名称' }).trim().min(1, { error: '请输入视图名称' }).max(30, { error: '视图名称不能超过30个字符' });
const viewFilters = z
  .record(z.string().max(40, { error: '筛选条件不正确' }), filterValue, { error: '筛选条件格式不正确' })
  .refine((f) => Object.keys(f).length <= 20, { error: '筛选条件过多' })
  .describe('The list endpoint’s query values (as in its URL: `status: "0,7"`), checked with that endpoint’s own schema');
const viewSort = z
  .object({ by: z.string({ error: '排序字段不正确' }).max(40, { error: '排序字段不正确' }), order: z.enum(['asc', 'desc'], { error: '排序方向不正确' }) })
  .nullable()
  .describe('The tickets lists: by created_at or updated_at; appeals, deductions and the review queue have a fixed order (null)');
const viewColumns = z
  .array(z.string({ error: '列名不正确' }).max(40, { error: '列名不正确' }), { error: '请选择显示的列' })
  .max(40, { error: '最多显示40列' })
  .describe('Fields of the list’s rows to show, in order (an empty list: the list’s own columns)');

export const viewInput = z.object({
  list: listSchema,
  name: viewName,
  filters: viewFilters.default({}),
  sort: viewSort.default(null),
  columns: viewColumns.default([]),
  shared: z.boolean({ error: '共享只能是是或否' }).default(false).describe('Shared with my team (team leads only)'),
  pinned: z.boolean({ error: '固定只能是是或否' }).default(false).describe('Shown as a tab above the list'),
});
export type ViewInput = z.infer<typeof viewInput>;

export const viewEdit = viewInput.omit({ list: true });
export type ViewEdit = z.infer<typeof viewEdit>;

export const viewIdParams = z.object({ id: idSchema('视图编号不正确') });

export const viewListQuery = z.object({ list: listSchema.optional().describe('One list’s views; all lists the caller may use when left out') });

export const viewSchema = z
  .object({
    view_id: z.number().int(),
    list: listSchema,
    name: z.string(),
    filters: z.record(z.string(), z.string()),
    sort: z.object({ by: z.string(), order: z.enum(['asc', 'desc']) }).nullable(),
    columns: z.array(z.string()),
    shared: z.boolean(),
    pinned: z.boolean(),
    position: z.number().int(),
    owner: z.object({ designer_id: z.string(), name: z.string() }),
    mine: z.boolean(),
    can_edit: z.boolean(),
    can_delete: z.boolean(),
    is_default: z.boolean(),
    count: z.number().int().describe('Rows the list has now for the caller with this view (the list endpoint’s own total)'),
    updated_at: z.string(),
  })
  .meta({ id: 'SavedView' });
export type ViewView = z.infer<typeof viewSchema>;

export const viewOrderInput = z.object({
  list: listSchema,
  view_ids: z
    .array(z.number({ error: '视图编号不正确' }).int().positive().max(MAX_ROW_ID), { error: '请提供视图顺序' })
    .max(50, { error: '视图过多' })
    .describe('Every one of my own views of the list, in the new order'),
});

export const defaultViewInput = z.object({
  list: listSchema,
  view_id: z.number({ error: '视图编号不正确' }).int().positive().max(MAX_ROW_ID).nullable().describe('null: the list opens without a view'),
});

// -- shortcuts and preferences ---------------------------------------------------------------------

export const MAX_SHORTCUTS = 12;

export const shortcutsInput = z.object({
  paths: z
    .array(z.string({ error: '菜单路径不正确' }).max(200, { error: '菜单路径不正确' }), { error: '请选择快捷入口' })
    .max(MAX_SHORTCUTS, { error: `最多固定${MAX_SHORTCUTS}个快捷入口` })
    .describe('Menu paths in order; an empty list goes back to the default (the menu’s top entries)'),
});

export const COLOR_SCHEMES = ['auto', 'light', 'dark'] as const;
export const preferencesSchema = z
  .object({ color_scheme: z.enum(COLOR_SCHEMES).describe('`auto` follows the system') })
  .meta({ id: 'WorkbenchPreferences' });
export const preferencesInput = z.object({ color_scheme: z.enum(COLOR_SCHEMES, { error: '配色只能是 auto、light 或 dark' }) });
