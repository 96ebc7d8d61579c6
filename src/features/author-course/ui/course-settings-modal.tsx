import { Button, Group, Modal, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ManagedCourse, type ManagedCourseSummary, studyAdminApi, studyAdminQueries } from '@/entities/study-admin';
import { useZodForm } from '@/shared/lib';
import { notify } from '@/shared/ui';
import { courseFormOf, courseFormSchema, type CourseFormValues, courseInputOf, EMPTY_COURSE_FORM } from '../model/course-form';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** Editing this course; creating a new one without it. */
  course?: ManagedCourseSummary;
  onSaved?: (course: ManagedCourse) => void;
}

/** A course's settings: title, description, required or optional, public. Creates a draft or saves. */
export function CourseSettingsModal({ opened, onClose, course, onSaved }: Props) {
  const queryClient = useQueryClient();
  const form = useZodForm(courseFormSchema, course ? courseFormOf(course) : EMPTY_COURSE_FORM);
  const save = useMutation({
    mutationKey: ['study', 'manage', 'save-course'],
    mutationFn: (v: CourseFormValues) => (course ? studyAdminApi.updateCourse(course.course_id, courseInputOf(v)) : studyAdminApi.createCourse(courseInputOf(v))),
    onSuccess: (saved) => {
      notify(course ? '课程设置已保存' : '课程已创建（草稿）', 'success');
      queryClient.setQueryData(studyAdminQueries.course(saved.course_id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: studyAdminQueries.courses() });
      if (!course) form.setValues(EMPTY_COURSE_FORM);
      onSaved?.(saved);
      onClose();
    },
    onError: form.applyServerError,
  });
  return (
    <Modal opened={opened} onClose={onClose} title={course ? '课程设置' : '新建课程'} size="lg" centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (form.validate()) save.mutate(form.values);
        }}
      >
        <Stack>
          <TextInput label="课程名称" required maxLength={100} data-autofocus {...form.bind('title')} />
          <Textarea label="课程简介" autosize minRows={2} maxRows={6} {...form.bind('description')} />
          <Switch label="必修课程" checked={form.values.required} onChange={(e) => form.setField('required', e.currentTarget.checked)} />
          <Switch
            label="公开课程"
            description="公开后，未登录的人也能通过链接阅读（只读，不记录进度）"
            checked={form.values.is_public}
            onChange={(e) => form.setField('is_public', e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              取消
            </Button>
            <Button type="submit" loading={save.isPending}>
              {course ? '保存' : '创建'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
