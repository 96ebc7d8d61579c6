import * as z from 'zod/mini';
import { messageSchema } from '@/entities/message/@x/workbench';

/** The work card's groups, in the order the home shows them (the server's `WORK_GROUPS`). */
export const WORK_GROUPS = ['overdue', 'due_soon', 'rejected', 'waiting_first_draft'] as const;
export type WorkGroupKey = (typeof WORK_GROUPS)[number];

export const workItemSchema = z.object({
  ticket_id: z.number(),
  allocation_id: z.nullable(z.number()),
  order_no: z.string(),
  title: z.string(),
  product_id: z.number(),
  status: z.string(),
  stage: z.string(),
  order_markers: z.string(),
  work_markers: z.string(),
  allowed_minutes: z.number(),
  started_at: z.nullable(z.string()),
  due_at: z.nullable(z.string()),
  designer_id: z.nullable(z.string()),
  designer_name: z.nullable(z.string()),
});
export type WorkItem = z.infer<typeof workItemSchema>;

const shortcutItemSchema = z.object({ path: z.string(), title: z.string() });
export type ShortcutItem = z.infer<typeof shortcutItemSchema>;

export const shortcutsSchema = z.object({
  paths: z.array(z.string()),
  items: z.array(shortcutItemSchema),
  is_default: z.boolean(),
  available: z.array(shortcutItemSchema),
});
export type Shortcuts = z.infer<typeof shortcutsSchema>;

export const projectCardSchema = z.object({
  day: z.string(),
  plan_id: z.nullable(z.number()),
  tickets_in: z.number(),
  assigned: z.number(),
  done: z.number(),
  overdue: z.number(),
  designers_online: z.number(),
  designers_planned: z.number(),
  designers: z.array(
    z.object({ designer_id: z.string(), name: z.string(), online: z.boolean(), capacity_today: z.number(), assigned_today: z.number() }),
  ),
});
export type ProjectCard = z.infer<typeof projectCardSchema>;

/** `GET /workbench/home`: every card of the home in one answer (server `homeSchema`). */
export const homeSchema = z.object({
  role: z.enum(['admin', 'user', 'part_time']),
  generated_at: z.string(),
  work: z.object({
    scope: z.enum(['mine', 'team']),
    total: z.number(),
    groups: z.array(z.object({ key: z.enum(WORK_GROUPS), count: z.number(), items: z.array(workItemSchema) })),
  }),
  project: z.nullable(projectCardSchema),
  product: z.object({
    products: z.array(z.object({ product_id: z.number(), name: z.string(), assigned_today: z.number() })),
    exams: z.array(z.object({ exam_id: z.number(), title: z.string(), product_id: z.number(), product_name: z.string() })),
  }),
  message: z.object({ unread: z.number(), items: z.array(messageSchema) }),
  advert: z.object({
    items: z.array(
      z.object({
        announcement_id: z.number(),
        title: z.string(),
        published_at: z.string(),
        is_read: z.number(),
        /** The announcement's image thumbnail, when its publisher attached one. */
        image_url: z.nullable(z.string()),
      }),
    ),
  }),
  fast: shortcutsSchema,
  welcome_pending: z.boolean(),
});
export type HomeSummary = z.infer<typeof homeSchema>;

export const welcomeDoneSchema = z.object({ welcome_pending: z.literal(false) });
