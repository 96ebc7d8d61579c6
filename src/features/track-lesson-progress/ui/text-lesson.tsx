import { Badge, Group, Text } from '@mantine/core';
import { type ReactElement, useEffect, useRef } from 'react';
import type { Lesson } from '@/entities/study';
import { Markdown } from '@/shared/ui/markdown';
import type { LessonReader } from '../model/use-lesson-progress';

/** A text lesson rendered from its Markdown; reaching the end of the text marks it done. */
export function TextLesson({ lesson, reader }: { lesson: Lesson; reader: LessonReader }): ReactElement {
  const endRef = useRef<HTMLDivElement>(null);
  const readerRef = useRef(reader);
  useEffect(() => {
    readerRef.current = reader;
  }, [reader]);
  const done = lesson.progress?.done ?? false;
  const signedIn = reader !== null;

  useEffect(() => {
    const end = endRef.current;
    if (!signedIn || done || !end || typeof IntersectionObserver === 'undefined') return;
    let sent = false;
    const observer = new IntersectionObserver((entries) => {
      if (sent || !entries.some((e) => e.isIntersecting)) return;
      sent = true;
      observer.disconnect();
      readerRef.current?.({ body: { completed: true } });
    });
    observer.observe(end);
    return () => observer.disconnect();
  }, [signedIn, done, lesson.lesson_id]);

  return (
    <article aria-label={lesson.title}>
      <Markdown source={lesson.body} />
      <div ref={endRef} data-lesson-end={lesson.lesson_id} style={{ height: 1 }} />
      {signedIn ? (
        <Group mt="md" gap="xs">
          {done ? (
            <Badge color="teal" variant="light" c="var(--mantine-color-text)">
              已读完
            </Badge>
          ) : (
            <Text size="xs" c="dimmed">
              阅读到文末即完成本课时
            </Text>
          )}
        </Group>
      ) : null}
    </article>
  );
}
