import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, errorEnvelope, ok } from '../../lib/http.js';
import { publicRateLimit } from '../../plugins/rate-limit.js';
import { candidateStateSchema, candidateVerifiedSchema, candidateVerifyInput, publicExamSchema } from './candidate.schemas.js';
import { CANDIDATE_NO_TOKEN, CANDIDATE_TOKEN_HEADER } from './candidate.service.js';
import type { Candidate } from './exam.service.js';
import { answerInput, answerParams, attemptIdParams, attemptSchema, examIdParams, savedAnswerSchema } from './exam.schemas.js';

/**
 * A public exam's candidates (issue #16), without an account: read the exam, verify a phone by an
 * SMS code (scene `exam_candidate`), then take it with the credential in `x-candidate-token`. The
 * attempt calls are the members' (`/study/attempts/…`) under `/study/public/candidate/…`, with the
 * same rules. Every route parses, calls `app.exams` / `app.examCandidates` and answers.
 */
export default async function candidateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // onRequest, so before validation: no credential, a forged or an expired one → 401.
  const candidate = {
    onRequest: async (req: FastifyRequest) => {
      const header = req.headers[CANDIDATE_TOKEN_HEADER];
      req.candidate = await app.examCandidates.resolve(typeof header === 'string' ? header : undefined);
    },
  };
  const me = (req: FastifyRequest): Candidate => {
    if (!req.candidate) throw new Error(CANDIDATE_NO_TOKEN);
    return req.candidate;
  };
  const doc = (summary: string, description: string) => ({ tags: ['study'], summary, description, security: [{ candidate: [] }] });
  const errors = { 401: errorEnvelope, 404: errorEnvelope, 422: errorEnvelope } as const;

  r.get(
    '/study/public/exams/:id',
    {
      // No token: every such call of one address shares the public limit (plugins/rate-limit.ts).
      onRequest: publicRateLimit(app),
      schema: {
        tags: ['study'],
        summary: 'A public exam, without a login',
        description: 'A published exam its lead marked public: title, rules, time limit, pass mark, attempts per phone; no question. 404 for any other exam.',
        params: examIdParams,
        response: { 200: envelope(publicExamSchema), 404: errorEnvelope, 422: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (req) => ok(await app.exams.publicInfo(req.params.id), '获取成功'),
  );

  r.post(
    '/study/public/exams/:id/candidate',
    {
      onRequest: publicRateLimit(app),
      schema: {
        tags: ['study'],
        summary: 'Verify a phone for a public exam',
        description:
          'The code is an SMS code of scene `exam_candidate` (`POST /user/verify-code`, the same limits as every code). Answers a credential bound to this phone and this exam ' +
          '(header `x-candidate-token` on the candidate calls), valid for the time limit + 30 minutes and kept to the deadline + 30 minutes once an attempt starts, with the phone’s attempts. ' +
          '404 for an exam that is not public (before the code is checked); the code errors are registration’s (422 on `code`, 429 after 10 wrong codes an hour).',
        params: examIdParams,
        body: candidateVerifyInput,
        response: { 200: envelope(candidateVerifiedSchema), 404: errorEnvelope, 422: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (req) => ok(await app.examCandidates.verify(req.params.id, req.body.phone, req.body.code), '验证成功'),
  );

  r.get(
    '/study/public/candidate',
    {
      ...candidate,
      schema: {
        ...doc('The candidate’s exam and attempts', 'The exam of the credential, this phone’s attempts (past-deadline ones submitted first), whether a new one may start. 404 once the exam is no longer public.'),
        response: { 200: envelope(candidateStateSchema), ...errors },
      },
    },
    async (req) => ok(await app.examCandidates.state(me(req)), '获取成功'),
  );

  r.post(
    '/study/public/candidate/attempts',
    {
      ...candidate,
      schema: {
        ...doc(
          'Start or resume the candidate’s attempt',
          'As a member’s start: resumes the phone’s attempt in progress, or starts one (deadline = now + the time limit, on the server’s clock). Attempts allowed are counted per phone. ' +
            '409 when none is left, or when the exam requires a course (only members can take it). The attempt joins the account holding the phone, now or when the phone registers.',
        ),
        response: { 200: envelope(attemptSchema), 409: errorEnvelope, ...errors },
      },
    },
    async (req) => ok(await app.exams.candidateStart(me(req)), '开始答题'),
  );

  r.get(
    '/study/public/candidate/attempts/:id',
    {
      ...candidate,
      schema: {
        ...doc('The candidate’s attempt', 'As `GET /study/attempts/{id}`: only the phone’s own attempts at the credential’s exam (404 otherwise); no answer or explanation before the submit.'),
        params: attemptIdParams,
        response: { 200: envelope(attemptSchema), ...errors },
      },
    },
    async (req) => ok(await app.exams.candidateAttempt(me(req), req.params.id), '获取成功'),
  );

  r.put(
    '/study/public/candidate/attempts/:id/answers/:questionId',
    {
      ...candidate,
      schema: {
        ...doc('Save a candidate’s answer', 'As `PUT /study/attempts/{id}/answers/{questionId}`: the last save wins; 409 once submitted, 410 after the deadline; nothing changes when refused.'),
        params: answerParams,
        body: answerInput,
        response: { 200: envelope(savedAnswerSchema), 409: errorEnvelope, 410: errorEnvelope, ...errors },
      },
    },
    async (req) => ok(await app.exams.candidateSave(me(req), req.params.id, req.params.questionId, req.body.answer), '已保存'),
  );

  r.post(
    '/study/public/candidate/attempts/:id/submit',
    {
      ...candidate,
      schema: {
        ...doc('Submit a candidate’s attempt', 'As `POST /study/attempts/{id}/submit`: once (409 again), 410 after the deadline. Answers the result and the review.'),
        params: attemptIdParams,
        response: { 200: envelope(attemptSchema), 409: errorEnvelope, 410: errorEnvelope, ...errors },
      },
    },
    async (req) => ok(await app.exams.candidateSubmit(me(req), req.params.id), '提交成功'),
  );
}
