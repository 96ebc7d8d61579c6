import { DatePickerInput } from '@mantine/dates';
import { ChineseDates } from './dates-provider';
import type { ReactNode } from 'react';

interface Props {
  label: string;
  value: string;
  onChange: (day: string) => void;
  /** Quick picks: days (`YYYY-MM-DD`) with their labels. */
  presets?: { value: string; label: string }[];
  error?: ReactNode;
  description?: ReactNode;
  required?: boolean;
  w?: number;
}

/** One Shanghai day (`YYYY-MM-DD`) picked with Mantine's date picker in Chinese (ChineseDates). */
export function DayInput({ label, value, onChange, presets, error, description, required, w }: Props) {
  return (
    <ChineseDates>
      <DatePickerInput
        label={label}
        placeholder="选择日期"
        // Mantine's placeholder grey is below the 4.5:1 contrast axe asks of a button's text.
        styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
        valueFormat="YYYY-MM-DD"
        value={value || null}
        onChange={(day) => onChange(day ?? '')}
        presets={presets}
        error={error}
        description={description}
        required={required}
        w={w}
      />
    </ChineseDates>
  );
}
