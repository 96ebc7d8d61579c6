import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors, envelope, errorEnvelope, ok } from '../../lib/http.js';
import { publicRateLimit } from '../../plugins/rate-limit.js';
import { currentDesigner } from '../auth/index.js';
import {
  courseCardSchema,
  courseDetailSchema,
  courseIdParams,
  courseInput,
  courseManageSchema,
  lessonIdParams,
  lessonInput,
  lessonOrderInput,
  lessonSchema,
  progressInput,
} from './course.schemas.js';

/**
 * Courses (issue #16): the leads author their team's courses under `/study/manage/…`; the team's
 * members read them and report progress; `/study/public/courses/:id` reads a public course without
 * a login. Every route parses, calls `app.courses` and answers.
 */
export default async function courseRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secured = { onRequest: app.authenticate };
  const doc = (summary: string, description: string) => ({ tags: ['study'], summary, description, security: [{ bearer: [] }] });
  const manageResponse = { 200: envelope(courseManageSchema), 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, ...authErrors };
  const leads = 'Team leads (designer_type 0) of the course’s team; a member gets 403, another team 404.';

  r.get(
    '/study/manage/courses',
    {
      ...secured,
      schema: { ...doc('The team’s courses (leads)', 'Drafts included. Leads only (403).'), response: { 200: envelope(z.array(courseManageSchema.omit({ lessons: true }))), 403: errorEnvelope, ...authErrors } },
    },
    async (req) => ok(await app.courses.manageList(currentDesigner(req)), '获取成功'),
  );

  r.post(
    '/study/manage/courses',
    { ...secured, schema: { ...doc('Create a course (leads)', 'A draft of the lead’s team; add lessons, then publish.'), body: courseInput, response: manageResponse } },
    async (req) => ok(await app.courses.create(currentDesigner(req), req.body), '创建成功'),
  );

  r.get(
    '/study/manage/courses/:id',
    { ...secured, schema: { ...doc('A course with its lessons (leads)', leads), params: courseIdParams, response: manageResponse } },
    async (req) => ok(await app.courses.manage(currentDesigner(req), req.params.id), '获取成功'),
  );

  r.put(
    '/study/manage/courses/:id',
    { ...secured, schema: { ...doc('Edit a course’s settings (leads)', leads), params: courseIdParams, body: courseInput, response: manageResponse } },
    async (req) => ok(await app.courses.update(currentDesigner(req), req.params.id, req.body), '保存成功'),
  );

  for (const [path, published, summary] of [
    ['/study/manage/courses/:id/publish', true, 'Publish a course (leads): the team’s members see it. 409 without lessons.'],
    ['/study/manage/courses/:id/unpublish', false, 'Withdraw a course to draft (leads).'],
  ] as const) {
    r.post(path, { ...secured, schema: { ...doc(summary, leads), params: courseIdParams, response: manageResponse } }, async (req) =>
      ok(await app.courses.setPublished(currentDesigner(req), req.params.id, published), published ? '发布成功' : '已撤回'),
    );
  }

  r.post(
    '/study/manage/courses/:id/lessons',
    {
      ...secured,
      schema: {
        ...doc(
          'Add a lesson (leads)',
          `${leads} Appended at the end. text: Markdown; video: an .mp4/.webm and its duration; document: a .pdf — files uploaded by the lead with source=default (another’s prefix: 422).`,
        ),
        params: courseIdParams,
        body: lessonInput,
        response: manageResponse,
      },
    },
    async (req) => ok(await app.courses.addLesson(currentDesigner(req), req.params.id, req.body), '添加成功'),
  );

  r.put(
    '/study/manage/courses/:id/lesson-order',
    { ...secured, schema: { ...doc('Reorder the lessons (leads)', `${leads} Every lesson of the course once.`), params: courseIdParams, body: lessonOrderInput, response: manageResponse } },
    async (req) => ok(await app.courses.reorder(currentDesigner(req), req.params.id, req.body.lesson_ids), '保存成功'),
  );

  r.put(
    '/study/manage/lessons/:id',
    { ...secured, schema: { ...doc('Edit a lesson (leads)', leads), params: lessonIdParams, body: lessonInput, response: manageResponse } },
    async (req) => ok(await app.courses.editLesson(currentDesigner(req), req.params.id, req.body), '保存成功'),
  );

  r.post(
    '/study/manage/lessons/:id/delete',
    { ...secured, schema: { ...doc('Delete a lesson (leads)', `${leads} Everyone’s progress in it goes with it.`), params: lessonIdParams, response: manageResponse } },
    async (req) => ok(await app.courses.removeLesson(currentDesigner(req), req.params.id), '删除成功'),
  );

  r.get(
    '/study/courses',
    { ...secured, schema: { ...doc('My team’s courses', 'Published courses of the caller’s team, required first, with the caller’s progress %.'), response: { 200: envelope(z.array(courseCardSchema)), ...authErrors } } },
    async (req) => ok(await app.courses.list(currentDesigner(req)), '获取成功'),
  );

  r.get(
    '/study/courses/:id',
    {
      ...secured,
      schema: {
        ...doc('A course with its lessons and my progress', 'Lessons in order with where to read their files and the caller’s progress (a video’s resume position). 404 for another team’s or an unpublished course.'),
        params: courseIdParams,
        response: { 200: envelope(courseDetailSchema), 404: errorEnvelope, ...authErrors },
      },
    },
    async (req) => ok(await app.courses.detail(currentDesigner(req), req.params.id), '获取成功'),
  );

  r.put(
    '/study/lessons/:id/progress',
    {
      ...secured,
      schema: {
        ...doc(
          'Report progress in a lesson',
          'Video: `position_seconds` (kept to resume; done once the furthest point reached is 90% of the duration). Text or document: `completed: true` when read to the end. Done stays done.',
        ),
        params: lessonIdParams,
        body: progressInput,
        response: { 200: envelope(z.object({ lesson: lessonSchema, course_progress_percent: z.number().int() })), 404: errorEnvelope, ...authErrors },
      },
    },
    async (req) => ok(await app.courses.report(currentDesigner(req), req.params.id, req.body), '已保存'),
  );

  r.get(
    '/study/public/courses/:id',
    {
      // No token: every such call of one address shares the public limit (plugins/rate-limit.ts).
      onRequest: publicRateLimit(app),
      schema: {
        tags: ['study'],
        summary: 'A public course, without a login',
        description: 'A published course its lead marked public: read-only, no progress. 404 for any other.',
        params: courseIdParams,
        response: { 200: envelope(courseDetailSchema), 404: errorEnvelope, 422: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (req) => ok(await app.courses.publicDetail(req.params.id), '获取成功'),
  );
}
