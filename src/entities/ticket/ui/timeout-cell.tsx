import { Text } from '@mantine/core';
import { useNow } from '@/shared/lib';
import { checkTimeout, type StartTime } from '../lib/timeout-check';

/** The spec §4 timeout check of one ticket, re-evaluated every minute; red when overdue. */
export function TimeoutCell({ startedAt, allowedMinutes }: { startedAt: StartTime; allowedMinutes: number | null | undefined }) {
  const now = useNow();
  const check = checkTimeout(startedAt, allowedMinutes, now);
  return (
    <Text size="sm" c={check.overdue ? 'red' : undefined} fw={check.overdue ? 500 : undefined} span data-overdue={check.overdue}>
      {check.text}
    </Text>
  );
}
