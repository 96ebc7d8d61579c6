import { useEffect, useRef, useState } from 'react';
import { clockOffsetMs, countdownText, dueWarning, remainingMs } from '@/entities/study';
import { notify } from '@/shared/ui';

/**
 * Milliseconds left to the attempt's deadline on the server's clock: the browser's clock is
 * corrected by the offset between the server's `server_now` and the moment the answer arrived.
 * At 5 and 1 minute left a notification is shown once each.
 */
export function useCountdown(deadline: string, serverNow: string, receivedAt: number, active: boolean): number {
  const offset = clockOffsetMs(serverNow, receivedAt);
  const [browserNow, setBrowserNow] = useState(receivedAt);
  useEffect(() => {
    if (!active) return;
    const tick = () => setBrowserNow(Date.now());
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [active]);
  const remaining = remainingMs(deadline, browserNow, offset);

  const shown = useRef(new Set<number>());
  useEffect(() => {
    if (!active) return;
    const due = dueWarning(remaining, shown.current);
    if (due === null) return;
    for (const t of [due, 5 * 60_000, 60_000]) if (t >= due) shown.current.add(t);
    notify(`距离考试结束还有${Math.round(due / 60_000)}分钟（剩余 ${countdownText(remaining)}），请及时提交`, 'warning', `exam-warning-${due}`);
  }, [active, remaining]);

  return remaining;
}
