import { Anchor, Group, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import type { AnswerEntry } from '../model/answer-saver';

/** A question's save state next to its answer. */
export function SaveMark({ entry, onRetry }: { entry: AnswerEntry | undefined; onRetry: () => void }): ReactElement | null {
  if (!entry) return null;
  switch (entry.status) {
    case 'saved':
      return (
        <Text size="xs" c="var(--app-color-positive)" data-save-status="saved">
          ✓ 已保存
        </Text>
      );
    case 'saving':
      return (
        <Text size="xs" c="dimmed" data-save-status="saving">
          保存中…
        </Text>
      );
    case 'pending':
      return (
        <Text size="xs" c="dimmed" data-save-status="pending">
          待保存
        </Text>
      );
    case 'failed':
      return (
        <Group gap={6} data-save-status="failed" role="alert">
          <Text size="xs" c="red">
            保存失败：{entry.error ?? '网络异常'}
            {entry.retrying ? '，正在自动重试' : ''}
          </Text>
          <Anchor component="button" type="button" size="xs" onClick={onRetry}>
            重试
          </Anchor>
        </Group>
      );
  }
}
