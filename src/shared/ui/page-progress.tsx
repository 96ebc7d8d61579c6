import { useSyncExternalStore } from 'react';
import { PROGRESS_BAR } from '@/shared/config/constants';
import { pageProgress } from '@/shared/lib/progress';

/** The thin bar at the top of the window while a page loads. */
export function PageProgress() {
  const value = useSyncExternalStore(pageProgress.subscribe, () => pageProgress.value);
  return (
    <div
      // Decorative: the page's own skeletons say that it is loading; a screen reader has nothing to
      // gain from a bar outside the landmarks that comes and goes on every navigation.
      aria-hidden
      data-page-progress={value === null ? undefined : Math.round(value * 100)}
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        height: 3,
        zIndex: 10000,
        width: `${(value ?? 0) * 100}%`,
        opacity: value === null ? 0 : 1,
        background: 'var(--mantine-color-blue-6)',
        transition: `width ${PROGRESS_BAR.speedMs}ms ease, opacity ${PROGRESS_BAR.speedMs}ms ease`,
        pointerEvents: 'none',
      }}
    />
  );
}
