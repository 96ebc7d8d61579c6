import { Button, Center, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiError } from '@/shared/api';

interface Props {
  columns: number;
  loading: boolean;
  error: Error | null;
  onRetry?: () => void;
  empty: boolean;
  emptyText: string;
  rows?: number;
  children: ReactNode;
}

/**
 * The body of a data table with its states: skeleton rows on the first load, the error (with a
 * retry unless asking again cannot help: not found, forbidden, a bad request), the empty text,
 * otherwise the rows.
 */
export function TableBodyStates({ columns, loading, error, onRetry, empty, emptyText, rows = 6, children }: Props) {
  if (loading)
    return (
      <Table.Tbody aria-label="加载中">
        {Array.from({ length: rows }, (_, i) => (
          <Table.Tr key={i} aria-hidden>
            {Array.from({ length: columns }, (__, j) => (
              <Table.Td key={j}>
                <Skeleton h={14} radius="sm" />
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    );
  if (error)
    return (
      <Table.Tbody>
        <Table.Tr>
          <Table.Td colSpan={columns}>
            <Center py="xl">
              <Stack align="center" gap="xs" role="alert">
                <Text c="red">{error.message || '加载失败'}</Text>
                {onRetry && !(error instanceof ApiError && error.isPermanent) ? (
                  <Button variant="light" size="xs" onClick={onRetry}>
                    重试
                  </Button>
                ) : null}
              </Stack>
            </Center>
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    );
  if (empty)
    return (
      <Table.Tbody>
        <Table.Tr>
          <Table.Td colSpan={columns}>
            <Center py="xl">
              <Text c="dimmed">{emptyText}</Text>
            </Center>
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    );
  return <Table.Tbody>{children}</Table.Tbody>;
}
