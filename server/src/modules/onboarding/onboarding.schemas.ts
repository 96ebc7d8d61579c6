/** Wire schemas of the onboarding calls (zod; also the OpenAPI document). Steps 1–4 are the user module's schemas. */
import { z } from 'zod';
import { REGISTRATION_COMPLETE_STEP } from '../../domain/designers.js';
import { bankInfoSchema, basicInfoSchema, skillsSchema, workProfileSchema } from '../user/index.js';

/** PUT /onboarding/registration-step: the body depends on `step`. */
export const stepBody = z.discriminatedUnion(
  'step',
  [
    basicInfoSchema.extend({ step: z.literal(1) }),
    workProfileSchema.extend({ step: z.literal(2) }),
    skillsSchema.extend({ step: z.literal(3) }),
    bankInfoSchema.extend({ step: z.literal(4) }),
    z.object({ step: z.literal(5), answers: z.record(z.string(), z.string(), { error: '请完成所有题目' }) }),
    z.object({ step: z.literal(REGISTRATION_COMPLETE_STEP) }),
  ],
  { error: '引导步骤只能是1-6' },
);
export type StepBody = z.infer<typeof stepBody>;

/** GET /onboarding/orientation: the text and the questions, without their answers. */
export const orientationSchema = z.object({
  paragraphs: z.array(z.string()),
  questions: z.array(
    z.object({
      id: z.string(),
      question: z.string(),
      options: z.array(z.object({ id: z.string(), label: z.string() })),
    }),
  ),
});
