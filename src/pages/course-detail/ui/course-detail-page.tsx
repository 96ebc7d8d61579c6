import { Badge, Button, Card, Grid, Group, NavLink, Progress, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouterState, useSearch } from '@tanstack/react-router';
import { type ReactElement, useEffect, useState } from 'react';
import { type CourseDetail, type Lesson, LESSON_KIND_TEXT, studyQueries } from '@/entities/study';
import { DocumentLesson, type LessonReader, TextLesson, useLessonProgress, VideoLesson } from '@/features/track-lesson-progress';
import { StudyShell } from '@/widgets/study-shell';
import { ApiError, tokenStore } from '@/shared/api';
import { notify } from '@/shared/ui';
import { DetailStates } from '@/shared/ui';

const COURSE_PATHS: readonly string[] = ['/study-exam/course-detail', '/course/course-detail'];

const validId = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined);

/** The lesson to open: the one in the URL, else the first not done, else the first. */
function currentLesson(course: CourseDetail, wanted: number | undefined): Lesson | undefined {
  return course.lessons.find((l) => l.lesson_id === wanted) ?? course.lessons.find((l) => l.progress && !l.progress.done) ?? course.lessons[0];
}

/**
 * `/study-exam/course-detail?id=` and `/course/course-detail?id=` (the same page): a course's
 * ordered lessons with done marks and progress, and the open lesson (`&lesson=`). Without a login
 * a course marked public reads the same, without progress; any other course sends the visitor to
 * log in.
 */
export function CourseDetailPage(): ReactElement {
  const search = useSearch({ strict: false }) as { id?: unknown; lesson?: unknown };
  const location = useRouterState({ select: (s) => s.location });
  const navigate = useNavigate();
  const [signedIn] = useState(() => !!tokenStore.get());
  const id = validId(search.id);
  const member = useQuery({ ...studyQueries.course(id ?? 0), enabled: !!id && signedIn });
  const visitor = useQuery({ ...studyQueries.publicCourse(id ?? 0), enabled: !!id && !signedIn, retry: false });
  const query = signedIn ? member : visitor;

  const notPublic = !signedIn && visitor.error instanceof ApiError && visitor.error.status === 404;
  // While the router moves on to the login page this page is still mounted: only its own address
  // sends there (and is where the login comes back to).
  const onOwnPath = COURSE_PATHS.includes(location.pathname);
  useEffect(() => {
    // A course that is not public needs a login, as any private page does.
    if (notPublic && onOwnPath) void navigate({ to: '/login', search: { redirect: location.href }, replace: true });
  }, [notPublic, onOwnPath, navigate, location.href]);

  const openLesson = (lessonId: number) => void navigate({ href: `${location.pathname}?id=${id}&lesson=${lessonId}`, replace: true });

  return (
    <StudyShell signedIn={signedIn} loginRedirect={location.href}>
      <DetailStates invalid={id ? null : '课程编号不正确'} query={query} skeleton={[60, 360]}>
        {(course) => <Course course={course} signedIn={signedIn} lessonId={validId(search.lesson)} onOpen={openLesson} />}
      </DetailStates>
    </StudyShell>
  );
}

function Course({ course, signedIn, lessonId, onOpen }: { course: CourseDetail; signedIn: boolean; lessonId: number | undefined; onOpen: (id: number) => void }): ReactElement {
  const lesson = currentLesson(course, lessonId);
  const index = lesson ? course.lessons.indexOf(lesson) : -1;
  const progress = useLessonProgress(course.course_id);
  const reader: LessonReader =
    signedIn && lesson
      ? (report) =>
          progress.mutate(
            { lessonId: lesson.lesson_id, ...report },
            { onError: (error) => (report.keepalive ? undefined : notify(error instanceof ApiError ? error.message : '学习进度保存失败', 'error')) },
          )
      : null;
  const percent = course.progress_percent;

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Group gap="sm">
          <Title order={1} fz="xl">
            {course.title}
          </Title>
          <Badge variant="light" color={course.required ? 'red' : 'gray'} c="var(--mantine-color-text)">
            {course.required ? '必修' : '选修'}
          </Badge>
          {!signedIn ? (
            <Badge variant="outline" color="gray" c="var(--mantine-color-text)">
              公开课程 · 登录后记录学习进度
            </Badge>
          ) : null}
        </Group>
        {course.description ? (
          <Text size="sm" c="dimmed">
            {course.description}
          </Text>
        ) : null}
        {percent !== null ? (
          <Group gap="sm">
            <Progress value={percent} w={240} color={percent === 100 ? 'teal' : 'blue'} aria-label={`课程进度${percent}%`} />
            <Text size="sm" data-testid="course-progress">
              已完成 {percent}%
            </Text>
          </Group>
        ) : null}
      </Stack>
      {course.lessons.length === 0 || !lesson ? (
        <Text c="dimmed">本课程暂无课时</Text>
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 3 }}>
            <Card withBorder radius="md" padding="xs" component="nav" aria-label="课时列表">
              {course.lessons.map((l, i) => (
                <NavLink
                  key={l.lesson_id}
                  active={l.lesson_id === lesson.lesson_id}
                  aria-current={l.lesson_id === lesson.lesson_id ? 'true' : undefined}
                  label={`${i + 1}. ${l.title}`}
                  description={LESSON_KIND_TEXT[l.kind]}
                  rightSection={
                    l.progress?.done ? (
                      <Text c="var(--app-color-positive)" size="sm" aria-label="已完成">
                        ✓
                      </Text>
                    ) : null
                  }
                  onClick={() => onOpen(l.lesson_id)}
                  data-lesson-id={l.lesson_id}
                />
              ))}
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            <Card withBorder radius="md" padding="md" component="section" aria-label={`课时：${lesson.title}`}>
              <Title order={2} fz="lg" mb="sm">
                {lesson.title}
              </Title>
              {lesson.kind === 'text' ? <TextLesson key={lesson.lesson_id} lesson={lesson} reader={reader} /> : null}
              {lesson.kind === 'video' ? <VideoLesson key={lesson.lesson_id} lesson={lesson} reader={reader} /> : null}
              {lesson.kind === 'document' ? <DocumentLesson key={lesson.lesson_id} lesson={lesson} reader={reader} saving={progress.isPending} /> : null}
              <Group justify="space-between" mt="lg">
                <Button variant="default" size="xs" disabled={index <= 0} onClick={() => onOpen(course.lessons[index - 1]!.lesson_id)}>
                  上一课时
                </Button>
                <Button variant="default" size="xs" disabled={index >= course.lessons.length - 1} onClick={() => onOpen(course.lessons[index + 1]!.lesson_id)}>
                  下一课时
                </Button>
              </Group>
            </Card>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
