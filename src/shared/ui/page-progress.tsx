import { useSyncExternalStore } from 'react';
import { PROGRESS_BAR } from '@/shared/config/constants';
import { pageProgress } from '@/shared/lib/progress';

/** The thin bar at the top of the window while a page loads. */
export function PageProgress() {
  const value = useSyncExternalStore(pageProgress.subscribe, () => pageProgress.value);
  return (
    <div
      role="progressbar"
      aria-label="页面加载进度"
      // Idle, the bar is an invisible strip: not something to announce or to find outside the landmarks.
      aria-hidden={value === null ? true : undefined}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value === null ? undefined : Math.round(value * 100)}
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
