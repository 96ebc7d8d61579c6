import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles/global.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { onUnauthorized } from '@/shared/api';
import { MSG } from '@/shared/config/messages';
import { notify } from '@/shared/ui';
import { createQueryClient } from './providers/query-client';
import { cssVariablesResolver, theme } from './providers/theme';
import { createAppRouter } from './router/router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createAppRouter(queryClient));

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
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications limit={5} />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
