import { Button, Group, Modal, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { productQueries } from '@/entities/product';
import { type ManagedExam, type ManagedExamSummary, studyAdminApi, studyAdminQueries } from '@/entities/study-admin';
import { useZodForm } from '@/shared/lib';
import { notify } from '@/shared/ui';
import { EMPTY_EXAM_FORM, examFormOf, examFormSchema, examInputOf, type ExamFormValues } from '../model/exam-form';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** Editing this exam; creating a new one without it. */
  exam?: ManagedExamSummary;
  /** After a save, with the exam as the server now has it. */
  onSaved?: (exam: ManagedExam) => void;
}

/**
 * An exam's settings: title, description, pass mark, time limit, attempts allowed, shuffling,
 * review, the product a pass qualifies for, the course to finish first, public. Creates a draft or
 * saves an exam's settings.
 */
export function ExamSettingsModal({ opened, onClose, exam, onSaved }: Props) {
  const queryClient = useQueryClient();
  const products = useQuery({ ...productQueries.available(), enabled: opened });
  const courses = useQuery({ ...studyAdminQueries.courseList(), enabled: opened });
  const form = useZodForm(examFormSchema, exam ? examFormOf(exam) : EMPTY_EXAM_FORM);
  const save = useMutation({
    mutationKey: ['study', 'manage', 'save-exam'],
    mutationFn: (v: ExamFormValues) => (exam ? studyAdminApi.updateExam(exam.exam_id, examInputOf(v)) : studyAdminApi.createExam(examInputOf(v))),
    onSuccess: (saved) => {
      notify(exam ? '考试设置已保存' : '考试已创建（草稿）', 'success');
      queryClient.setQueryData(studyAdminQueries.exam(saved.exam_id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: studyAdminQueries.exams() });
      if (!exam) form.setValues(EMPTY_EXAM_FORM);
      onSaved?.(saved);
      onClose();
    },
    onError: form.applyServerError,
  });
  const productOptions = (products.data?.items ?? []).map((p) => ({ value: String(p.product_id), label: p.name }));
  if (exam?.product_id != null && !productOptions.some((o) => o.value === String(exam.product_id))) {
    productOptions.unshift({ value: String(exam.product_id), label: exam.product_name ?? `产品${exam.product_id}` });
  }
  const courseOptions = (courses.data ?? []).map((c) => ({ value: String(c.course_id), label: c.status === 'draft' ? `${c.title}（草稿）` : c.title }));

  return (
    <Modal opened={opened} onClose={onClose} title={exam ? '考试设置' : '新建考试'} size="lg" centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (form.validate()) save.mutate(form.values);
        }}
      >
        <Stack>
          <TextInput label="考试名称" required maxLength={100} data-autofocus {...form.bind('title')} />
          <Textarea label="考试说明" autosize minRows={2} maxRows={6} {...form.bind('description')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="及格线（%）" required inputMode="numeric" description="占总分的百分比" {...form.bind('pass_mark')} />
            <TextInput label="考试时长（分钟）" required inputMode="numeric" {...form.bind('time_limit_minutes')} />
            <TextInput label="可考次数" required inputMode="numeric" description="0 表示不限次数" {...form.bind('attempts_allowed')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Switch label="题目乱序" checked={form.values.shuffle_questions} onChange={(e) => form.setField('shuffle_questions', e.currentTarget.checked)} />
            <Switch label="选项乱序" checked={form.values.shuffle_options} onChange={(e) => form.setField('shuffle_options', e.currentTarget.checked)} />
            <Switch label="交卷后显示答案解析" checked={form.values.review_enabled} onChange={(e) => form.setField('review_enabled', e.currentTarget.checked)} />
            <Switch label="公开考试（招聘笔试）" checked={form.values.is_public} onChange={(e) => form.setField('is_public', e.currentTarget.checked)} />
          </SimpleGrid>
          <Select
            label="关联产品"
            description="通过考试后，设计师获得该产品的接单资格"
            placeholder={products.isPending ? '加载中…' : '不关联产品'}
            searchable
            clearable
            nothingFoundMessage="没有匹配的产品"
            data={productOptions}
            value={form.values.product_id || null}
            onChange={(v) => form.setField('product_id', v ?? '')}
            error={form.errors.product_id}
          />
          <Select
            label="前置课程"
            description="完成该课程后才能参加考试"
            placeholder={courses.isPending ? '加载中…' : '无前置课程'}
            searchable
            clearable
            nothingFoundMessage="没有匹配的课程"
            data={courseOptions}
            value={form.values.required_course_id || null}
            onChange={(v) => form.setField('required_course_id', v ?? '')}
            error={form.errors.required_course_id}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              取消
            </Button>
            <Button type="submit" loading={save.isPending}>
              {exam ? '保存' : '创建'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
