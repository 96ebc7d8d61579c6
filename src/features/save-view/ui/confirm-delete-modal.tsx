import { Button, Group, Modal, Stack, Text } from '@mantine/core';

interface Props {
  name: string;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a view is deleted: it cannot be brought back. */
export function ConfirmDeleteModal({ name, loading, onConfirm, onClose }: Props) {
  return (
    <Modal opened onClose={onClose} title="删除视图" centered size="sm">
      <Stack gap="md">
        <Text size="sm">删除视图「{name}」后无法恢复，共享给团队的也会一并消失。确定删除吗？</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={loading} data-autofocus>
            取消
          </Button>
          <Button color="red" onClick={onConfirm} loading={loading}>
            确定删除
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
