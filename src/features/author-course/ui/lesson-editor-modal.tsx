import { Alert, Button, FileButton, Group, Modal, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { LESSON_KIND_TEXT, LESSON_KINDS, type LessonKind, type ManagedCourse, type ManagedLesson, studyAdminApi, studyAdminQueries } from '@/entities/study-admin';
import { ApiError } from '@/shared/api';
import { notify } from '@/shared/ui';
import { Markdown } from '@/shared/ui/markdown';
import { readVideoDuration } from '../lib/video-duration';
import { draftOfLesson, emptyLessonDraft, fileProblem, type LessonDraft, type LessonErrors, lessonInputOf } from '../model/lesson-form';

/** Uploads one file through the signed upload (source `default`); resolves with its key. */
export type LessonUpload = (file: File, signal: AbortSignal) => Promise<{ key: string; name: string }>;

interface Props {
  courseId: number;
  /** Editing this lesson; adding one without it. */
  lesson?: ManagedLesson;
  onClose: () => void;
  upload: LessonUpload;
  /** The upload task list (per-file progress), shown under the file picker. */
  progress: ReactNode;
}

const ACCEPT: Record<Exclude<LessonKind, 'text'>, string> = { video: '.mp4,.webm,video/mp4,video/webm', document: '.pdf,application/pdf' };

/**
 * Adds a lesson to a course or edits one: a text lesson (Markdown with a preview), a video or a PDF
 * uploaded through the signed upload with its progress. Closing cancels an upload in flight.
 */
export function LessonEditorModal({ courseId, lesson, onClose, upload, progress }: Props) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<LessonDraft>(() => (lesson ? draftOfLesson(lesson) : emptyLessonDraft()));
  const [errors, setErrors] = useState<LessonErrors>({});
  const [view, setView] = useState<'edit' | 'preview'>('edit');
  const [uploading, setUploading] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const change = (patch: Partial<LessonDraft>, ...fields: (keyof LessonErrors)[]) => {
    setDraft((d) => ({ ...d, ...patch }));
    if (fields.length) setErrors((e) => ({ ...e, ...Object.fromEntries(fields.map((f) => [f, undefined])) }));
  };

  const pick = async (file: File | null) => {
    if (!file || draft.kind === 'text') return;
    const problem = fileProblem(draft.kind, file.name);
    if (problem) {
      setErrors((e) => ({ ...e, object_key: problem }));
      return;
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setUploading(true);
    change({ objectKey: '', fileName: file.name }, 'object_key');
    try {
      const [uploaded, seconds] = await Promise.all([upload(file, controller.signal), draft.kind === 'video' ? readVideoDuration(file) : Promise.resolve(null)]);
      if (controller.signal.aborted) return;
      change({ objectKey: uploaded.key, fileName: uploaded.name, ...(seconds ? { duration: String(seconds) } : {}) }, 'object_key', 'duration_seconds');
    } catch {
      // The upload task list shows why; the lesson keeps no file.
      if (!controller.signal.aborted) change({ objectKey: '', fileName: '' });
    } finally {
      if (abort.current === controller) {
        abort.current = null;
        setUploading(false);
      }
    }
  };

  const save = useMutation({
    mutationKey: ['study', 'manage', 'save-lesson'],
    mutationFn: (d: LessonDraft) => {
      const r = lessonInputOf(d);
      if (!('input' in r)) throw new Error('invalid lesson');
      return lesson ? studyAdminApi.editLesson(lesson.lesson_id, r.input) : studyAdminApi.addLesson(courseId, r.input);
    },
    onSuccess: (course: ManagedCourse) => {
      notify(lesson ? '课时已保存' : '课时已添加', 'success');
      queryClient.setQueryData(studyAdminQueries.course(courseId).queryKey, course);
      void queryClient.invalidateQueries({ queryKey: studyAdminQueries.courses() });
      onClose();
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      const next: LessonErrors = {};
      for (const f of error.fieldErrors) {
        const key = f.field as keyof LessonErrors;
        if (['title', 'body', 'object_key', 'duration_seconds'].includes(key) && !next[key]) next[key] = f.message;
      }
      setErrors(next);
    },
  });

  return (
    <Modal opened onClose={onClose} title={lesson ? '编辑课时' : '添加课时'} size="xl" centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const r = lessonInputOf(draft);
          if ('errors' in r) setErrors(r.errors);
          else save.mutate(draft);
        }}
      >
        <Stack>
          <div>
            <Text size="sm" fw={500} mb={4} id="lesson-kind-label">
              课时类型
            </Text>
            <SegmentedControl
              aria-labelledby="lesson-kind-label"
              disabled={uploading}
              data={LESSON_KINDS.map((k) => ({ value: k, label: LESSON_KIND_TEXT[k] }))}
              value={draft.kind}
              onChange={(v) => change({ kind: v as LessonKind, objectKey: '', fileName: '', duration: '' }, 'object_key', 'body', 'duration_seconds')}
            />
          </div>
          <TextInput label="课时名称" required maxLength={100} value={draft.title} error={errors.title} onChange={(e) => change({ title: e.currentTarget.value }, 'title')} data-autofocus />

          {draft.kind === 'text' ? (
            <Stack gap={6}>
              <Group justify="space-between">
                <Text size="sm" fw={500}>
                  内容（Markdown）
                </Text>
                <SegmentedControl
                  size="xs"
                  aria-label="编辑或预览"
                  data={[
                    { value: 'edit', label: '编辑' },
                    { value: 'preview', label: '预览' },
                  ]}
                  value={view}
                  onChange={(v) => setView(v as 'edit' | 'preview')}
                />
              </Group>
              {view === 'edit' ? (
                <Textarea
                  aria-label="课时内容"
                  description="支持标题（#）、列表（-）、粗体（**）、斜体（*）、链接、图片和代码"
                  autosize
                  minRows={10}
                  maxRows={24}
                  value={draft.body}
                  error={errors.body}
                  onChange={(e) => change({ body: e.currentTarget.value }, 'body')}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                />
              ) : (
                <div role="group" aria-label="内容预览" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4, padding: 12, minHeight: 200 }}>
                  {draft.body.trim() ? (
                    <Markdown source={draft.body} />
                  ) : (
                    <Text c="dimmed" size="sm">
                      还没有内容
                    </Text>
                  )}
                </div>
              )}
            </Stack>
          ) : (
            <Stack gap={6}>
              <Group gap="sm">
                <FileButton onChange={(f) => void pick(f)} accept={ACCEPT[draft.kind]} disabled={uploading}>
                  {(props) => (
                    <Button {...props} variant="light" loading={uploading}>
                      {draft.objectKey ? '重新上传' : draft.kind === 'video' ? '上传视频' : '上传PDF'}
                    </Button>
                  )}
                </FileButton>
                <Text size="sm" c={draft.objectKey ? undefined : 'dimmed'}>
                  {draft.fileName ? `${draft.fileName}${uploading ? '（上传中）' : draft.objectKey ? '' : '（未上传）'}` : draft.kind === 'video' ? 'MP4或WebM格式' : 'PDF格式'}
                </Text>
              </Group>
              {errors.object_key ? (
                <Text size="xs" c="red">
                  {errors.object_key}
                </Text>
              ) : null}
              {progress}
              {draft.kind === 'video' ? (
                <TextInput
                  label="视频时长（秒）"
                  description="上传时自动读取，也可手动填写"
                  required
                  inputMode="numeric"
                  w={220}
                  value={draft.duration}
                  error={errors.duration_seconds}
                  onChange={(e) => change({ duration: e.currentTarget.value }, 'duration_seconds')}
                />
              ) : null}
              {lesson?.url && draft.objectKey === lesson.object_key ? (
                <Alert variant="light" color="gray">
                  <a href={lesson.url} target="_blank" rel="noreferrer">
                    查看当前文件
                  </a>
                </Alert>
              ) : null}
            </Stack>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              取消
            </Button>
            <Button type="submit" loading={save.isPending} disabled={uploading}>
              {lesson ? '保存' : '添加'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
