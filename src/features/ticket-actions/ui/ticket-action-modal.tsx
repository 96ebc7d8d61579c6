import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '@/shared/api';
import { ACTION_CONFIG, type ActionErrors, type ConfirmAction, TEXT_MAX, validateAction } from '../model/action-config';
import { useTicketAction } from '../model/use-ticket-action';

interface Props {
  action: ConfirmAction;
  ticket: { ticket_id: number; order_no: string };
  onClose: () => void;
}

/** The confirmation of one action, with its designer code or reason where the action takes one. */
export function TicketActionModal({ action, ticket, onClose }: Props) {
  const config = ACTION_CONFIG[action];
  const mutation = useTicketAction(action);
  const [designerId, setDesignerId] = useState('');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<ActionErrors>({});
  const serverField = mutation.error instanceof ApiError ? mutation.error.fieldMessage('designer_id') : undefined;

  const submit = () => {
    const found = validateAction(action, { designerId, text });
    setErrors(found);
    if (Object.keys(found).length) return;
    mutation.mutate({ ticketId: ticket.ticket_id, designerId, text }, { onSuccess: onClose });
  };

  return (
    <Modal opened onClose={mutation.isPending ? () => {} : onClose} title={config.title} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{config.confirm(ticket.order_no)}</Text>
          {config.designer ? (
            <TextInput
              label="设计师编号"
              description="暂无团队成员列表接口，请输入团队中设计师的编号（格式 D000000，可在个人中心查看）"
              placeholder="D000002"
              required
              data-autofocus
              value={designerId}
              onChange={(e) => setDesignerId(e.currentTarget.value)}
              error={errors.designerId ?? serverField}
            />
          ) : null}
          {config.text ? (
            <Textarea
              label={config.text.label}
              placeholder={config.text.placeholder}
              required={config.text.required}
              autosize
              minRows={2}
              maxRows={6}
              maxLength={TEXT_MAX}
              data-autofocus={config.designer ? undefined : true}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              error={errors.text}
            />
          ) : null}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              取消
            </Button>
            <Button type="submit" color={config.danger ? 'red' : undefined} loading={mutation.isPending}>
              {config.confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
