import { Button, Center, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiError } from '@/shared/api';

/** What DetailStates reads of a query (a TanStack Query result fits). */
export interface DetailQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  data: T | undefined;
  refetch: () => unknown;
}

interface Props<T> {
  /** The page's id in the URL did not parse: this text instead of a request. */
  invalid?: string | null;
  query: DetailQuery<T>;
  /** Heights of the skeleton blocks under the title's, shaped like the page. */
  skeleton?: number[];
  /** Shown next to 重试 (e.g. a way back to the list). */
  errorActions?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * The states of a detail page around its one query: a wrong id in the URL, a skeleton on the
 * first load, the error (with 重试 unless asking again cannot help: not found, forbidden), then
 * the page.
 */
export function DetailStates<T>({ invalid, query, skeleton = [80, 240], errorActions, children }: Props<T>): ReactNode {
  if (invalid)
    return (
      <Center py="xl">
        <Text c="red" role="alert">
          {invalid}
        </Text>
      </Center>
    );
  if (query.isPending)
    return (
      <Stack gap="md" role="status" aria-label="加载中">
        <Skeleton h={32} w="40%" />
        {skeleton.map((h, i) => (
          <Skeleton key={i} h={h} />
        ))}
      </Stack>
    );
  if (query.isError || query.data === undefined)
    return (
      <Center py="xl">
        <Stack align="center" gap="xs" role="alert">
          <Text c="red">{query.error?.message || '加载失败'}</Text>
          <Group gap="xs">
            {query.error instanceof ApiError && query.error.isPermanent ? null : (
              <Button variant="light" size="xs" onClick={() => void query.refetch()}>
                重试
              </Button>
            )}
            {errorActions}
          </Group>
        </Stack>
      </Center>
    );
  return children(query.data);
}
