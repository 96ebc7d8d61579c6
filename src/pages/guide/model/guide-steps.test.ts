import { describe, expect, it } from 'vitest';
import { bankInfoValues, type BankInfo } from '@/entities/user';
import { keepsSavedBank, progress, reachableStep, shownStep, unanswered } from './guide-steps';

describe('where the guide resumes', () => {
  it('opens the step after the last saved one', () => {
    expect(shownStep(0, undefined)).toBe(1);
    expect(shownStep(2, undefined)).toBe(3);
    expect(shownStep(5, undefined)).toBe(6);
  });
  it('never goes past the completion step or before the first', () => {
    expect(reachableStep(6)).toBe(6);
    expect(reachableStep(9)).toBe(6);
    expect(reachableStep(-1)).toBe(1);
  });
  it('lets the designer go back to a saved step but not jump ahead', () => {
    expect(shownStep(3, 1)).toBe(1);
    expect(shownStep(3, 4)).toBe(4);
    expect(shownStep(3, 5)).toBe(4);
  });
  it('reports progress as saved data steps out of five', () => {
    expect(progress(0)).toEqual({ done: 0, percent: 0 });
    expect(progress(3)).toEqual({ done: 3, percent: 60 });
    expect(progress(5)).toEqual({ done: 5, percent: 100 });
    expect(progress(6)).toEqual({ done: 5, percent: 100 });
  });
});

const saved: BankInfo = { account_name: '张*', bank_name: '招商银行', bank_branch: '西湖支行', account_no_masked: '6222 **** **** 7890', filled: true };

describe('step 4 on a revisit', () => {
  it('keeps the saved details only when nothing was changed', () => {
    const initial = bankInfoValues(saved, '张三');
    expect(keepsSavedBank(initial, initial, saved, 4)).toBe(true);
    expect(keepsSavedBank({ ...initial, bank_name: '工商银行' }, initial, saved, 5)).toBe(false);
    expect(keepsSavedBank({ ...initial, account_no: '6222021234567890' }, initial, saved, 5)).toBe(false);
    // Step 4 was never saved through the guide: the server would refuse step 5.
    expect(keepsSavedBank(initial, initial, saved, 3)).toBe(false);
    expect(keepsSavedBank(initial, initial, { ...saved, filled: false }, 5)).toBe(false);
  });
});

describe('orientation answers', () => {
  it('lists the questions still without an answer', () => {
    expect(unanswered(['q1', 'q2', 'q3'], { q2: 'b' })).toEqual(['q1', 'q3']);
    expect(unanswered(['q1'], { q1: 'a' })).toEqual([]);
  });
});
