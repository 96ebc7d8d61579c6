import { Center, Loader } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { guidanceTour } from '@/features/guidance-tour';
import { tokenStore } from '@/shared/api';

/** `/new-guidance`: signed in, opens /home with the guidance tour; otherwise the login page. */
export function NewGuidancePage() {
  const navigate = useNavigate();
  useEffect(() => {
    if (tokenStore.get()) {
      guidanceTour.start();
      void navigate({ to: '/home', replace: true });
    } else {
      void navigate({ to: '/login', search: { redirect: '/new-guidance' }, replace: true });
    }
  }, [navigate]);
  return (
    <Center h="100vh">
      <Loader aria-label="正在打开新手引导" />
    </Center>
  );
}
