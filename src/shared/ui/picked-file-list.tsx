import { ActionIcon, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { formatBytes, type PickedFile } from '@/shared/lib';

const STATUS: Record<PickedFile['status'], { text: string; color: string }> = {
  uploading: { text: '上传中', color: 'blue' },
  done: { text: '已上传', color: 'teal' },
  error: { text: '上传失败', color: 'red' },
};

interface Props {
  files: readonly PickedFile[];
  /** The list's accessible name. */
  label: string;
  /** No removing while the dialog submits. */
  disabled?: boolean;
  onRemove: (id: string) => void;
}

/** The files picked in a dialog: name, size, upload state and a remove button (not while uploading). */
export function PickedFileList({ files, label, disabled, onRemove }: Props) {
  if (!files.length) return null;
  return (
    <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={label}>
      {files.map((f) => (
        <Paper key={f.id} component="li" withBorder radius="sm" px="sm" py={6} aria-label={f.name}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" truncate="end" title={f.name} style={{ minWidth: 0 }}>
              {f.name}
              <Text span size="xs" c="dimmed" ml={6}>
                {formatBytes(f.size)}
              </Text>
            </Text>
            <Group gap={6} wrap="nowrap">
              {/* The text keeps the dark shade of its colour: 4.5:1 on the light badge. */}
              <Badge variant="light" color={STATUS[f.status].color} c={`${STATUS[f.status].color}.9`}>
                {STATUS[f.status].text}
              </Badge>
              <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`移除 ${f.name}`} disabled={f.status === 'uploading' || disabled} onClick={() => onRemove(f.id)}>
                ×
              </ActionIcon>
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
