import { Button, Group, SegmentedControl, Text } from '@mantine/core';
import { useState } from 'react';
import { DayRangeInput } from '@/shared/ui/day-picker';
import { checkCustomRange, PERIOD_ERROR_TEXT, searchForPreset } from '../lib/period';
import { MAX_PERIOD_DAYS, type Period, PERIOD_PRESETS, PERIOD_TEXT, type PeriodPreset, type PeriodSearch } from '../lib/period-search';

interface Props {
  preset: PeriodPreset;
  period: Period;
  onChange: (search: PeriodSearch) => void;
}

/**
 * Preset periods (this week, last week, this month) or a custom range applied with a button;
 * a custom range longer than 92 days or in the wrong order is refused in place.
 */
export function PeriodPicker({ preset, period, onChange }: Props) {
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const [seen, setSeen] = useState(period);
  if (seen.from !== period.from || seen.to !== period.to) {
    setSeen(period);
    setFrom(period.from);
    setTo(period.to);
  }
  const error = preset === 'custom' ? checkCustomRange(from, to) : null;
  const apply = () => {
    if (!checkCustomRange(from, to)) onChange({ period: 'custom', from, to });
  };
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="group" aria-label="统计周期">
      <SegmentedControl
        aria-label="统计周期"
        value={preset}
        onChange={(v) => onChange(searchForPreset(v as PeriodPreset, period))}
        data={PERIOD_PRESETS.map((p) => ({ value: p, label: PERIOD_TEXT[p] }))}
      />
      {preset === 'custom' ? (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            apply();
          }}
        >
          <Group gap="xs" align="flex-start">
            <DayRangeInput
              label="自定义区间"
              from={from}
              to={to}
              clearable={false}
              onChange={(r) => {
                setFrom(r.from ?? '');
                setTo(r.to ?? '');
              }}
              error={error ? PERIOD_ERROR_TEXT[error] : undefined}
            />
            <Button type="submit" mt={25} disabled={!!error || (from === period.from && to === period.to)}>
              查询
            </Button>
          </Group>
        </form>
      ) : (
        <Text size="sm" c="dimmed" pb={6}>
          {period.from} 至 {period.to}
        </Text>
      )}
      {preset === 'custom' ? (
        <Text size="xs" c="dimmed" pb={8}>
          最长 {MAX_PERIOD_DAYS} 天
        </Text>
      ) : null}
    </Group>
  );
}
