import { Chip, Group, Input, Skeleton, Text } from '@mantine/core';
import { useId } from 'react';
import type { DictOption } from '@/entities/dict';
import { TAGS_MAX } from '@/entities/user';

interface Props {
  label: string;
  options: DictOption[];
  loading: boolean;
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
}

/** A labelled group of toggle chips for 1–10 tags, with the count and the error announced. */
export function TagChips({ label, options, loading, value, onChange, error }: Props) {
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  // Saved tags the dictionary no longer lists stay visible, so they can be removed.
  const shown = [...options, ...value.filter((v) => !options.some((o) => o.value === v)).map((v) => ({ label: v, value: v }))];
  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      labelProps={{ id: labelId }}
      required
      description={
        <Text component="span" size="xs" id={hintId}>
          选择1-{TAGS_MAX}项，已选 {value.length} 项
        </Text>
      }
      error={error}
      errorProps={{ id: errorId }}
    >
      <Group
        role="group"
        aria-labelledby={labelId}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        gap="xs"
        mt="xs"
      >
        {loading ? (
          Array.from({ length: 6 }, (_, i) => <Skeleton key={i} height={32} width={88} radius="xl" />)
        ) : (
          <Chip.Group multiple value={value} onChange={onChange}>
            {shown.map((o) => (
              <Chip key={o.value} value={o.value} disabled={!value.includes(o.value) && value.length >= TAGS_MAX}>
                {o.label}
              </Chip>
            ))}
          </Chip.Group>
        )}
      </Group>
    </Input.Wrapper>
  );
}
