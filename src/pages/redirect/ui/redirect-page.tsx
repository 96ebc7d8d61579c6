import { Center, Loader } from '@mantine/core';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useEffect } from 'react';

/** `/redirect/<path>`: replaces itself with `/<path>` — used to reload a tab in place. */
export function RedirectPage() {
  const navigate = useNavigate();
  const { _splat } = useParams({ strict: false }) as { _splat?: string };
  useEffect(() => {
    void navigate({ to: `/${_splat ?? 'home'}`, replace: true });
  }, [navigate, _splat]);
  return (
    <Center mih={200}>
      <Loader role="status" size="sm" aria-label="正在跳转" />
    </Center>
  );
}
