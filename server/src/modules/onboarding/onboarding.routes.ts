import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DesignerUpdate } from '../../db/schema.js';
import { AppError, invalid } from '../../lib/errors.js';
import { authErrors, envelope, ok } from '../../lib/http.js';
import { updateDesigner, profileSchema, toProfile, bankPatch, bankInfoSchema, basicInfoSchema, skillsSchema, workProfileSchema } from '../user/index.js';
import { ORIENTATION_TEXT, publicQuestions, wrongAnswers } from './orientation.js';
import { REGISTRATION_COMPLETE_STEP } from '../../domain/designers.js';

const stepBody = z.discriminatedUnion(
  'step',
  [
    basicInfoSchema.extend({ step: z.literal(1) }),
    workProfileSchema.extend({ step: z.literal(2) }),
    skillsSchema.extend({ step: z.literal(3) }),
    bankInfoSchema.extend({ step: z.literal(4) }),
    z.object({ step: z.literal(5), answers: z.record(z.string(), z.string(), { error: '请完成所有题目' }) }),
    z.object({ step: z.literal(6) }),
  ],
  { error: '引导步骤只能是1-6' },
);

export default async function onboardingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/onboarding/orientation',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['onboarding'],
        summary: 'Step 5: the orientation text and questions (answers stay on the server)',
        security: [{ bearer: [] }],
        response: {
          200: envelope(
            z.object({
              paragraphs: z.array(z.string()),
              questions: z.array(
                z.object({
                  id: z.string(),
                  question: z.string(),
                  options: z.array(z.object({ id: z.string(), label: z.string() })),
                }),
              ),
            }),
          ),
          ...authErrors,
        },
      },
    },
    async () => ok({ paragraphs: ORIENTATION_TEXT, questions: publicQuestions() }, '获取成功'),
  );

  r.put(
    '/onboarding/registration-step',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['onboarding'],
        summary:
          'Save one onboarding step (1 basic info, 2 work profile, 3 skills, 4 payout, 5 orientation answers, 6 finish). A step may be re-saved; skipping ahead is refused.',
        security: [{ bearer: [] }],
        body: stepBody,
        response: { 200: envelope(profileSchema), 409: authErrors[422], ...authErrors },
      },
    },
    async (req) => {
      const me = req.auth!.designer;
      const body = req.body;
      const current = me.current_registration_step;
      if (current >= REGISTRATION_COMPLETE_STEP) throw new AppError(409, '引导已完成，无需重复提交');
      if (body.step > current + 1) throw invalid('step', `请先完成第${current + 1}步`);
      let patch: DesignerUpdate;
      switch (body.step) {
        case 1: {
          const { step: _s, nickname, ...rest } = body;
          patch = { ...rest, ...(nickname ? { nickname } : {}) };
          break;
        }
        case 2: {
          const { step: _s, ...rest } = body;
          patch = rest;
          break;
        }
        case 3:
          patch = { specialty_tags: JSON.stringify(body.specialty_tags), software_tags: JSON.stringify(body.software_tags) };
          break;
        case 4: {
          const { step: _s, ...rest } = body;
          patch = bankPatch(rest);
          break;
        }
        case 5: {
          const wrong = wrongAnswers(body.answers);
          if (wrong.length) throw invalid('answers', `有${wrong.length}道题回答不正确，请重新阅读平台须知后作答`);
          patch = {};
          break;
        }
        case 6:
          patch = {};
          break;
      }
      const updated = await updateDesigner(app.db, me.id, {
        ...patch,
        current_registration_step: Math.max(current, body.step),
      });
      return ok(await toProfile(app.db, updated), body.step === 6 ? '欢迎加入，开始接单吧' : '已保存');
    },
  );
}
