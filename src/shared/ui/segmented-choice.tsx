import { useId } from 'react';
import './segmented-choice.css';

export interface SegmentedChoiceProps<T extends string> {
  /** What the group chooses, read by screen readers (登录方式). */
  label: string;
  value: T;
  onChange: (value: T) => void;
  data: readonly { label: string; value: T }[];
}

/**
 * A choice of a few options drawn as one segmented bar: native radio buttons (arrow keys, Tab,
 * screen readers) styled by CSS alone. Mantine's SegmentedControl slides an indicator it places by
 * measuring the page as soon as it mounts, which forced the first layout of the sign-in page into
 * the script's own task (~260 ms on a phone at Lighthouse's 4x slowdown, issue #19); this one
 * measures nothing.
 */
export function SegmentedChoice<T extends string>({ label, value, onChange, data }: SegmentedChoiceProps<T>) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className="segmented-choice">
      {data.map((option) => {
        const active = option.value === value;
        return (
          <label key={option.value} className="segmented-choice__item" data-active={active || undefined}>
            <input
              type="radio"
              className="segmented-choice__input"
              name={name}
              value={option.value}
              checked={active}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        );
      })}
    </div>
  );
}
