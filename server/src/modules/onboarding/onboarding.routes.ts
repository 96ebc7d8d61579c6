import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { REGISTRATION_COMPLETE_STEP } from '../../domain/designers.js';
import { authErrors, envelope, ok } from '../../lib/http.js';
import { profileSchema, toProfile } from '../user/index.js';
import { orientationSchema, stepBody } from './onboarding.schemas.js';
import { saveStep } from './onboarding.service.js';
import { ORIENTATION_TEXT, publicQuestions } from './orientation.js';

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
        response: { 200: envelope(orientationSchema), ...authErrors },
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
      const updated = await saveStep(app.db, app.unitOfWork, req.auth!.designer, req.body);
      return ok(await toProfile(app.db, updated), req.body.step === REGISTRATION_COMPLETE_STEP ? '欢迎加入，开始接单吧' : '已保存');
    },
  );
}
