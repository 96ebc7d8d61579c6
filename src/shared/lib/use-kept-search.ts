import { useLocation, useSearch } from '@tanstack/react-router';
import { useMemo, useState } from 'react';

/**
 * The search params of a kept-alive page. While another route is on screen the page stays
 * mounted (hidden) and the router's search belongs to that route, so the page keeps the last
 * search it had while it was shown. `active`: the page is the one on screen.
 */
export function useKeptSearch<T>(path: string, parse: (raw: unknown) => T): { search: T; active: boolean } {
  const raw = useSearch({ strict: false });
  const pathname = useLocation({ select: (l) => l.pathname });
  const active = pathname === path;
  const current = useMemo(() => (active ? parse(raw) : undefined), [active, raw, parse]);
  const [kept, setKept] = useState<{ key: string; value: T }>(() => {
    const value = current ?? parse({});
    return { key: JSON.stringify(value), value };
  });
  if (current !== undefined) {
    const key = JSON.stringify(current);
    // Adjusted during render: the kept search follows the shown one.
    if (key !== kept.key) setKept({ key, value: current });
    return { search: key === kept.key ? kept.value : current, active };
  }
  return { search: kept.value, active };
}
