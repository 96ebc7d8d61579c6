import { Alert, Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { answerText, type ManagedExam, type ManagedQuestion, QUESTION_KIND_TEXT, studyAdminApi, studyAdminQueries } from '@/entities/study-admin';
import { notify } from '@/shared/ui';
import { QuestionEditorModal } from './question-editor-modal';

/**
 * An exam's question bank: every question with its answer and points, add / edit / delete (asked
 * first). Frozen once anyone has started the exam (the server refuses with 409 too).
 */
export function QuestionBank({ exam }: { exam: ManagedExam }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<ManagedQuestion | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ManagedQuestion | null>(null);
  const frozen = exam.attempt_count > 0;
  const remove = useMutation({
    mutationKey: ['study', 'manage', 'delete-question'],
    mutationFn: (q: ManagedQuestion) => studyAdminApi.deleteQuestion(q.question_id),
    onSuccess: (next) => {
      notify('题目已删除', 'success');
      queryClient.setQueryData(studyAdminQueries.exam(exam.exam_id).queryKey, next);
      void queryClient.invalidateQueries({ queryKey: studyAdminQueries.exams() });
      setDeleting(null);
    },
  });

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          共 {exam.question_count} 题，总分 {exam.total_points} 分
        </Text>
        <Button size="sm" disabled={frozen} onClick={() => setEditing('new')}>
          添加题目
        </Button>
      </Group>
      {frozen ? (
        <Alert color="yellow" variant="light">
          已有人作答（{exam.attempt_count}份答卷），题目不能再修改。
        </Alert>
      ) : null}
      <Table.ScrollContainer minWidth={640}>
        <Table striped aria-label="题库">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={48}>序号</Table.Th>
              <Table.Th w={80}>题型</Table.Th>
              <Table.Th>题目</Table.Th>
              <Table.Th w={120}>正确答案</Table.Th>
              <Table.Th w={60}>分值</Table.Th>
              <Table.Th w={130}>操作</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {exam.questions.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text c="dimmed" ta="center" py="md" size="sm">
                    还没有题目：手动添加，或从 Excel 导入
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              exam.questions.map((q, i) => (
                <Table.Tr key={q.question_id}>
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" size="sm">
                      {QUESTION_KIND_TEXT[q.kind]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2}>
                      {q.stem}
                    </Text>
                    {q.options.length ? (
                      <Text size="xs" c="dimmed" lineClamp={1}>
                        {q.options.map((o) => `${o.key}. ${o.text}`).join('　')}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{answerText(q.kind, q.answer)}</Table.Td>
                  <Table.Td>{q.points}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button size="compact-xs" variant="light" disabled={frozen} onClick={() => setEditing(q)} aria-label={`编辑第${i + 1}题`}>
                        编辑
                      </Button>
                      <Button size="compact-xs" variant="light" color="red" disabled={frozen} onClick={() => setDeleting(q)} aria-label={`删除第${i + 1}题`}>
                        删除
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      {editing ? (
        <QuestionEditorModal key={editing === 'new' ? 'new' : editing.question_id} examId={exam.exam_id} question={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      ) : null}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="删除题目" centered>
        <Stack>
          <Text size="sm">确定删除这道题吗？删除后不能恢复。</Text>
          <Text size="sm" c="dimmed" lineClamp={3}>
            {deleting?.stem}
          </Text>
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
