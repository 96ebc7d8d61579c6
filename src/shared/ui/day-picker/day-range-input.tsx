import { DatePickerInput } from '@mantine/dates';
import { ChineseDates } from './dates-provider';
import { useState } from 'react';
import { dayRangePresets, shanghaiDay } from '@/shared/lib';

export interface DayRange {
  from?: string;
  to?: string;
}

interface Props extends DayRange {
  label: string;
  /** Called with both days picked (in order), or with neither when cleared. */
  onChange: (range: DayRange) => void;
  error?: string;
  w?: number;
  clearable?: boolean;
}

const VALUE_FORMAT = 'YYYY-MM-DD';

/**
 * A date filter over a range of Shanghai days (`YYYY-MM-DD`, inclusive): Mantine's range picker in
 * Chinese (ChineseDates), with the presets 今天, 本周, 上周, 本月 on Shanghai's today.
 * A half-picked range stays here until its second day is picked; `onChange` hears complete ranges.
 */
export function DayRangeInput({ label, from, to, onChange, error, w = 260, clearable = true }: Props) {
  const [value, setValue] = useState<[string | null, string | null]>([from ?? null, to ?? null]);
  const [seen, setSeen] = useState<DayRange>({ from, to });
  if (seen.from !== from || seen.to !== to) {
    setSeen({ from, to });
    setValue([from ?? null, to ?? null]);
  }
  const presets = dayRangePresets(shanghaiDay()).map((p) => ({ value: [p.from, p.to] as [string, string], label: p.label }));
  return (
    <ChineseDates>
      <DatePickerInput
        type="range"
        label={label}
        placeholder="选择日期范围"
        // Mantine's placeholder grey is below the 4.5:1 contrast axe asks of a button's text.
        styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
        valueFormat={VALUE_FORMAT}
        labelSeparator="至"
        allowSingleDateInRange
        clearable={clearable}
        w={w}
        error={error}
        presets={presets}
        value={value}
        onChange={(next) => {
          setValue(next);
          const [a, b] = next;
          if (a && b) onChange(a <= b ? { from: a, to: b } : { from: b, to: a });
          else if (!a && !b) onChange({ from: undefined, to: undefined });
        }}
      />
    </ChineseDates>
  );
}
