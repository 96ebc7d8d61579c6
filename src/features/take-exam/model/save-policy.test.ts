import { describe, expect, it } from 'vitest';
import { failureKind, retryDelayMs, unansweredNumbers } from './save-policy';

describe('save policy', () => {
  it('retries what may pass later, closes on 409/410, refuses the rest', () => {
    for (const s of [0, 408, 429, 500, 502, 503]) expect(failureKind(s), String(s)).toBe('retry');
    expect(failureKind(410)).toBe('closed');
    expect(failureKind(409)).toBe('closed');
    for (const s of [400, 403, 404, 422]) expect(failureKind(s), String(s)).toBe('refused');
  });

  it('backs off 1, 2, 4, 8 s up to 15 s', () => {
    expect([1, 2, 3, 4, 5, 9].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 15_000, 15_000]);
  });

  it('lists the unanswered questions by their number on the page', () => {
    const questions = [{ question_id: 7 }, { question_id: 3 }, { question_id: 9 }, { question_id: 1 }];
    const values = new Map<number, string | string[] | boolean>([
      [7, 'A'],
      [3, []],
      [1, false],
    ]);
    expect(unansweredNumbers(questions, values)).toEqual([2, 3]);
  });
});
