import { Badge, Button, Group, Stack, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { attemptsAllowedText, ITEM_STATUS_TEXT, questionTemplateUrl, studyAdminQueries } from '@/entities/study-admin';
import { AssignStudyModal } from '@/features/assign-study';
import { ExamPreviewModal, ExamSettingsModal, ImportQuestions, PublishExamButton, QuestionBank } from '@/features/author-exam';
import { downloadFile } from '@/features/download-file';
import { DetailStates } from '@/shared/ui';
import { ResultsTable } from './results-table';

/** One exam for its lead: settings, question bank (by hand or from Excel), preview, publish, assign, results. */
export function ExamManageView({ examId, onBack }: { examId: number; onBack: () => void }) {
  const exam = useQuery(studyAdminQueries.exam(examId));
  const [settings, editSettings] = useDisclosure(false);
  const [previewing, preview] = useDisclosure(false);
  const [assigning, assign] = useDisclosure(false);

  return (
    <Stack>
      <Group>
        <Button variant="subtle" size="compact-sm" onClick={onBack}>
          ← 返回列表
        </Button>
      </Group>
      <DetailStates query={exam} errorActions={<Button variant="default" size="xs" onClick={onBack}>返回列表</Button>}>
        {(e) => (
          <Stack>
            <Group justify="space-between" align="flex-start">
              <Stack gap={4}>
                <Group gap="xs">
                  <Title order={3}>{e.title}</Title>
                  <Badge color={e.status === 'published' ? 'teal' : 'gray'} variant="dot" radius="sm">
                    {ITEM_STATUS_TEXT[e.status]}
                  </Badge>
                  {e.is_public ? <Badge variant="outline">公开</Badge> : null}
                </Group>
                <Text size="sm" c="dimmed">
                  {e.question_count}题 · 总分{e.total_points} · 及格线{e.pass_mark}% · {e.time_limit_minutes}分钟 · 可考{attemptsAllowedText(e.attempts_allowed)}
                  {e.product_name ? ` · 通过后可接${e.product_name}产品工单` : ''}
                  {e.required_course_title ? ` · 需先完成《${e.required_course_title}》` : ''}
                </Text>
              </Stack>
              <Group gap="xs">
                <Button size="sm" variant="default" onClick={editSettings.open}>
                  设置
                </Button>
                <Button size="sm" variant="default" onClick={preview.open}>
                  预览
                </Button>
                <Tooltip label="请先发布再指派" disabled={e.status === 'published'}>
                  <Button size="sm" variant="light" disabled={e.status !== 'published'} onClick={assign.open}>
                    指派
                  </Button>
                </Tooltip>
                <PublishExamButton exam={e} />
              </Group>
            </Group>
            <Tabs defaultValue="questions" keepMounted={false}>
              <Tabs.List aria-label="考试管理">
                <Tabs.Tab value="questions">题库</Tabs.Tab>
                <Tabs.Tab value="results">成绩</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="questions" pt="md">
                <Stack>
                  <ImportQuestions examId={e.exam_id} disabled={e.attempt_count > 0} onDownloadTemplate={() => void downloadFile(questionTemplateUrl(), '题目导入模板.xlsx')} />
                  <QuestionBank exam={e} />
                </Stack>
              </Tabs.Panel>
              <Tabs.Panel value="results" pt="md">
                <ResultsTable itemType="exam" itemId={e.exam_id} title={e.title} />
              </Tabs.Panel>
            </Tabs>
            {settings ? <ExamSettingsModal opened onClose={editSettings.close} exam={e} /> : null}
            {previewing ? <ExamPreviewModal exam={e} onClose={preview.close} /> : null}
            {assigning ? <AssignStudyModal itemType="exam" itemId={e.exam_id} title={e.title} onClose={assign.close} /> : null}
          </Stack>
        )}
      </DetailStates>
    </Stack>
  );
}
