/** zod schemas of the assignments and the lead's results (they also make `/api/docs`). */
import { z } from 'zod';
import { designerCodeSchema } from '../../domain/designers.js';
import { idSchema, MAX_ROW_ID } from '../../lib/http.js';
import { EXPORT_FORMATS } from '../../lib/tabular-export.js';

export const ITEM_TYPES = ['course', 'exam'] as const;
export const MAX_ASSIGNEES = 200;

const itemType = z.enum(ITEM_TYPES, { error: '类型只能是course或exam' });

export const assignmentInput = z.object({
  item_type: itemType,
  item_id: z.number({ error: '编号不正确' }).int({ error: '编号不正确' }).positive({ error: '编号不正确' }).max(MAX_ROW_ID, { error: '编号不正确' }).describe('course_id or exam_id'),
  designer_ids: z
    .array(designerCodeSchema, { error: '请选择设计师' })
    .min(1, { error: '请选择设计师' })
    .max(MAX_ASSIGNEES, { error: `一次最多指派${MAX_ASSIGNEES}人` })
    .describe('designer_ids of active members of the lead’s team'),
  due_at: z.iso.datetime({ offset: true, error: '截止时间格式不正确' }).describe('ISO-8601 date-time, in the future'),
});
export type AssignmentInput = z.infer<typeof assignmentInput>;

export const resultsQuery = z.object({ item_type: itemType, item_id: idSchema('编号不正确') });
export const resultsExportQuery = resultsQuery.extend({ format: z.enum(EXPORT_FORMATS, { error: '导出格式只能是 csv 或 xlsx' }).default('xlsx') });

/** A designer's assignment of a list row: the due date and whether it passed unfinished. */
export const assignmentStateSchema = z
  .object({ due_at: z.string(), overdue: z.boolean().describe('Due date passed and the course not finished / the exam not passed') })
  .nullable()
  .describe('Assigned to the caller by a lead (assigned rows come first)');

export const assignResultSchema = z
  .object({
    assigned: z.array(z.string()).describe('designer_ids now assigned'),
    notified: z.array(z.string()).describe('designer_ids told (new, or the due date moved): message 40 (course) or 41 (exam)'),
    due_at: z.string(),
  })
  .meta({ id: 'StudyAssignResult' });

export const resultRowSchema = z.object({
  designer_id: z.string(),
  name: z.string(),
  assigned: z.boolean(),
  due_at: z.string().nullable(),
  overdue: z.boolean(),
  progress_percent: z.number().int().nullable().describe('Course: lessons done, 0–100; exam: null'),
  done: z.boolean().describe('Course finished / exam passed'),
  attempts: z.number().int().nullable().describe('Exam: attempts started; course: null'),
  best_score: z.number().int().nullable(),
  passed: z.boolean().nullable().describe('Exam: any attempt passed; course: null'),
});

/** A public exam's candidate (by phone, masked) in the lead's results. */
export const candidateResultSchema = z.object({
  phone_masked: z.string(),
  attempts: z.number().int(),
  best_score: z.number().int().nullable(),
  passed: z.boolean(),
  last_started_at: z.string(),
  designer_id: z.string().nullable().describe('The account the phone registered (its attempts joined it); null while none'),
  name: z.string().nullable(),
});

export const resultsSchema = z
  .object({
    item_type: itemType,
    item_id: z.number().int(),
    title: z.string(),
    total_points: z.number().int().nullable(),
    rows: z.array(resultRowSchema).describe('Assigned first (by due date), then the other members'),
    candidates: z.array(candidateResultSchema).describe('A public exam’s candidates (attempts taken through /online-exam by a verified phone), by first attempt; empty for a course'),
  })
  .meta({ id: 'StudyResults' });
export type Results = z.infer<typeof resultsSchema>;
