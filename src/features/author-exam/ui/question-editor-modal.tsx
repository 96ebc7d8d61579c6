import { ActionIcon, Button, Checkbox, Group, Modal, NumberInput, Radio, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { type ManagedExam, type ManagedQuestion, QUESTION_KIND_TEXT, QUESTION_KINDS, type QuestionKind, studyAdminApi, studyAdminQueries } from '@/entities/study-admin';
import { ApiError } from '@/shared/api';
import { notify } from '@/shared/ui';
import {
  draftOfQuestion,
  emptyQuestionDraft,
  MAX_OPTIONS,
  optionKey,
  type QuestionDraft,
  type QuestionErrors,
  questionFieldOf,
  questionInputOf,
  removeOption,
} from '../model/question-form';

interface Props {
  examId: number;
  /** Editing this question; adding one without it. */
  question?: ManagedQuestion;
  onClose: () => void;
}

/** Adds a question to an exam's bank, or edits one: kind, stem, options, the right answer, points, explanation. */
export function QuestionEditorModal({ examId, question, onClose }: Props) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<QuestionDraft>(() => (question ? draftOfQuestion(question) : emptyQuestionDraft()));
  const [errors, setErrors] = useState<QuestionErrors>({});
  const change = (patch: Partial<QuestionDraft>, field?: keyof QuestionErrors) => {
    setDraft((d) => ({ ...d, ...patch }));
    if (field) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const save = useMutation({
    mutationKey: ['study', 'manage', 'save-question'],
    mutationFn: (d: QuestionDraft) => {
      const r = questionInputOf(d);
      if (!('input' in r)) throw new Error('invalid question');
      return question ? studyAdminApi.editQuestion(question.question_id, r.input) : studyAdminApi.addQuestions(examId, [r.input]);
    },
    onSuccess: (exam: ManagedExam) => {
      notify(question ? '题目已保存' : '题目已添加', 'success');
      queryClient.setQueryData(studyAdminQueries.exam(examId).queryKey, exam);
      void queryClient.invalidateQueries({ queryKey: studyAdminQueries.exams() });
      if (question) onClose();
      else setDraft({ ...emptyQuestionDraft(draft.kind), points: draft.points });
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      const next: QuestionErrors = {};
      for (const f of error.fieldErrors) {
        const key = questionFieldOf(f.field);
        if (key && !next[key]) next[key] = f.message;
      }
      setErrors(next);
    },
  });

  const choice = draft.kind === 'single' || draft.kind === 'multiple';
  const keys = draft.options.map((_, i) => optionKey(i));

  return (
    <Modal opened onClose={onClose} title={question ? '编辑题目' : '添加题目'} size="lg" centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const r = questionInputOf(draft);
          if ('errors' in r) setErrors(r.errors);
          else save.mutate(draft);
        }}
      >
        <Stack>
          <div>
            <Text size="sm" fw={500} mb={4} id="question-kind-label">
              题型
            </Text>
            <SegmentedControl
              aria-labelledby="question-kind-label"
              data={QUESTION_KINDS.map((k) => ({ value: k, label: QUESTION_KIND_TEXT[k] }))}
              value={draft.kind}
              onChange={(v) => change({ kind: v as QuestionKind }, 'answer')}
            />
          </div>
          <Textarea label="题目" required autosize minRows={2} maxRows={8} value={draft.stem} error={errors.stem} onChange={(e) => change({ stem: e.currentTarget.value }, 'stem')} data-autofocus />

          {choice ? (
            <Stack gap={6}>
              <Text size="sm" fw={500}>
                选项与正确答案
              </Text>
              {draft.kind === 'single' ? (
                <Radio.Group value={draft.single} onChange={(v) => change({ single: v }, 'answer')} aria-label="正确答案" error={errors.answer}>
                  <Stack gap={6}>
                    {draft.options.map((text, i) => (
                      <OptionRow
                        key={i}
                        index={i}
                        text={text}
                        canRemove={draft.options.length > 2}
                        onText={(t) => change({ options: draft.options.map((o, j) => (j === i ? t : o)) }, 'options')}
                        onRemove={() => change(removeOption(draft, i), 'answer')}
                        marker={<Radio value={keys[i]} aria-label={`选项${keys[i]}为正确答案`} />}
                      />
                    ))}
                  </Stack>
                </Radio.Group>
              ) : (
                <Checkbox.Group value={draft.multiple} onChange={(v) => change({ multiple: v }, 'answer')} aria-label="正确答案" error={errors.answer}>
                  <Stack gap={6}>
                    {draft.options.map((text, i) => (
                      <OptionRow
                        key={i}
                        index={i}
                        text={text}
                        canRemove={draft.options.length > 2}
                        onText={(t) => change({ options: draft.options.map((o, j) => (j === i ? t : o)) }, 'options')}
                        onRemove={() => change(removeOption(draft, i), 'answer')}
                        marker={<Checkbox value={keys[i]} aria-label={`选项${keys[i]}为正确答案`} />}
                      />
                    ))}
                  </Stack>
                </Checkbox.Group>
              )}
              {errors.options ? (
                <Text size="xs" c="red">
                  {errors.options}
                </Text>
              ) : null}
              <Group>
                <Button size="compact-sm" variant="light" disabled={draft.options.length >= MAX_OPTIONS} onClick={() => change({ options: [...draft.options, ''] }, 'options')}>
                  添加选项
                </Button>
                <Text size="xs" c="dimmed">
                  勾选左侧标记正确答案{draft.kind === 'multiple' ? '（可多选）' : ''}
                </Text>
              </Group>
            </Stack>
          ) : null}

          {draft.kind === 'true_false' ? (
            <Radio.Group label="正确答案" required value={draft.truth} onChange={(v) => change({ truth: v as QuestionDraft['truth'] }, 'answer')} error={errors.answer}>
              <Group mt={4}>
                <Radio value="true" label="正确" />
                <Radio value="false" label="错误" />
              </Group>
            </Radio.Group>
          ) : null}

          {draft.kind === 'fill' ? (
            <Textarea
              label="参考答案"
              required
              description="每行一个可接受的答案；判分时忽略首尾空格、大小写和全角半角"
              autosize
              minRows={2}
              maxRows={6}
              value={draft.fills}
              error={errors.answer}
              onChange={(e) => change({ fills: e.currentTarget.value }, 'answer')}
            />
          ) : null}

          <NumberInput
            label="分值"
            required
            min={1}
            max={100}
            allowDecimal={false}
            w={160}
            value={draft.points}
            error={errors.points}
            onChange={(v) => change({ points: String(v) }, 'points')}
          />
          <Textarea label="答案解析" autosize minRows={2} maxRows={6} value={draft.explanation} error={errors.explanation} onChange={(e) => change({ explanation: e.currentTarget.value }, 'explanation')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {question ? '取消' : '完成'}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {question ? '保存' : '添加'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function OptionRow({
  index,
  text,
  canRemove,
  onText,
  onRemove,
  marker,
}: {
  index: number;
  text: string;
  canRemove: boolean;
  onText: (text: string) => void;
  onRemove: () => void;
  marker: ReactNode;
}) {
  const key = optionKey(index);
  return (
    <Group gap="xs" wrap="nowrap">
      {marker}
      <Text fw={500} w={16}>
        {key}
      </Text>
      <TextInput style={{ flex: 1 }} aria-label={`选项${key}`} placeholder={`选项${key}内容`} value={text} onChange={(e) => onText(e.currentTarget.value)} maxLength={500} />
      <ActionIcon variant="subtle" color="gray" disabled={!canRemove} onClick={onRemove} aria-label={`删除选项${key}`}>
        ×
      </ActionIcon>
    </Group>
  );
}
