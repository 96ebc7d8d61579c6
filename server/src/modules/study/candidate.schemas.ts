/** zod schemas of the public exams' candidate calls (they also make `/api/docs`). */
import { z } from 'zod';
import { codeSchema, phoneSchema } from '../../lib/http.js';
import { attemptSummarySchema } from './exam.schemas.js';

export const candidateVerifyInput = z.object({ phone: phoneSchema, code: codeSchema.describe('An SMS code of scene exam_candidate (POST /user/verify-code)') });

/** What anyone may read of a public exam: its settings, no question. */
export const publicExamSchema = z
  .object({
    exam_id: z.number().int(),
    title: z.string(),
    description: z.string().describe('The rules, as the lead wrote them'),
    pass_mark: z.number().int().describe('Percentage of the total points needed to pass'),
    time_limit_minutes: z.number().int(),
    attempts_allowed: z.number().int().describe('Per phone; 0 = unlimited'),
    question_count: z.number().int(),
    total_points: z.number().int(),
    review_enabled: z.boolean().describe('After submitting, each question with its right answer and explanation'),
    candidates_can_take: z.boolean().describe('False when the exam requires a course first: only signed-in members can take it'),
  })
  .meta({ id: 'PublicExam' });

/** A verified candidate's state: the exam, the phone's attempts, whether a start is possible. */
export const candidateStateSchema = z
  .object({
    expires_at: z.string().describe('When the credential ends (pushed to the deadline + 30 minutes once an attempt starts)'),
    phone_masked: z.string(),
    exam: publicExamSchema,
    attempts: z.array(attemptSummarySchema).describe('This phone’s attempts at the exam, newest first'),
    best_score: z.number().int().nullable(),
    passed: z.boolean(),
    open_attempt_id: z.number().int().nullable().describe('An attempt in progress: starting again resumes it'),
    can_start: z.boolean(),
    cannot_start_reason: z.string().nullable().describe('Why a new attempt cannot be started (Chinese)'),
  })
  .meta({ id: 'ExamCandidateState' });

export const candidateVerifiedSchema = candidateStateSchema
  .extend({ token: z.string().describe('The credential: send it as header x-candidate-token on the candidate calls') })
  .meta({ id: 'ExamCandidateVerified' });
