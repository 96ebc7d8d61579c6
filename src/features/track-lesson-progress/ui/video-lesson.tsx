import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { type ReactElement, useCallback, useEffect, useRef, useState } from 'react';
import { type Lesson, VIDEO_DONE_SHARE } from '@/entities/study';
import type { LessonReader } from '../model/use-lesson-progress';
import { resumeAt, VIDEO_REPORT_EVERY_MS, videoReportDue } from '../model/video-report';

/**
 * A video lesson: resumes where the reader left it, reports the position every 10 s while playing,
 * on pause and end, when the page is hidden and when another lesson is opened. The server counts it
 * done at 90% reached.
 */
export function VideoLesson({ lesson, reader }: { lesson: Lesson; reader: LessonReader }): ReactElement {
  const videoRef = useRef<HTMLVideoElement>(null);
  const timeRef = useRef(0);
  const lastSent = useRef<number | null>(lesson.progress?.position_seconds ?? null);
  const readerRef = useRef(reader);
  useEffect(() => {
    readerRef.current = reader;
  }, [reader]);
  const [playing, setPlaying] = useState(false);

  const send = useCallback((keepalive = false) => {
    const report = readerRef.current;
    const position = timeRef.current;
    if (!report || !videoReportDue(position, lastSent.current)) return;
    lastSent.current = Math.floor(position);
    report({ body: { position_seconds: Math.min(36_000, Math.floor(position)) }, keepalive });
  }, []);

  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => send(), VIDEO_REPORT_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [playing, send]);

  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') send(true);
    };
    const onPageHide = () => send(true);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      // Another lesson opened or the page left inside the app: the last position counts too.
      send();
    };
  }, [send]);

  const progress = lesson.progress;
  const duration = lesson.duration_seconds;
  const watched = progress && duration > 0 ? Math.min(100, Math.floor((progress.furthest_seconds / duration) * 100)) : 0;

  return (
    <Stack gap="sm">
      {lesson.url ? (
        <video
          ref={videoRef}
          src={lesson.url}
          controls
          preload="metadata"
          style={{ width: '100%', maxHeight: '70vh', background: '#000', borderRadius: 8 }}
          aria-label={`视频：${lesson.title}`}
          data-lesson-video={lesson.lesson_id}
          onLoadedMetadata={(e) => {
            const start = resumeAt(progress?.position_seconds ?? 0, e.currentTarget.duration);
            if (start > 0) e.currentTarget.currentTime = start;
            timeRef.current = e.currentTarget.currentTime;
          }}
          onTimeUpdate={(e) => {
            timeRef.current = e.currentTarget.currentTime;
          }}
          onPlay={() => setPlaying(true)}
          onPause={() => {
            setPlaying(false);
            send();
          }}
          onEnded={() => {
            setPlaying(false);
            send();
          }}
        >
          <track kind="captions" />
        </video>
      ) : (
        <Text c="red" role="alert">
          视频文件不可用
        </Text>
      )}
      {reader && progress ? (
        <Group gap="sm">
          <Progress value={watched} w={200} color={progress.done ? 'teal' : 'blue'} aria-label={`已观看${watched}%`} />
          <Text size="sm" c="dimmed" data-testid="video-watched">
            已观看 {watched}%
          </Text>
          {progress.done ? (
            <Badge color="teal" variant="light" c="var(--mantine-color-text)">
              已完成
            </Badge>
          ) : (
            <Text size="xs" c="dimmed">
              观看到 {Math.round(VIDEO_DONE_SHARE * 100)}% 即完成
            </Text>
          )}
        </Group>
      ) : null}
    </Stack>
  );
}
