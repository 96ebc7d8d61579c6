import { Button, Group, Modal, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { APPEAL_LIMITS, APPEAL_TYPE_TEXT, type Appeal, reviewAppealFormSchema } from '@/entities/appeal';
import { ApiError } from '@/shared/api';
import { centsToYuanText, formatCents, useZodForm, yuanToCents } from '@/shared/lib';
import { useReviewAppeal } from '../model/use-review-appeal';

export interface ReviewAppealModalProps {
  appeal: Pick<Appeal, 'appeal_id' | 'type' | 'order_no' | 'designer_name' | 'reason' | 'requested_cents'>;
  decision: 'approve' | 'reject';
  onClose: () => void;
}

/**
 * The confirmation of a lead's decision on an appeal: a note (required to reject) and, approving a
 * fee appeal, the amount granted (up to the amount asked for, that by default).
 */
export function ReviewAppealModal({ appeal, decision, onClose }: ReviewAppealModalProps) {
  const isFee = appeal.type === 'fee';
  const schema = useMemo(() => reviewAppealFormSchema(decision, isFee ? appeal.requested_cents : null), [decision, isFee, appeal.requested_cents]);
  const form = useZodForm(schema, { note: '', approved: isFee ? centsToYuanText(appeal.requested_cents) : '' });
  const mutation = useReviewAppeal();
  const approve = decision === 'approve';

  const submit = () => {
    const values = form.validate();
    if (!values) return;
    mutation.mutate(
      {
        appealId: appeal.appeal_id,
        body: {
          decision,
          note: values.note,
          ...(approve && isFee ? { approved_cents: yuanToCents(values.approved) } : {}),
        },
      },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          const next: Partial<Record<'note' | 'approved', string>> = {};
          for (const f of error.fieldErrors) {
            const field = f.field === 'approved_cents' ? 'approved' : f.field === 'note' ? 'note' : undefined;
            if (field && !next[field]) next[field] = f.message;
          }
          form.setErrors(next);
        },
      },
    );
  };

  return (
    <Modal opened onClose={mutation.isPending ? () => {} : onClose} title={approve ? '通过申诉' : '驳回申诉'} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
            <Text size="sm">
              <Text span c="dimmed" size="sm">
                类型：
              </Text>
              {APPEAL_TYPE_TEXT[appeal.type]}
            </Text>
            <Text size="sm">
              <Text span c="dimmed" size="sm">
                设计师：
              </Text>
              {appeal.designer_name}
            </Text>
            <Text size="sm">
              <Text span c="dimmed" size="sm">
                工单：
              </Text>
              {appeal.order_no}
            </Text>
            {isFee ? (
              <Text size="sm">
                <Text span c="dimmed" size="sm">
                  申请金额：
                </Text>
                {formatCents(appeal.requested_cents)}
              </Text>
            ) : null}
          </SimpleGrid>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} lineClamp={4}>
            <Text span c="dimmed" size="sm">
              理由：
            </Text>
            {appeal.reason}
          </Text>
          {approve && isFee ? (
            <TextInput
              label="通过金额（元）"
              description={`不超过申请金额 ${formatCents(appeal.requested_cents)}，将作为调整计入设计师的结算`}
              required
              inputMode="decimal"
              leftSection="¥"
              value={form.values.approved}
              onChange={(e) => form.setField('approved', e.currentTarget.value)}
              error={form.errors.approved}
            />
          ) : null}
          <Textarea
            label="审核意见"
            placeholder={approve ? '选填' : '请说明驳回原因'}
            required={!approve}
            data-autofocus
            autosize
            minRows={2}
            maxRows={6}
            maxLength={APPEAL_LIMITS.noteMax}
            value={form.values.note}
            onChange={(e) => form.setField('note', e.currentTarget.value)}
            error={form.errors.note}
          />
          <Text size="xs" c="dimmed">
            {approve ? '确认后申诉通过，结果将通知设计师，且不可撤销。' : '确认后申诉被驳回，结果将通知设计师，且不可撤销。'}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              取消
            </Button>
            <Button type="submit" color={approve ? 'var(--app-color-positive)' : 'red'} loading={mutation.isPending}>
              {approve ? '确认通过' : '确认驳回'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
