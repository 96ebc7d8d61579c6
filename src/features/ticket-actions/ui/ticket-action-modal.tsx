import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DesignerSelect } from '@/entities/team-designer';
import { AssignCandidatesPanel, assignCandidateQueries, type AssignRisk, RISK_TEXT } from '@/entities/ticket';
import { ApiError } from '@/shared/api';
import { ACTION_CONFIG, type ActionErrors, type ConfirmAction, TEXT_MAX, validateAction } from '../model/action-config';
import { useTicketAction } from '../model/use-ticket-action';

interface Props {
  action: ConfirmAction;
  ticket: { ticket_id: number; order_no: string; designer_id?: string | null };
  onClose: () => void;
}

/** The confirmation of one action, with its designer code or reason where the action takes one. */
export function TicketActionModal({ action, ticket, onClose }: Props) {
  const config = ACTION_CONFIG[action];
  const mutation = useTicketAction(action);
  const [designerId, setDesignerId] = useState('');
  const [text, setText] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<ActionErrors>({});
  const serverField = mutation.error instanceof ApiError ? mutation.error.fieldMessage('designer_id') : undefined;
  const serverAmount = mutation.error instanceof ApiError ? mutation.error.fieldMessage('amount_cents') : undefined;
  // Safe assignment: the picked designer's risks must each be ticked (assign and transfer only).
  const [confirmed, setConfirmed] = useState<AssignRisk[]>([]);
  const ticketIds = config.designer ? [ticket.ticket_id] : [];
  const candidates = useQuery(assignCandidateQueries.forTickets(ticketIds));
  const pickedRisks = candidates.data?.designers.find((d) => d.designer_id === designerId)?.risks ?? [];
  const pick = (id: string | null) => {
    setDesignerId(id ?? '');
    setConfirmed([]);
  };

  const submit = () => {
    const found = validateAction(action, { designerId, text, amount });
    const missing = pickedRisks.filter((r) => !confirmed.includes(r));
    if (missing.length && !found.designerId) found.designerId = `请先确认风险：${missing.map((r) => RISK_TEXT[r]).join('、')}`;
    setErrors(found);
    if (Object.keys(found).length) return;
    const confirm = confirmed.filter((r) => pickedRisks.includes(r));
    mutation.mutate({ ticketId: ticket.ticket_id, designerId, text, amount, confirm }, { onSuccess: onClose });
  };

  return (
    <Modal opened onClose={mutation.isPending ? () => {} : onClose} title={config.title} centered size={config.designer ? 'lg' : undefined}>
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
            // Not autofocused: a searchable select opens its list on focus and would cover the buttons.
            <DesignerSelect
              required
              value={designerId || null}
              onChange={pick}
              exclude={action === 'transfer' && ticket.designer_id ? [ticket.designer_id] : []}
              error={errors.designerId ?? serverField}
              comboboxProps={{ withinPortal: true }}
            />
          ) : null}
          {config.designer ? (
            <AssignCandidatesPanel ticketIds={ticketIds} designerId={designerId || null} onPick={pick} confirmed={confirmed} onConfirmedChange={setConfirmed} />
          ) : null}
          {config.amount ? (
            <TextInput
              label={config.amount.label}
              placeholder="例如 20.00"
              inputMode="decimal"
              required
              data-autofocus
              value={amount}
              onChange={(e) => setAmount(e.currentTarget.value)}
              error={errors.amount ?? serverAmount}
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
              data-autofocus={config.designer || config.amount ? undefined : true}
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
