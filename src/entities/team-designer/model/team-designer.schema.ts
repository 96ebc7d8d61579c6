import * as z from 'zod/mini';
import { settlementSchema } from '@/entities/settlement/@x/team-designer';
import { ticketItemSchema } from '@/entities/ticket/@x/team-designer';

const int = () => z.number().check(z.int());
const rate = () => z.nullable(z.number().check(z.gte(0), z.lte(1)));

export const DAILY_CAPACITY_MAX = 200;

export const designerProductSchema = z.object({ product_id: int(), name: z.string() });
export type DesignerProduct = z.infer<typeof designerProductSchema>;

/** A member of the lead's team (GET /team/designers). */
export const teamDesignerSchema = z.object({
  designer_id: z.string(),
  designer_name: z.string(),
  /** Masked: 138****0001. */
  phone: z.string(),
  designer_type: int(),
  online_ticket_status: int(),
  load_today: int(),
  capacity_today: int(),
  daily_capacity: int(),
  products: z.array(designerProductSchema),
  open_tickets: int(),
  completed_30d: int(),
  on_time_rate_30d: rate(),
  first_pass_rate_30d: rate(),
});
export type TeamDesigner = z.infer<typeof teamDesignerSchema>;

export const teamDesignerPageSchema = z.object({ items: z.array(teamDesignerSchema), total: int(), page: int(), pageSize: int() });
export type TeamDesignerPage = z.infer<typeof teamDesignerPageSchema>;

export const designerHistorySchema = z.object({
  ticket_id: int(),
  order_no: z.string(),
  how: z.string(),
  assigned_at: z.string(),
  ended_at: z.nullable(z.string()),
  end_reason: z.nullable(z.string()),
});
export type DesignerHistory = z.infer<typeof designerHistorySchema>;

/** A product the designer qualified for by passing an exam linked to it (issue #16). */
export const designerQualificationSchema = z.object({
  product_id: int(),
  product_name: z.string(),
  exam_id: int(),
  exam_title: z.string(),
  attempt_id: int(),
  qualified_at: z.string(),
});
export type DesignerQualification = z.infer<typeof designerQualificationSchema>;

/** GET /team/designers/:id. */
export const teamDesignerDetailSchema = z.extend(teamDesignerSchema, {
  recent_tickets: z.array(ticketItemSchema),
  settlements: z.array(settlementSchema),
  history: z.array(designerHistorySchema),
  /** Oldest first. */
  qualifications: z.array(designerQualificationSchema),
});
export type TeamDesignerDetail = z.infer<typeof teamDesignerDetailSchema>;

/** PUT /team/designers/:id — daily capacity and qualified products. */
export const designerSettingsSchema = z.object({
  daily_capacity: z.number().check(
    z.int('请输入整数'),
    z.gte(0, '每日接单量不能小于0'),
    z.lte(DAILY_CAPACITY_MAX, `每日接单量不能超过${DAILY_CAPACITY_MAX}`),
  ),
  product_ids: z.array(z.number().check(z.int(), z.positive())),
});
export type DesignerSettings = z.output<typeof designerSettingsSchema>;

export const DESIGNER_TYPE_TEXT: Record<number, string> = { 0: '负责人', 1: '设计师', 2: '兼职设计师', 3: '兼职设计师' };
export const ONLINE_TEXT: Record<number, string> = { 0: '离线', 1: '接单中' };
