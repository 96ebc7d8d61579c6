/** zod schemas of the courses' requests and answers (they also make `/api/docs`). */
import { z } from 'zod';
import { idSchema } from '../../lib/http.js';
import { assignmentStateSchema } from './assignment.schemas.js';

export const LESSON_KINDS = ['text', 'video', 'document'] as const;
export type LessonKind = (typeof LESSON_KINDS)[number];
export const MAX_LESSONS = 100;
/** A video lesson is done once this share of its duration has been reached. */
export const VIDEO_DONE_SHARE = 0.9;

export const courseIdParams = z.object({ id: idSchema('课程编号不正确') });
export const lessonIdParams = z.object({ id: idSchema('课时编号不正确') });

export const courseInput = z.object({
  title: z.string({ error: '请填写课程名称' }).trim().min(1, { error: '请填写课程名称' }).max(100, { error: '课程名称不能超过100个字符' }),
  description: z.string({ error: '课程简介格式不正确' }).trim().max(2000, { error: '课程简介不能超过2000个字符' }).default(''),
  required: z.boolean({ error: '必修设置只能是true或false' }).default(false).describe('必修 (true) or 选修'),
  is_public: z.boolean({ error: '公开设置只能是true或false' }).default(false).describe('Readable without a login (read-only, no progress)'),
});
export type CourseInput = z.infer<typeof courseInput>;

const lessonTitle = z.string({ error: '请填写课时名称' }).trim().min(1, { error: '请填写课时名称' }).max(100, { error: '课时名称不能超过100个字符' });
const objectKey = z
  .string({ error: '请上传文件' })
  .min(1, { error: '请上传文件' })
  .max(1023, { error: '文件路径不正确' })
  .describe('The object key of a file the lead uploaded with source=default: `default/<designer_id>/<yyyymmdd>/<nonce>/<name>`');

export const lessonInput = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('text'),
      title: lessonTitle,
      body: z.string({ error: '请填写课时内容' }).trim().min(1, { error: '请填写课时内容' }).max(50_000, { error: '课时内容不能超过50000个字符' }).describe('Markdown, stored as written (the SPA renders it without raw HTML)'),
    }),
    z.object({
      kind: z.literal('video'),
      title: lessonTitle,
      object_key: objectKey.describe('An .mp4 or .webm uploaded with source=default'),
      duration_seconds: z.number({ error: '视频时长必须是1-36000秒' }).int({ error: '视频时长必须是1-36000秒' }).min(1, { error: '视频时长必须是1-36000秒' }).max(36_000, { error: '视频时长必须是1-36000秒' }),
    }),
    z.object({ kind: z.literal('document'), title: lessonTitle, object_key: objectKey.describe('A .pdf uploaded with source=default') }),
  ],
  { error: '课时类型只能是text、video或document' },
);
export type LessonInput = z.infer<typeof lessonInput>;

export const lessonOrderInput = z.object({
  lesson_ids: z.array(z.number({ error: '课时编号不正确' }).int({ error: '课时编号不正确' }).positive({ error: '课时编号不正确' }), { error: '课时顺序格式不正确' }).max(MAX_LESSONS, { error: `每门课程最多${MAX_LESSONS}个课时` }).describe('Every lesson of the course, first to last'),
});

export const progressInput = z.object({
  position_seconds: z
    .number({ error: '播放位置必须是0-36000秒' })
    .int({ error: '播放位置必须是0-36000秒' })
    .min(0, { error: '播放位置必须是0-36000秒' })
    .max(36_000, { error: '播放位置必须是0-36000秒' })
    .optional()
    .describe('Video: where the player is now'),
  completed: z.boolean({ error: '完成标记只能是true或false' }).optional().describe('Text or document: read to the end'),
});
export type ProgressInput = z.infer<typeof progressInput>;

export const lessonProgressSchema = z.object({
  position_seconds: z.number().int().describe('Where to resume a video'),
  furthest_seconds: z.number().int(),
  done: z.boolean(),
  done_at: z.string().nullable(),
});

export const lessonSchema = z
  .object({
    lesson_id: z.number().int(),
    position: z.number().int(),
    kind: z.enum(LESSON_KINDS),
    title: z.string(),
    body: z.string().describe('Markdown of a text lesson; empty otherwise'),
    object_key: z.string().nullable(),
    url: z.string().nullable().describe('Where the browser reads the video or document'),
    duration_seconds: z.number().int(),
    progress: lessonProgressSchema.nullable().describe('The caller’s; null without a login'),
  })
  .meta({ id: 'CourseLesson' });

const courseBase = {
  course_id: z.number().int(),
  title: z.string(),
  description: z.string(),
  required: z.boolean(),
  is_public: z.boolean(),
  lesson_count: z.number().int(),
};

export const courseCardSchema = z
  .object({
    ...courseBase,
    progress_percent: z.number().int().describe('Lessons done out of all, 0–100'),
    done: z.boolean(),
    assignment: assignmentStateSchema,
  })
  .meta({ id: 'CourseCard' });

export const courseDetailSchema = z
  .object({
    ...courseBase,
    progress_percent: z.number().int().nullable().describe('Null without a login'),
    lessons: z.array(lessonSchema),
  })
  .meta({ id: 'CourseDetail' });
export type CourseDetail = z.infer<typeof courseDetailSchema>;

export const courseManageSchema = z
  .object({ ...courseBase, status: z.enum(['draft', 'published']), lessons: z.array(lessonSchema) })
  .meta({ id: 'CourseManage' });
