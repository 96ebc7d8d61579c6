import type { BankInfo, BankInfoFormValues } from '@/entities/user';
import { REGISTRATION_COMPLETE_STEP } from '@/shared/config/constants';

/**
 * The furthest step the designer may open: the one after the last saved step (the server refuses
 * skipping ahead), 1 for a new account, at most the completion step.
 */
export function reachableStep(currentRegistrationStep: number): number {
  return Math.min(Math.max(currentRegistrationStep + 1, 1), REGISTRATION_COMPLETE_STEP);
}

/** The step shown: the one picked, unless it lies beyond what is reachable; else where the designer left off. */
export function shownStep(currentRegistrationStep: number, picked: number | undefined): number {
  const reachable = reachableStep(currentRegistrationStep);
  return picked === undefined ? reachable : Math.min(Math.max(picked, 1), reachable);
}

/** Steps that collect something (1–5); the sixth only finishes the guide. */
export const DATA_STEPS = REGISTRATION_COMPLETE_STEP - 1;

/** How many of the five data steps are saved, and that in percent. */
export function progress(currentRegistrationStep: number): { done: number; percent: number } {
  const done = Math.min(Math.max(currentRegistrationStep, 0), DATA_STEPS);
  return { done, percent: Math.round((done / DATA_STEPS) * 100) };
}

/**
 * On a revisit of step 4 the saved payout details may be kept as they are: nothing was edited and
 * no new account number typed. Anything else is a change and needs the full number.
 */
export function keepsSavedBank(
  values: BankInfoFormValues,
  initial: BankInfoFormValues,
  bank: BankInfo | undefined,
  currentRegistrationStep: number,
): boolean {
  return (
    !!bank?.filled &&
    currentRegistrationStep >= 4 &&
    values.account_no.trim() === '' &&
    values.account_name.trim() === initial.account_name.trim() &&
    values.bank_name.trim() === initial.bank_name.trim() &&
    values.bank_branch.trim() === initial.bank_branch.trim()
  );
}

/** Question ids without an answer, in question order. */
export function unanswered(questionIds: readonly string[], answers: Record<string, string>): string[] {
  return questionIds.filter((id) => !answers[id]);
}
