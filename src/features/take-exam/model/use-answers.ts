import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Attempt, ExamTaker } from '@/entities/study';
import { AnswerSaver } from './answer-saver';

/** The answers of an attempt in progress and their save states (see AnswerSaver). */
export function useAnswers({ taker, attempt, onClosed }: { taker: ExamTaker; attempt: Attempt; onClosed: (message: string) => void }) {
  const [saver] = useState(() => new AnswerSaver(taker, attempt.attempt_id, attempt.answers));
  useEffect(() => {
    saver.setClosedListener(onClosed);
  }, [saver, onClosed]);
  useEffect(() => () => saver.dispose(), [saver]);
  const entries = useSyncExternalStore(saver.subscribe, saver.getSnapshot);

  const unsaved = [...entries.values()].some((e) => e.status !== 'saved');
  useEffect(() => {
    if (!unsaved) return;
    // Leaving while an answer is not on the server yet: the browser asks first.
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  return { entries, saver };
}
