import { Button, type ButtonProps, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';

interface Props extends Omit<ButtonProps, 'onClick' | 'children'> {
  label: string;
  title: string;
  message: string;
  confirmLabel: string;
  loading?: boolean;
  onConfirm: () => void;
}

/** A destructive action that asks first. */
export function ConfirmButton({ label, title, message, confirmLabel, loading, onConfirm, ...button }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button color="red" variant="light" size="xs" {...button} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={title} centered size="sm">
        <Stack>
          <Text size="sm">{message}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              取消
            </Button>
            <Button
              color="red"
              loading={loading}
              onClick={() => {
                onConfirm();
                setOpen(false);
              }}
            >
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
