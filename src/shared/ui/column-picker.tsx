import { Button, Checkbox, Group, Popover, Stack, Text } from '@mantine/core';

export interface ColumnOption {
  value: string;
  label: string;
}

interface Props {
  /** Every column the list can show, in its order. */
  options: readonly ColumnOption[];
  /** The columns shown now. */
  value: readonly string[];
  /** The list's own columns (「恢复默认」). */
  defaults: readonly string[];
  /** The chosen columns, in the list's order; at least one stays. */
  onChange: (columns: string[]) => void;
}

/** A list's 「显示列」 button: a checkbox per column. */
export function ColumnPicker({ options, value, defaults, onChange }: Props) {
  const set = (column: string, on: boolean) => {
    const next = options.map((o) => o.value).filter((c) => (c === column ? on : value.includes(c)));
    if (next.length) onChange(next);
  };
  return (
    <Popover position="bottom-end" withinPortal shadow="md" trapFocus>
      <Popover.Target>
        <Button size="xs" variant="default">
          显示列
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6} role="group" aria-label="显示的列">
          <Text size="xs" c="dimmed">
            选择列表显示的列
          </Text>
          {options.map((o) => (
            <Checkbox
              key={o.value}
              size="xs"
              label={o.label}
              checked={value.includes(o.value)}
              disabled={value.length === 1 && value.includes(o.value)}
              onChange={(e) => set(o.value, e.currentTarget.checked)}
            />
          ))}
          <Group justify="flex-end">
            <Button size="compact-xs" variant="subtle" onClick={() => onChange([...defaults])}>
              恢复默认
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
