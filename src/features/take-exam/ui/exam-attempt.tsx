import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactElement, type ReactNode, useCallback } from 'react';
import { type Attempt, type ExamTaker, studyQueries } from '@/entities/study';
import { DetailStates, notify } from '@/shared/ui';
import { AttemptForm } from './attempt-form';
import { AttemptResult } from './attempt-result';

/**
 * One attempt, read through the taker: the form while it is in progress, the result once
 * submitted (by the taker, or by the server at the deadline). When the server says the attempt
 * is over, it is read again until its result is there.
 */
export function ExamAttempt({ taker, attemptId, errorActions }: { taker: ExamTaker; attemptId: number; errorActions?: ReactNode }): ReactElement {
  const queryClient = useQueryClient();
  const queryKey = studyQueries.attempt(attemptId).queryKey;
  const query = useQuery({
    queryKey,
    queryFn: () => taker.read(attemptId),
    refetchOnWindowFocus: false,
    // Past the deadline the server submits the attempt on the next read: ask until it has.
    refetchInterval: (q) => {
      const data = q.state.data;
      return data && data.status === 'in_progress' && Date.parse(data.deadline) - Date.parse(data.server_now) - (Date.now() - q.state.dataUpdatedAt) <= 0 ? 2000 : false;
    },
  });

  const showResult = useCallback(
    (attempt: Attempt) => {
      queryClient.setQueryData(queryKey, attempt);
      void queryClient.invalidateQueries({ queryKey: studyQueries.exams() });
    },
    [queryClient, queryKey],
  );

  const onClosed = useCallback(
    (message: string | null) => {
      if (message) notify(message, 'warning');
      void queryClient.invalidateQueries({ queryKey });
      void queryClient.invalidateQueries({ queryKey: studyQueries.exams() });
    },
    [queryClient, queryKey],
  );

  return (
    <DetailStates query={query} skeleton={[60, 200, 200]} errorActions={errorActions}>
      {(attempt) =>
        attempt.status === 'submitted' ? (
          <AttemptResult attempt={attempt} />
        ) : (
          <AttemptForm key={attempt.attempt_id} taker={taker} attempt={attempt} receivedAt={query.dataUpdatedAt} onClosed={onClosed} onSubmitted={showResult} />
        )
      }
    </DetailStates>
  );
}
