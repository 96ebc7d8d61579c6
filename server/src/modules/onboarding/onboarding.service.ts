/**
 * The rules of onboarding's steps: a step may be saved once the one before it is, an earlier step
 * may be saved again, step 5 needs every orientation answer right, and nothing is saved once the
 * finish line (`REGISTRATION_COMPLETE_STEP`) is reached. Each save is one update of the designer
 * row through the user module.
 */
import type { Db } from '../../db/database.js';
import type { Designer, DesignerUpdate } from '../../db/schema.js';
import { REGISTRATION_COMPLETE_STEP } from '../../domain/designers.js';
import { AppError, invalid } from '../../lib/errors.js';
import { bankPatch, updateDesigner } from '../user/index.js';
import type { UnitOfWork } from '../messages/index.js';
import { markWelcomePending } from '../workbench/index.js';
import type { StepBody } from './onboarding.schemas.js';
import { wrongAnswers } from './orientation.js';

/** The designer columns a step writes (the step itself aside); step 5 checks the answers. */
function patchOf(body: StepBody): DesignerUpdate {
  switch (body.step) {
    case 1: {
      // An empty nickname keeps the old one.
      const { step: _s, nickname, ...rest } = body;
      return { ...rest, ...(nickname ? { nickname } : {}) };
    }
    case 2: {
      const { step: _s, ...rest } = body;
      return rest;
    }
    case 3:
      return { specialty_tags: JSON.stringify(body.specialty_tags), software_tags: JSON.stringify(body.software_tags) };
    case 4: {
      const { step: _s, ...rest } = body;
      return bankPatch(rest);
    }
    case 5: {
      const wrong = wrongAnswers(body.answers);
      if (wrong.length) throw invalid('answers', `有${wrong.length}道题回答不正确，请重新阅读平台须知后作答`);
      return {};
    }
    case REGISTRATION_COMPLETE_STEP:
      return {};
  }
}

/** Saves one step; the designer's step becomes `max(current, step)`. */
export async function saveStep(db: Db, unitOfWork: UnitOfWork, me: Designer, body: StepBody): Promise<Designer> {
  const current = me.current_registration_step;
  if (current >= REGISTRATION_COMPLETE_STEP) throw new AppError(409, '引导已完成，无需重复提交');
  if (body.step > current + 1) throw invalid('step', `请先完成第${current + 1}步`);
  const patch = { ...patchOf(body), current_registration_step: Math.max(current, body.step) };
  if (body.step < REGISTRATION_COMPLETE_STEP) return updateDesigner(db, me.id, patch);
  // The finish line: the next home shows the welcome page (issue #18), in the same transaction.
  return unitOfWork(async (trx) => {
    const updated = await updateDesigner(trx, me.id, patch);
    await markWelcomePending(trx, me.id);
    return updated;
  });
}
