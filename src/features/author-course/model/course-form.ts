import * as z from 'zod/mini';
import type { CourseSettingsInput, ManagedCourseSummary } from '@/entities/study-admin';

/** The course settings form; field names are the server's, so a 422 lands on the same field. */
export const courseFormSchema = z.object({
  title: z.string().check(
    z.refine((s) => s.trim().length > 0, { error: '请填写课程名称' }),
    z.refine((s) => s.trim().length <= 100, { error: '课程名称不能超过100个字符' }),
  ),
  description: z.string().check(z.refine((s) => s.trim().length <= 2000, { error: '课程简介不能超过2000个字符' })),
  required: z.boolean(),
  is_public: z.boolean(),
});
export type CourseFormValues = z.input<typeof courseFormSchema>;

export const EMPTY_COURSE_FORM: CourseFormValues = { title: '', description: '', required: false, is_public: false };

export function courseFormOf(c: ManagedCourseSummary): CourseFormValues {
  return { title: c.title, description: c.description, required: c.required, is_public: c.is_public };
}

export function courseInputOf(v: CourseFormValues): CourseSettingsInput {
  return { title: v.title.trim(), description: v.description.trim(), required: v.required, is_public: v.is_public };
}
