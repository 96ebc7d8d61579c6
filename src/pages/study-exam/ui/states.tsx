import { Button, Center, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactElement, ReactNode } from 'react';
import { ApiError } from '@/shared/api';

interface Props {
  label: string;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}

/** A card grid's loading, error (with 重试) and empty states around its cards. */
export function CardGridStates({ label, loading, error, onRetry, empty, emptyText, children }: Props): ReactElement {
  if (loading)
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="status" aria-label={`${label}加载中`} aria-busy>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={150} radius="md" />
        ))}
      </SimpleGrid>
    );
  if (error)
    return (
      <Center py="xl">
        <Stack align="center" gap="xs" role="alert">
          <Text c="red">{error.message || '加载失败'}</Text>
          {error instanceof ApiError && error.isPermanent ? null : (
            <Button variant="light" size="xs" onClick={onRetry}>
              重试
            </Button>
          )}
        </Stack>
      </Center>
    );
  if (empty)
    return (
      <Center py="xl">
        <Text c="dimmed">{emptyText}</Text>
      </Center>
    );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-label={label} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {children}
    </SimpleGrid>
  );
}
