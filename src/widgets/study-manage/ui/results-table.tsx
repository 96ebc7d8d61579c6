import { Badge, Button, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type CandidateResult, studyAdminQueries, studyResultsExportUrl, type StudyItemType } from '@/entities/study-admin';
import { downloadFile } from '@/features/download-file';
import { formatTime } from '@/shared/lib';
import { TableBodyStates } from '@/shared/ui';
import { resultStatus } from '../lib/result-cells';

/**
 * Per designer of the team: assigned and due, overdue; a course's progress, an exam's attempts,
 * best score and pass. Assigned first; a public exam's candidates below. Downloadable as Excel or
 * CSV. Refreshed by the 'study' refresh area and by 刷新.
 */
export function ResultsTable({ itemType, itemId, title }: { itemType: StudyItemType; itemId: number; title: string }) {
  const results = useQuery(studyAdminQueries.itemResults(itemType, itemId));
  const rows = results.data?.rows ?? [];
  const exam = itemType === 'exam';
  const columns = exam ? 7 : 6;
  const exportAs = (format: 'xlsx' | 'csv') => void downloadFile(studyResultsExportUrl(itemType, itemId, format), `${title}-${exam ? '考试成绩' : '学习情况'}.${format}`);
  const assigned = rows.filter((r) => r.assigned).length;

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {results.data ? `团队${rows.length}人，已指派${assigned}人${exam && results.data.total_points !== null ? `；总分${results.data.total_points}分` : ''}` : ' '}
        </Text>
        <Group gap="xs">
          <Button size="compact-sm" variant="subtle" loading={results.isFetching && !results.isPending} onClick={() => void results.refetch()}>
            刷新
          </Button>
          <Button size="compact-sm" variant="light" onClick={() => exportAs('xlsx')}>
            导出Excel
          </Button>
          <Button size="compact-sm" variant="light" onClick={() => exportAs('csv')}>
            导出CSV
          </Button>
        </Group>
      </Group>
      <Table.ScrollContainer minWidth={680}>
        <Table striped aria-label={exam ? '考试成绩' : '学习情况'}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>设计师</Table.Th>
              <Table.Th>截止时间</Table.Th>
              <Table.Th>状态</Table.Th>
              {exam ? (
                <>
                  <Table.Th>作答次数</Table.Th>
                  <Table.Th>最高分</Table.Th>
                  <Table.Th>是否通过</Table.Th>
                </>
              ) : (
                <>
                  <Table.Th w={200}>学习进度</Table.Th>
                  <Table.Th>是否完成</Table.Th>
                </>
              )}
              <Table.Th>指派</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <TableBodyStates
            columns={columns}
            loading={results.isPending}
            error={results.error}
            onRetry={() => void results.refetch()}
            empty={rows.length === 0}
            emptyText="团队还没有成员"
            rows={4}
          >
            {rows.map((r) => {
                const status = resultStatus(r, itemType);
                return (
                  <Table.Tr key={r.designer_id} data-designer={r.designer_id}>
                    <Table.Td>
                      {r.name}
                      <Text span size="xs" c="dimmed">
                        （{r.designer_id}）
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatTime(r.due_at, 'dateTime')}</Table.Td>
                    <Table.Td>
                      <Badge color={status.color} variant="dot" radius="sm">
                        {status.text}
                      </Badge>
                    </Table.Td>
                    {exam ? (
                      <>
                        <Table.Td>{r.attempts ?? 0}</Table.Td>
                        <Table.Td>{r.best_score ?? '—'}</Table.Td>
                        <Table.Td>{r.passed === null || (r.attempts ?? 0) === 0 ? '—' : r.passed ? '是' : '否'}</Table.Td>
                      </>
                    ) : (
                      <>
                        <Table.Td>
                          <Group gap="xs" wrap="nowrap">
                            <Progress value={r.progress_percent ?? 0} w={120} aria-label={`${r.name} 学习进度`} />
                            <Text size="xs">{r.progress_percent ?? 0}%</Text>
                          </Group>
                        </Table.Td>
                        <Table.Td>{r.done ? '是' : '否'}</Table.Td>
                      </>
                    )}
                    <Table.Td>{r.assigned ? '已指派' : '—'}</Table.Td>
                  </Table.Tr>
                );
              })}
          </TableBodyStates>
        </Table>
      </Table.ScrollContainer>
      {results.data?.candidates.length ? <CandidateTable candidates={results.data.candidates} /> : null}
    </Stack>
  );
}

/** A public exam's candidates (recruitment test takers without an account, by verified phone). */
function CandidateTable({ candidates }: { candidates: readonly CandidateResult[] }) {
  return (
    <Stack gap={4} mt="md">
      <Text fw={500} size="sm">
        公开考试考生（{candidates.length}人）
      </Text>
      <Table.ScrollContainer minWidth={600}>
        <Table striped aria-label="公开考试考生">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>手机号</Table.Th>
              <Table.Th>作答次数</Table.Th>
              <Table.Th>最高分</Table.Th>
              <Table.Th>是否通过</Table.Th>
              <Table.Th>最近开考</Table.Th>
              <Table.Th>注册账号</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {candidates.map((c) => (
              <Table.Tr key={`${c.phone_masked}-${c.last_started_at}`}>
                <Table.Td>{c.phone_masked}</Table.Td>
                <Table.Td>{c.attempts}</Table.Td>
                <Table.Td>{c.best_score ?? '—'}</Table.Td>
                <Table.Td>{c.passed ? '是' : '否'}</Table.Td>
                <Table.Td>{formatTime(c.last_started_at, 'dateTime')}</Table.Td>
                <Table.Td>{c.designer_id ? `${c.name ?? ''}（${c.designer_id}）` : '未注册'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
