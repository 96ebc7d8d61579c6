import { Button, Group, Select, Table, Text, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import {
  CAPACITY_MAX,
  cellErrorOf,
  cellKey,
  cellText,
  dayTotal,
  fillCells,
  gridTotal,
  moveCell,
  type PlanGrid,
  rowTotal,
  setCell,
} from '@/entities/order-plan';
import { shortDay, shanghaiDay, weekdayText } from '@/shared/lib';

interface Props {
  grid: PlanGrid;
  onChange: (grid: PlanGrid) => void;
  disabled?: boolean;
}

const ALL = '__all__';

/**
 * The editable plan: a row per designer, a column per day, totals per row and day. Arrow keys
 * move between cells (left/right at the text's edge); a row or the whole grid can be filled.
 */
export function PlanGridEditor({ grid, onChange, disabled }: Props) {
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const [fillTarget, setFillTarget] = useState<string>(ALL);
  const [fillValue, setFillValue] = useState('');
  const today = shanghaiDay();
  const size = { rows: grid.designers.length, cols: grid.days.length };

  const focusCell = (row: number, col: number) => {
    const d = grid.designers[row];
    const day = grid.days[col];
    if (!d || !day) return;
    const el = inputs.current.get(cellKey(d.designer_id, day));
    el?.focus();
    el?.select();
  };

  const fill = () => {
    if (fillValue.trim() === '') return;
    let next = grid;
    const targets = fillTarget === ALL ? grid.designers.map((d) => d.designer_id) : [fillTarget];
    for (const id of targets) next = fillCells(next, { designerId: id }, fillValue.trim());
    onChange(next);
  };

  return (
    <>
      <Group gap="xs" align="flex-end" mb="sm" role="group" aria-label="批量填充">
        <Select
          label="填充对象"
          w={180}
          allowDeselect={false}
          value={fillTarget}
          onChange={(v) => setFillTarget(v ?? ALL)}
          data={[{ value: ALL, label: '全部设计师' }, ...grid.designers.map((d) => ({ value: d.designer_id, label: d.designer_name }))]}
          disabled={disabled}
        />
        <TextInput
          label="每天接单量"
          w={110}
          inputMode="numeric"
          maxLength={3}
          value={fillValue}
          onChange={(e) => setFillValue(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              fill();
            }
          }}
          disabled={disabled}
        />
        <Button variant="default" onClick={fill} disabled={disabled || fillValue.trim() === ''}>
          填充整周
        </Button>
        <Text size="xs" c="dimmed" pb={8}>
          每格 0–{CAPACITY_MAX}；方向键在格子间移动
        </Text>
      </Group>
      <Table.ScrollContainer minWidth={820}>
        <Table withTableBorder withColumnBorders aria-label="接单计划" verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>设计师</Table.Th>
              {grid.days.map((day) => (
                <Table.Th key={day} ta="center" bg={day === today ? 'var(--mantine-primary-color-light)' : undefined}>
                  {weekdayText(day)}
                  <Text size="xs" c="dimmed">
                    {shortDay(day)}
                    {day === today ? ' 今天' : ''}
                  </Text>
                </Table.Th>
              ))}
              <Table.Th ta="right">合计</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {grid.designers.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={grid.days.length + 2}>
                  <Text c="dimmed" ta="center" py="md">
                    团队暂无设计师
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              grid.designers.map((d, row) => (
                <Table.Tr key={d.designer_id} data-designer-id={d.designer_id}>
                  <Table.Th scope="row" fw={500}>
                    {d.designer_name}
                  </Table.Th>
                  {grid.days.map((day, col) => {
                    const key = cellKey(d.designer_id, day);
                    const error = cellErrorOf(grid, d.designer_id, day);
                    const touched = grid.typed[key] !== undefined;
                    return (
                      <Table.Td key={day} p={4}>
                        <TextInput
                          ref={(el) => {
                            if (el) inputs.current.set(key, el);
                            else inputs.current.delete(key);
                          }}
                          aria-label={`${d.designer_name} ${day} 接单量`}
                          size="xs"
                          w={64}
                          mx="auto"
                          inputMode="numeric"
                          maxLength={3}
                          disabled={disabled}
                          value={cellText(grid, d.designer_id, day)}
                          error={error}
                          styles={{ input: { textAlign: 'center', fontWeight: touched ? 700 : undefined }, error: { fontSize: 11, textAlign: 'center' } }}
                          data-changed={touched ? true : undefined}
                          onChange={(e) => onChange(setCell(grid, d.designer_id, day, e.currentTarget.value))}
                          onFocus={(e) => e.currentTarget.select()}
                          onKeyDown={(e) => {
                            const el = e.currentTarget;
                            const atStart = el.selectionStart === 0 && el.selectionEnd === 0;
                            const atEnd = el.selectionStart === el.value.length;
                            const whole = el.selectionStart === 0 && el.selectionEnd === el.value.length;
                            if ((e.key === 'ArrowLeft' && !atStart && !whole) || (e.key === 'ArrowRight' && !atEnd && !whole)) return;
                            const to = moveCell({ row, col }, e.key, size);
                            if (to) {
                              e.preventDefault();
                              focusCell(to.row, to.col);
                            }
                          }}
                        />
                      </Table.Td>
                    );
                  })}
                  <Table.Td ta="right" fw={600} data-testid={`row-total-${d.designer_id}`}>
                    {rowTotal(grid, d.designer_id)}
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr fw={700}>
              <Table.Th scope="row">每日合计</Table.Th>
              {grid.days.map((day) => (
                <Table.Td key={day} ta="center">
                  {dayTotal(grid, day)}
                </Table.Td>
              ))}
              <Table.Td ta="right" data-testid="grid-total">
                {gridTotal(grid)}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
