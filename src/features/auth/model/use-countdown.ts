import { useEffect, useState } from 'react';

/** Seconds left before a code may be requested again; counts down once a second. */
export function useCountdown() {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);
  return { left, start: (seconds: number) => setLeft(seconds) };
}
