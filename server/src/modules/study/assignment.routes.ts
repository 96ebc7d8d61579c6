import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors, envelope, errorEnvelope, ok } from '../../lib/http.js';
import { sendExport } from '../../lib/tabular-export.js';
import { currentDesigner } from '../auth/index.js';
import { assignmentInput, assignResultSchema, resultsExportQuery, resultsQuery, resultsSchema } from './assignment.schemas.js';

/**
 * Assignments and the lead's results (issue #16), for the team's leads: assign a course or an exam
 * with a due date, read the results per designer, download them. Every route parses, calls
 * `app.studyAssignments` and answers.
 */
export default async function assignmentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secured = { onRequest: app.authenticate };
  const doc = (summary: string, description: string) => ({ tags: ['study'], summary, description, security: [{ bearer: [] }] });
  const leads = 'Team leads of the item’s team; a member gets 403, another team 404.';

  r.post(
    '/study/manage/assignments',
    {
      ...secured,
      schema: {
        ...doc(
          'Assign a course or an exam (leads)',
          `${leads} A published item (409 otherwise) to active members of the team (422 names the one that is not), due in the future. ` +
            'Assigning again moves the due date. The newly assigned and the re-dated get message 40 (course) or 41 (exam), info `course_id` / `exam_id` and `due_at`.',
        ),
        body: assignmentInput,
        response: { 200: envelope(assignResultSchema), 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, ...authErrors },
      },
    },
    async (req) => ok(await app.studyAssignments.assign(currentDesigner(req), req.body), '指派成功'),
  );

  r.get(
    '/study/manage/results',
    {
      ...secured,
      schema: {
        ...doc('Results per designer (leads)', `${leads} Course: progress % and finished; exam: attempts, best score, passed; with the due date and overdue. Assigned first.`),
        querystring: resultsQuery,
        response: { 200: envelope(resultsSchema), 403: errorEnvelope, 404: errorEnvelope, ...authErrors },
      },
    },
    async (req) => ok(await app.studyAssignments.results(currentDesigner(req), req.query.item_type, req.query.item_id), '获取成功'),
  );

  r.get(
    '/study/manage/results/export',
    {
      ...secured,
      schema: {
        ...doc('Download the results (leads)', `${leads} The results table as Excel (default) or CSV (UTF-8 with a BOM); times in Asia/Shanghai.`),
        querystring: resultsExportQuery,
        response: {
          200: z.any().describe('The file: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet or text/csv; charset=utf-8'),
          403: errorEnvelope,
          404: errorEnvelope,
          ...authErrors,
        },
      },
    },
    async (req, reply) => {
      const { name, table } = await app.studyAssignments.resultsTable(currentDesigner(req), req.query.item_type, req.query.item_id);
      return sendExport(reply, req.query.format, name, table);
    },
  );
}
