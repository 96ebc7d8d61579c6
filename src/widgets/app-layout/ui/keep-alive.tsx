import { useRouter } from '@tanstack/react-router';
import { Center, Loader } from '@mantine/core';
import { Activity, type ComponentType, memo, Suspense, useState } from 'react';
import { useMountInTransition } from '@/shared/lib';
import { ErrorBoundary } from '@/shared/ui';

interface Props {
  /** Pathname of the page on screen. */
  activePath: string;
  activeRouteId: string;
  /** Whether the active route keeps its state while another tab is shown. */
  keepAlive: boolean;
  /** Paths whose tabs are open; pages of closed tabs are dropped. */
  openPaths: readonly string[];
}

/**
 * Per-route page caching: every open tab's page stays mounted inside a hidden <Activity>, so its
 * state (form input, filters, scroll of inner panes) is there when the user comes back.
 * Cached pages must read route data through non-strict hooks (they render while not matched).
 */
function KeepAliveView({ activePath, activeRouteId, keepAlive, openPaths }: Props) {
  const router = useRouter();
  const [cache, setCache] = useState<ReadonlyMap<string, string>>(new Map());
  // The first page mounts after the frame has committed, in slices (issue #19; see the hook).
  const started = useMountInTransition();

  // Adjust the cache during render (no flash of an empty page): add the active page, drop closed tabs.
  const wanted = new Map([...cache].filter(([path]) => openPaths.includes(path) || path === activePath));
  if (keepAlive) wanted.set(activePath, activeRouteId);
  else wanted.delete(activePath);
  const changed = wanted.size !== cache.size || [...wanted].some(([p, id]) => cache.get(p) !== id);
  if (changed) setCache(wanted);

  const componentOf = (routeId: string) =>
    (router.routesById as Record<string, { options: { component?: ComponentType } }>)[routeId]?.options.component;

  const Active = componentOf(activeRouteId);
  const fallback = (
    <Center mih={200}>
      <Loader role="status" size="sm" aria-label="页面加载中" />
    </Center>
  );
  if (!started) return fallback;
  // Route components are module-level constants looked up by id, not created during render.
  /* eslint-disable react-hooks/static-components */
  return (
    <>
      {[...wanted].map(([path, routeId]) => {
        const Page = componentOf(routeId);
        if (!Page) return null;
        return (
          <Activity key={path} mode={path === activePath ? 'visible' : 'hidden'}>
            <ErrorBoundary>
              <Suspense fallback={fallback}>
                <Page />
              </Suspense>
            </ErrorBoundary>
          </Activity>
        );
      })}
      {!keepAlive && Active ? (
        <ErrorBoundary key={activePath}>
          <Suspense fallback={fallback}>
            <Active />
          </Suspense>
        </ErrorBoundary>
      ) : null}
    </>
  );
  /* eslint-enable react-hooks/static-components */
}

/** Memoised: the layout re-renders for its own reasons (an unread count, the realtime status, a tab), and the pages must not render again with it (issue #19). */
export const KeepAlive = memo(KeepAliveView);
