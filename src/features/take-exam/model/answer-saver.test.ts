import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnswerValue, ExamTaker, SavedAnswer } from '@/entities/study';
import { ApiError } from '@/shared/api';
import { AnswerSaver } from './answer-saver';
import { FILL_DEBOUNCE_MS } from './save-policy';

interface Call {
  questionId: number;
  answer: AnswerValue;
  resolve: () => void;
  reject: (e: unknown) => void;
}

/** A taker whose saves wait until the test answers them. */
function fakeTaker() {
  const calls: Call[] = [];
  const taker: ExamTaker = {
    start: () => Promise.reject(new Error('not used')),
    read: () => Promise.reject(new Error('not used')),
    submit: () => Promise.reject(new Error('not used')),
    save: (_attemptId, questionId, answer) =>
      new Promise<SavedAnswer>((resolve, reject) => {
        calls.push({ questionId, answer, resolve: () => resolve({ question_id: questionId, answer, saved_at: '2026-11-27T03:00:00Z' }), reject });
      }),
  };
  return { taker, calls };
}

const flushPromises = () => new Promise<void>((r) => queueMicrotask(r)).then(() => new Promise<void>((r) => queueMicrotask(r)));

describe('AnswerSaver', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts from the answers the server returned', () => {
    const { taker } = fakeTaker();
    const saver = new AnswerSaver(taker, 1, [{ question_id: 5, answer: ['A', 'C'], saved_at: 'x' }]);
    expect(saver.getSnapshot().get(5)).toEqual({ value: ['A', 'C'], status: 'saved' });
  });

  it('saves a choice at once and a fill-in after the typing pause, only its last text', async () => {
    const { taker, calls } = fakeTaker();
    const saver = new AnswerSaver(taker, 1, []);
    saver.answer(1, 'B');
    expect(calls.map((c) => c.answer)).toEqual(['B']);
    expect(saver.getSnapshot().get(1)?.status).toBe('saving');
    calls[0]!.resolve();
    await flushPromises();
    expect(saver.getSnapshot().get(1)?.status).toBe('saved');

    saver.answer(2, '3', true);
    saver.answer(2, '30', true);
    saver.answer(2, '300', true);
    expect(saver.getSnapshot().get(2)).toEqual({ value: '300', status: 'pending' });
    vi.advanceTimersByTime(FILL_DEBOUNCE_MS);
    expect(calls.map((c) => c.answer)).toEqual(['B', '300']);
  });

  it('an older save answering late does not mark the newer answer saved', async () => {
    const { taker, calls } = fakeTaker();
    const saver = new AnswerSaver(taker, 1, []);
    saver.answer(1, 'A');
    saver.answer(1, 'C');
    calls[0]!.resolve();
    await flushPromises();
    expect(saver.getSnapshot().get(1)).toEqual({ value: 'C', status: 'saving' });
    calls[1]!.resolve();
    await flushPromises();
    expect(saver.getSnapshot().get(1)).toEqual({ value: 'C', status: 'saved' });
  });

  it('retries a save that did not reach the server, keeping the answer', async () => {
    const { taker, calls } = fakeTaker();
    const saver = new AnswerSaver(taker, 1, []);
    saver.answer(1, true);
    calls[0]!.reject(new ApiError('网络异常', 0, 'network'));
    await flushPromises();
    expect(saver.getSnapshot().get(1)).toMatchObject({ value: true, status: 'failed', retrying: true, error: '网络异常' });
    vi.advanceTimersByTime(1000);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.answer).toBe(true);
    calls[1]!.resolve();
    await flushPromises();
    expect(saver.getSnapshot().get(1)?.status).toBe('saved');
  });

  it('a refusal because the time is up is reported once and not retried', async () => {
    const { taker, calls } = fakeTaker();
    const saver = new AnswerSaver(taker, 1, []);
    const closed = vi.fn();
    saver.setClosedListener(closed);
    saver.answer(1, 'A');
    saver.answer(2, 'B');
    const message = '考试时间已到，答卷已按截止时间自动提交，不能再作答或提交';
    calls[0]!.reject(new ApiError(message, 410, 'http'));
    calls[1]!.reject(new ApiError(message, 410, 'http'));
    await flushPromises();
    expect(closed).toHaveBeenCalledTimes(1);
    expect(closed).toHaveBeenCalledWith(message);
    expect(saver.getSnapshot().get(1)).toMatchObject({ status: 'failed', retrying: false });
    vi.advanceTimersByTime(60_000);
    expect(calls).toHaveLength(2);
  });

  it('flush sends what waits and tells whether everything is saved', async () => {
    const { taker, calls } = fakeTaker();
    const saver = new AnswerSaver(taker, 1, []);
    saver.answer(1, 'typed', true);
    const done = saver.flush();
    expect(calls.map((c) => c.answer)).toEqual(['typed']);
    calls[0]!.resolve();
    await expect(done).resolves.toBe(true);

    saver.answer(2, 'A');
    calls[1]!.reject(new ApiError('答案格式不正确', 422, 'http'));
    await flushPromises();
    const again = saver.flush();
    calls[2]!.reject(new ApiError('答案格式不正确', 422, 'http'));
    await expect(again).resolves.toBe(false);
  });
});
