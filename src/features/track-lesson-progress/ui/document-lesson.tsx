import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import type { Lesson } from '@/entities/study';
import type { LessonReader } from '../model/use-lesson-progress';

/** A PDF lesson shown inline with a download link; the reader marks it read when done. */
export function DocumentLesson({ lesson, reader, saving }: { lesson: Lesson; reader: LessonReader; saving: boolean }): ReactElement {
  const done = lesson.progress?.done ?? false;
  if (!lesson.url)
    return (
      <Text c="red" role="alert">
        文档文件不可用
      </Text>
    );
  return (
    <Stack gap="sm">
      <object data={lesson.url} type="application/pdf" aria-label={`文档：${lesson.title}`} style={{ width: '100%', height: '75vh', border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}>
        <Text p="md">
          当前浏览器无法直接显示PDF，请
          <Anchor href={lesson.url} target="_blank" rel="noopener noreferrer">
            下载文档
          </Anchor>
          后阅读。
        </Text>
      </object>
      <Group gap="sm">
        <Anchor href={lesson.url} download target="_blank" rel="noopener noreferrer" size="sm">
          下载文档
        </Anchor>
        {reader ? (
          done ? (
            <Badge color="teal" variant="light" c="var(--mantine-color-text)">
              已读完
            </Badge>
          ) : (
            <Button size="xs" variant="light" loading={saving} onClick={() => reader({ body: { completed: true } })}>
              我已读完
            </Button>
          )
        ) : null}
      </Group>
    </Stack>
  );
}
