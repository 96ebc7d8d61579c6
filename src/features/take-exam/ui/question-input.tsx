import { Checkbox, Group, Radio, Stack, TextInput } from '@mantine/core';
import type { ReactElement } from 'react';
import type { AnswerValue, QuestionView } from '@/entities/study';

interface Props {
  question: QuestionView;
  value: AnswerValue | undefined;
  disabled: boolean;
  label: string;
  onAnswer: (value: AnswerValue, debounce?: boolean) => void;
  onLeave: () => void;
}

/** The answer field of a question: radios, checkboxes, 正确/错误, or a text for a fill-in. */
export function QuestionInput({ question, value, disabled, label, onAnswer, onLeave }: Props): ReactElement {
  switch (question.kind) {
    case 'single':
      return (
        <Radio.Group value={typeof value === 'string' ? value : null} onChange={(v) => onAnswer(v)} aria-label={label}>
          <Stack gap="xs">
            {question.options.map((o) => (
              <Radio key={o.key} value={o.key} label={`${o.key}. ${o.text}`} disabled={disabled} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'multiple':
      return (
        <Checkbox.Group value={Array.isArray(value) ? value : []} onChange={(v) => onAnswer(v)} aria-label={label}>
          <Stack gap="xs">
            {question.options.map((o) => (
              <Checkbox key={o.key} value={o.key} label={`${o.key}. ${o.text}`} disabled={disabled} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'true_false':
      return (
        <Radio.Group value={typeof value === 'boolean' ? String(value) : null} onChange={(v) => onAnswer(v === 'true')} aria-label={label}>
          <Group gap="lg">
            <Radio value="true" label="正确" disabled={disabled} />
            <Radio value="false" label="错误" disabled={disabled} />
          </Group>
        </Radio.Group>
      );
    case 'fill':
      return (
        <TextInput
          aria-label={label}
          placeholder="请输入答案"
          maxLength={200}
          maw={480}
          disabled={disabled}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onAnswer(e.currentTarget.value, true)}
          onBlur={onLeave}
        />
      );
  }
}
