import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { APPEAL_LIMITS } from '@/entities/appeal';
import { ApiError } from '@/shared/api';
import { APPLICATION_TEXT, type ApplicationKind, useReviewApplication } from '../model/use-review-application';

interface Props {
  kind: ApplicationKind;
  ticket: { ticket_id: number; order_no: string };
}

const CONSEQUENCE: Record<ApplicationKind, Record<'approve' | 'reject', string>> = {
  finalReview: { approve: '通过后终稿审核完成。', reject: '驳回后设计师可修改后重新申请。' },
  factoryReject: { approve: '同意后工单变为“工厂驳回”。', reject: '驳回后工单状态不变，设计师可在申诉期内提出申诉。' },
};

/** A lead's decision on a pending application of the ticket's designer: 通过 / 驳回, each confirmed with a note. */
export function ReviewApplicationButtons({ kind, ticket }: Props) {
  const [decision, setDecision] = useState<'approve' | 'reject' | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const mutation = useReviewApplication(kind);
  const what = APPLICATION_TEXT[kind];
  const close = () => {
    setDecision(null);
    setNote('');
    setError(undefined);
  };
  const submit = () => {
    if (!decision) return;
    if (decision === 'reject' && !note.trim()) {
      setError('驳回时请填写审核意见');
      return;
    }
    mutation.mutate(
      { ticketId: ticket.ticket_id, decision, note: note.trim() },
      { onSuccess: close, onError: (e) => setError(e instanceof ApiError ? e.fieldMessage('note') : undefined) },
    );
  };
  return (
    <>
      <Group gap={6} wrap="nowrap" role="group" aria-label={`审核${what}`}>
        <Text size="xs" c="dimmed">
          待审核的{what}：
        </Text>
        <Button size="xs" color="teal.9" variant="filled" onClick={() => setDecision('approve')}>
          通过{what}
        </Button>
        <Button size="xs" color="red" variant="outline" onClick={() => setDecision('reject')}>
          驳回{what}
        </Button>
      </Group>
      {decision ? (
        <Modal opened onClose={mutation.isPending ? () => {} : close} title={`${decision === 'approve' ? '通过' : '驳回'}${what}`} centered>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <Stack gap="sm">
              <Text size="sm">
                工单 {ticket.order_no}。{CONSEQUENCE[kind][decision]}
              </Text>
              <Textarea
                label="审核意见"
                placeholder={decision === 'approve' ? '选填' : '请说明驳回原因'}
                required={decision === 'reject'}
                data-autofocus
                autosize
                minRows={2}
                maxLength={APPEAL_LIMITS.noteMax}
                value={note}
                onChange={(e) => {
                  setNote(e.currentTarget.value);
                  setError(undefined);
                }}
                error={error}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={close} disabled={mutation.isPending}>
                  取消
                </Button>
                <Button type="submit" color={decision === 'approve' ? 'var(--app-color-positive)' : 'red'} loading={mutation.isPending}>
                  {decision === 'approve' ? '确认通过' : '确认驳回'}
                </Button>
              </Group>
            </Stack>
          </form>
        </Modal>
      ) : null}
    </>
  );
}
