import { Group, Pagination, Select, Text } from '@mantine/core';

export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;

interface Props {
  /** Unknown while the first page loads. */
  total: number | undefined;
  page: number;
  pageSize: number;
  onChange: (page: number, pageSize?: number) => void;
}

/** The foot of a paged list: the total, the page size and the pages. */
export function ListPager({ total, page, pageSize, onChange }: Props) {
  const pages = Math.max(1, Math.ceil((total ?? 0) / pageSize));
  return (
    <Group justify="space-between" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {total === undefined ? ' ' : `共 ${total} 条`}
      </Text>
      <Group gap="sm">
        <Select
          aria-label="每页条数"
          w={110}
          size="xs"
          allowDeselect={false}
          data={PAGE_SIZE_OPTIONS.map((n) => ({ value: String(n), label: `${n} 条/页` }))}
          value={String(pageSize)}
          onChange={(v) => onChange(1, Number(v))}
        />
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={(p) => onChange(p)}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': control === 'previous' ? '上一页' : control === 'next' ? '下一页' : control })}
          getItemProps={(p) => ({ 'aria-label': `第 ${p} 页` })}
        />
      </Group>
    </Group>
  );
}
