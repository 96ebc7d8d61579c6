import { Button, type ButtonProps, Group, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';

export interface ConfirmButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  /** The button's text. */
  label: string;
  /** The dialog's title. */
  title: string;
  /** What will happen, in a sentence or two. */
  message: ReactNode;
  /** The confirming button's text (确定撤销, 确认发布 …). */
  confirmLabel: string;
  /** `danger` (red, the default) for what removes or revokes; `primary` for the rest. */
  tone?: 'danger' | 'primary';
  loading?: boolean;
  /**
   * The action. When it returns a promise the dialog stays open, the confirming button spinning,
   * until it settles: closed when it succeeds, left open (to try again or cancel) when it fails.
   */
  onConfirm: () => unknown;
}

/** An action that asks first: a button, then a dialog saying what will happen. */
export function ConfirmButton({ label, title, message, confirmLabel, tone = 'danger', loading, onConfirm, ...button }: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const danger = tone === 'danger';
  const confirm = () => {
    const result = onConfirm();
    if (!(result instanceof Promise)) {
      setOpen(false);
      return;
    }
    setWaiting(true);
    result.then(
      () => {
        setWaiting(false);
        setOpen(false);
      },
      () => setWaiting(false),
    );
  };
  return (
    <>
      <Button {...(danger ? { color: 'red', variant: 'light', size: 'xs' } : { size: 'sm' })} {...button} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={title} centered size="sm">
        <Stack>
          {typeof message === 'string' ? <Text size="sm">{message}</Text> : message}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              取消
            </Button>
            <Button color={danger ? 'red' : undefined} loading={loading || waiting} onClick={confirm}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
