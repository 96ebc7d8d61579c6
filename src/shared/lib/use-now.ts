import { useEffect, useState } from 'react';

/**
 * The current time (epoch ms), re-read every `intervalMs` (a minute by default), so texts derived
 * from it (remaining time, overdue) refresh on their own.
 */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
