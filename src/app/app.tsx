import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles/global.css';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { onUnauthorized, preloadHttpClient, tokenStore } from '@/shared/api';
import { colorSchemeManager } from '@/shared/lib';
import { MSG } from '@/shared/config/messages';
import { notify } from '@/shared/ui';
import { createQueryClient } from './providers/query-client';
import { cssVariablesResolver, theme } from './providers/theme';
import { createAppRouter } from './router/router';

/**
 * The toast host (with its transitions and drag-to-dismiss) loads when the first notification is
 * shown, not on every first visit (issue #19: ~13 KB gzip off the login page's download). `notify`
 * writes to the notifications store, which keeps anything shown before this mounts and renders it
 * once it does. Should the chunk fail to load, the app carries on without toasts.
 */
const NotificationsHost = lazy<ComponentType>(() =>
  import('./providers/notifications-host').then(
    (m) => ({ default: m.NotificationsHost }),
    (error: unknown) => {
      console.error('notifications failed to load', error);
      return { default: () => null };
    },
  ),
);

/** Mounts the toast host once the store has had a notification; it stays mounted from then on. */
function NotificationsWhenNeeded() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && (notifications.length > 0 || queue.length > 0)) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  ) : null;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createAppRouter(queryClient));

  // Signed in: once the first screen is painted, fetch the HTTP client so the first request need not
  // wait for it. Signed out, the login form fetches it when the visitor starts on it.
  useEffect(() => {
    if (tokenStore.get()) preloadHttpClient();
  }, []);

  // Any 401 (spec §2, §8): the token is already cleared; say so once and go to the login page.
  useEffect(
    () =>
      onUnauthorized(() => {
        const { pathname, href } = router.state.location;
        if (pathname === '/login') return;
        notify(MSG.tokenExpired, 'warning', 'token-expired');
        queryClient.clear();
        void router.navigate({ to: '/login', search: { redirect: href }, replace: true });
      }),
    [router, queryClient],
  );

  return (
    // The scheme follows the system until the person picks one (kept in this browser, and on the
    // server: features/color-scheme applies their choice when the signed-in frame starts).
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager}>
      <NotificationsWhenNeeded />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
