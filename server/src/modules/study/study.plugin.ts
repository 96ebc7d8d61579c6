import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { objectReadUrl } from '../files/index.js';
import { createAssignmentService } from './assignment.service.js';
import { createCandidateService } from './candidate.service.js';
import { createCourseService } from './course.service.js';
import { createExamService } from './exam.service.js';

/** How often the server submits the attempts whose deadline passed with nobody there. */
export const DEADLINE_SWEEP_MS = 15_000;

/**
 * Decorates `app.courses`, `app.exams`, `app.studyAssignments` and `app.examCandidates` (needs db
 * and messages) and runs the deadline sweep, which also drops candidates' credentials a day past
 * their expiry: an attempt is claimed by one conditional update, so sweeps of several processes
 * and instances never submit it twice. Reads of an attempt submit it as well, so the sweep's period only bounds
 * how late the lead's results see it.
 */
export default fp(
  async function studyPlugin(app: FastifyInstance) {
    app.decorate('courses', createCourseService({ db: app.db, unitOfWork: app.unitOfWork, readUrl: (key) => objectReadUrl(app.config.oss, key) }));
    app.decorate('exams', createExamService({ db: app.db, unitOfWork: app.unitOfWork }));
    app.decorate('studyAssignments', createAssignmentService({ db: app.db, unitOfWork: app.unitOfWork }));
    app.decorate('examCandidates', createCandidateService({ db: app.db, unitOfWork: app.unitOfWork, exams: app.exams, wrongCodes: app.config.rateLimits.wrongCodesPerPhone }));
    app.decorateRequest('candidate', null);
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> = Promise.resolve();
    app.addHook('onReady', async () => {
      // One sweeper per instance, in worker 0 like the outbox relay: the other workers would only
      // repeat its query (any read of an attempt finishes it too, so none is late for want of one).
      if ((app.config.workerIndex ?? 0) !== 0) return;
      timer = setInterval(() => {
        running = Promise.all([app.exams.submitDue(), app.examCandidates.dropExpired()]).catch((err: unknown) => app.log.warn({ err }, 'exam deadline sweep failed'));
      }, DEADLINE_SWEEP_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await running;
    });
  },
  { name: 'study', dependencies: ['db', 'messages'] },
);
