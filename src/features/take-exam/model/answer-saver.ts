import type { AnswerValue, ExamTaker, SavedAnswer } from '@/entities/study';
import { ApiError } from '@/shared/api';
import { failureKind, FILL_DEBOUNCE_MS, retryDelayMs } from './save-policy';

/** pending: changed, waiting for the typing pause; saving: sent; saved: the server has it; failed: not saved. */
export type SaveStatus = 'pending' | 'saving' | 'saved' | 'failed';

export interface AnswerEntry {
  value: AnswerValue;
  status: SaveStatus;
  /** Why the last save failed (Chinese, from the server or the client). */
  error?: string;
  /** The failure will be tried again by itself. */
  retrying?: boolean;
}

/**
 * The answers of one attempt in progress, saved as given: a fill-in after a pause in typing, the
 * rest at once; per question the newest value wins (an older answer arriving late does not mark
 * the newer one saved); a save that did not reach the server is retried with back-off; a refusal
 * because the attempt is over (410, 409) is reported once through `onClosed`. It starts from the
 * answers the server returned, so a reload or another device finds them in place.
 */
export class AnswerSaver {
  private readonly entries: Map<number, AnswerEntry>;
  private snapshot: ReadonlyMap<number, AnswerEntry>;
  private readonly listeners = new Set<() => void>();
  private readonly seq = new Map<number, number>();
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();
  private readonly failures = new Map<number, number>();
  private readonly inflight = new Map<number, Promise<void>>();
  private closed = false;
  private onClosed: (message: string) => void = () => {};

  constructor(
    private readonly taker: ExamTaker,
    private readonly attemptId: number,
    saved: readonly SavedAnswer[],
  ) {
    this.entries = new Map(saved.map((a) => [a.question_id, { value: a.answer, status: 'saved' as const }]));
    this.snapshot = new Map(this.entries);
  }

  /** Who hears that the attempt is over on the server (410 time up, 409 submitted). */
  setClosedListener(listener: (message: string) => void): void {
    this.onClosed = listener;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): ReadonlyMap<number, AnswerEntry> => this.snapshot;

  private put(questionId: number, entry: AnswerEntry) {
    this.entries.set(questionId, entry);
    this.snapshot = new Map(this.entries);
    for (const l of this.listeners) l();
  }

  private clearTimer(questionId: number) {
    const timer = this.timers.get(questionId);
    if (timer !== undefined) clearTimeout(timer);
    this.timers.delete(questionId);
  }

  /** Records an answer and saves it (now, or after the typing pause). */
  answer(questionId: number, value: AnswerValue, debounce = false): void {
    this.clearTimer(questionId);
    this.put(questionId, { value, status: 'pending' });
    if (debounce) this.timers.set(questionId, setTimeout(() => void this.send(questionId), FILL_DEBOUNCE_MS));
    else void this.send(questionId);
  }

  /** Saves a pending answer at once (its field was left). */
  saveNow(questionId: number): void {
    if (this.entries.get(questionId)?.status === 'pending') void this.send(questionId);
  }

  /** Sends a question's current answer. */
  send(questionId: number): Promise<void> {
    this.clearTimer(questionId);
    const entry = this.entries.get(questionId);
    if (!entry || this.closed) return Promise.resolve();
    const mine = (this.seq.get(questionId) ?? 0) + 1;
    this.seq.set(questionId, mine);
    this.put(questionId, { value: entry.value, status: 'saving' });
    const request = this.taker.save(this.attemptId, questionId, entry.value).then(
      () => {
        if (this.seq.get(questionId) !== mine) return;
        this.failures.delete(questionId);
        this.put(questionId, { value: this.entries.get(questionId)!.value, status: 'saved' });
      },
      (error: unknown) => {
        if (this.seq.get(questionId) !== mine) return;
        const status = error instanceof ApiError ? error.status : 0;
        const message = error instanceof ApiError && error.message ? error.message : '答案保存失败';
        const kind = failureKind(status);
        this.put(questionId, { value: this.entries.get(questionId)!.value, status: 'failed', error: message, retrying: kind === 'retry' });
        if (kind === 'retry') {
          const count = (this.failures.get(questionId) ?? 0) + 1;
          this.failures.set(questionId, count);
          this.timers.set(questionId, setTimeout(() => void this.send(questionId), retryDelayMs(count)));
        } else if (kind === 'closed' && !this.closed) {
          this.closed = true;
          this.onClosed(message);
        }
      },
    );
    this.inflight.set(questionId, request);
    return request;
  }

  /** Saves what waits (a typing pause, a failure) now and waits for every save; true when all are saved. */
  async flush(): Promise<boolean> {
    for (const [questionId, entry] of this.entries) if (entry.status === 'pending' || entry.status === 'failed') void this.send(questionId);
    await Promise.all(this.inflight.values());
    return [...this.entries.values()].every((e) => e.status === 'saved');
  }

  /** Stops the timers (the page left the attempt). */
  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
