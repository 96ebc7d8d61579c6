import { Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { MSG } from '@/shared/config/messages';
import { formatTime } from '@/shared/lib';
import { type UploadTask, type UploadTaskStore, uploadTasks, useUploadTasks } from '../model/upload-tasks';

export interface UploadTaskListProps {
  /** The task list to show (the app's by default). */
  store?: UploadTaskStore;
}

function TaskRow({ task }: { task: UploadTask }) {
  const percent = Math.round(task.progress * 100);
  const failed = task.status === 'error';
  return (
    <Paper withBorder p="xs" radius="sm" component="li" aria-label={task.fileName}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" truncate="end" title={task.fileName} style={{ minWidth: 0 }}>
          {task.fileName}
        </Text>
        {failed ? (
          <Badge color="red" variant="light" style={{ flexShrink: 0 }}>
            {MSG.uploadFailed}
          </Badge>
        ) : (
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            上传中 {percent}%
          </Text>
        )}
      </Group>
      {failed ? (
        <Text size="xs" c="red" mt={4}>
          {task.errorMessage ?? MSG.uploadFailed}
          {task.completeTime ? `（${formatTime(task.completeTime, 'timeSeconds')}）` : null}
        </Text>
      ) : (
        <Progress value={percent} size="sm" mt={6} aria-label={`${task.fileName} 上传进度`} />
      )}
    </Paper>
  );
}

/**
 * The upload task list (spec §3/§4): each upload with its progress bar, failed ones with their
 * message; finished uploads leave the list on their own, '清除已完成' removes the failed ones.
 */
export function UploadTaskList({ store = uploadTasks }: UploadTaskListProps) {
  const tasks = useUploadTasks(store);
  const hasFinished = tasks.some((t) => t.status !== 'uploading');
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={500} size="sm">
          上传任务
        </Text>
        <Button size="compact-xs" variant="subtle" disabled={!hasFinished} onClick={store.clearCompleted}>
          清除已完成
        </Button>
      </Group>
      {tasks.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md">
          暂无上传任务
        </Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="上传任务列表">
          {tasks.map((task) => (
            <TaskRow key={task.id} task={task} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
