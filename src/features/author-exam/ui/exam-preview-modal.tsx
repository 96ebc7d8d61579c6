import { Badge, Checkbox, Divider, Group, Modal, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { attemptsAllowedText, type ManagedExam, QUESTION_KIND_TEXT } from '@/entities/study-admin';

/**
 * The exam as a designer sees it before answering: its rules and every question with its options,
 * without answers or explanations. The inputs can be tried; nothing is saved.
 */
export function ExamPreviewModal({ exam, onClose }: { exam: ManagedExam; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title="预览（设计师看到的试卷）" size="xl" centered>
      <Stack>
        <Title order={4}>{exam.title}</Title>
        {exam.description ? <Text size="sm">{exam.description}</Text> : null}
        <Group gap="xs">
          <Badge variant="light">时长 {exam.time_limit_minutes} 分钟</Badge>
          <Badge variant="light">及格线 {exam.pass_mark}%</Badge>
          <Badge variant="light">总分 {exam.total_points}</Badge>
          <Badge variant="light">可考 {attemptsAllowedText(exam.attempts_allowed)}</Badge>
          {exam.required_course_title ? <Badge variant="light">需先完成《{exam.required_course_title}》</Badge> : null}
          {exam.product_name ? <Badge variant="light">通过后可接{exam.product_name}产品工单</Badge> : null}
        </Group>
        {exam.shuffle_questions || exam.shuffle_options ? (
          <Text size="xs" c="dimmed">
            {[exam.shuffle_questions ? '题目' : '', exam.shuffle_options ? '选项' : ''].filter(Boolean).join('和')}顺序在每份答卷中随机打乱，这里按原顺序显示。
          </Text>
        ) : null}
        <Divider />
        {exam.questions.length === 0 ? (
          <Text c="dimmed" size="sm">
            还没有题目
          </Text>
        ) : (
          exam.questions.map((q, i) => (
            <Stack key={q.question_id} gap={6}>
              <Text size="sm" fw={500}>
                {i + 1}. 【{QUESTION_KIND_TEXT[q.kind]}】{q.stem}（{q.points}分）
              </Text>
              {q.kind === 'single' ? (
                <Radio.Group aria-label={`第${i + 1}题`}>
                  <Stack gap={4}>
                    {q.options.map((o) => (
                      <Radio key={o.key} value={o.key} label={`${o.key}. ${o.text}`} />
                    ))}
                  </Stack>
                </Radio.Group>
              ) : null}
              {q.kind === 'multiple' ? (
                <Checkbox.Group aria-label={`第${i + 1}题`}>
                  <Stack gap={4}>
                    {q.options.map((o) => (
                      <Checkbox key={o.key} value={o.key} label={`${o.key}. ${o.text}`} />
                    ))}
                  </Stack>
                </Checkbox.Group>
              ) : null}
              {q.kind === 'true_false' ? (
                <Radio.Group aria-label={`第${i + 1}题`}>
                  <Group>
                    <Radio value="true" label="正确" />
                    <Radio value="false" label="错误" />
                  </Group>
                </Radio.Group>
              ) : null}
              {q.kind === 'fill' ? <TextInput aria-label={`第${i + 1}题答案`} placeholder="填写答案" maw={360} /> : null}
            </Stack>
          ))
        )}
      </Stack>
    </Modal>
  );
}
