import { ActionIcon, Badge, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { LESSON_KIND_TEXT, type ManagedCourse, type ManagedLesson, studyAdminApi, studyAdminQueries } from '@/entities/study-admin';
import { notify } from '@/shared/ui';
import { keyMove, moveItem } from '../model/lesson-order';
import { LessonEditorModal, type LessonUpload } from './lesson-editor-modal';

interface Props {
  course: ManagedCourse;
  upload: LessonUpload;
  progress: ReactNode;
}

function durationText(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m ? `${m}分${s ? `${s}秒` : ''}` : `${s}秒`;
}

/**
 * A course's lessons in order: add, edit, delete (asked first) and reorder with the ↑/↓ buttons or
 * the keyboard (Alt+↑/↓ on a focused lesson, Alt+Home/End to the ends). The order is saved at once.
 */
export function LessonList({ course, upload, progress }: Props) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<ManagedLesson | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ManagedLesson | null>(null);
  const rows = useRef(new Map<number, HTMLDivElement>());
  const applied = (next: ManagedCourse) => {
    queryClient.setQueryData(studyAdminQueries.course(course.course_id).queryKey, next);
    void queryClient.invalidateQueries({ queryKey: studyAdminQueries.courses() });
  };
  const reorder = useMutation({
    mutationKey: ['study', 'manage', 'reorder-lessons'],
    mutationFn: (ids: readonly number[]) => studyAdminApi.reorderLessons(course.course_id, [...ids]),
    onSuccess: applied,
  });
  const remove = useMutation({
    mutationKey: ['study', 'manage', 'delete-lesson'],
    mutationFn: (l: ManagedLesson) => studyAdminApi.deleteLesson(l.lesson_id),
    onSuccess: (next) => {
      notify('课时已删除', 'success');
      applied(next);
      setDeleting(null);
    },
  });
  const move = (index: number, delta: number) => {
    const ids = course.lessons.map((l) => l.lesson_id);
    const next = moveItem(ids, index, delta);
    if (next === ids || reorder.isPending) return;
    const movedId = ids[index]!;
    reorder.mutate(next, { onSuccess: () => requestAnimationFrame(() => rows.current.get(movedId)?.focus()) });
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          共 {course.lessons.length} 个课时；选中课时后按 Alt+↑/↓ 调整顺序
        </Text>
        <Button size="sm" onClick={() => setEditing('new')}>
          添加课时
        </Button>
      </Group>
      {course.lessons.length === 0 ? (
        <Text c="dimmed" ta="center" py="md" size="sm">
          还没有课时：添加图文、视频或PDF文档
        </Text>
      ) : (
        <Stack gap={6} role="list" aria-label="课时列表">
          {course.lessons.map((l, i) => (
            <Paper
              key={l.lesson_id}
              withBorder
              p="xs"
              role="listitem"
              tabIndex={0}
              aria-label={`第${i + 1}课时：${l.title}`}
              ref={(el: HTMLDivElement | null) => {
                if (el) rows.current.set(l.lesson_id, el);
                else rows.current.delete(l.lesson_id);
              }}
              onKeyDown={(e) => {
                if (e.target !== e.currentTarget) return;
                const delta = keyMove(e.key, e.altKey, i, course.lessons.length);
                if (delta) {
                  e.preventDefault();
                  move(i, delta);
                }
              }}
            >
              <Group justify="space-between" wrap="nowrap">
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Text size="sm" c="dimmed" w={24}>
                    {i + 1}
                  </Text>
                  <Badge variant="light" size="sm">
                    {LESSON_KIND_TEXT[l.kind]}
                  </Badge>
                  <Text size="sm" truncate="end">
                    {l.title}
                  </Text>
                  {l.kind === 'video' ? (
                    <Text size="xs" c="dimmed">
                      {durationText(l.duration_seconds)}
                    </Text>
                  ) : null}
                </Group>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant="subtle" disabled={i === 0 || reorder.isPending} onClick={() => move(i, -1)} aria-label={`上移 ${l.title}`}>
                    ↑
                  </ActionIcon>
                  <ActionIcon variant="subtle" disabled={i === course.lessons.length - 1 || reorder.isPending} onClick={() => move(i, 1)} aria-label={`下移 ${l.title}`}>
                    ↓
                  </ActionIcon>
                  <Button size="compact-xs" variant="light" onClick={() => setEditing(l)} aria-label={`编辑 ${l.title}`}>
                    编辑
                  </Button>
                  <Button size="compact-xs" variant="light" color="red" onClick={() => setDeleting(l)} aria-label={`删除 ${l.title}`}>
                    删除
                  </Button>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}

      {editing ? (
        <LessonEditorModal
          key={editing === 'new' ? 'new' : editing.lesson_id}
          courseId={course.course_id}
          lesson={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          upload={upload}
          progress={progress}
        />
      ) : null}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="删除课时" centered>
        <Stack>
          <Text size="sm">确定删除课时《{deleting?.title}》吗？所有人在这个课时的学习进度会一并删除，不能恢复。</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              取消
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => deleting && remove.mutate(deleting)}>
              删除
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
