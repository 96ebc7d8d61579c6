import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { PLAN_REQUEST_KIND_TEXT, type PlanRequest, type PlanReviewDecision, REASON_MAX } from '@/entities/order-plan';
import { ApiError } from '@/shared/api';
import { shortDay, weekdayText } from '@/shared/lib';
import { REVIEW_TEXT, reviewFormSchema, useReviewPlanRequest } from '../model/review-plan-request';

interface Props {
  request: PlanRequest;
  decision: PlanReviewDecision;
  onClose: () => void;
}

/** The confirmation of approving or rejecting one plan change request, with a note. */
export function ReviewPlanRequestModal({ request, decision, onClose }: Props) {
  const mutation = useReviewPlanRequest();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const text = REVIEW_TEXT[decision];
  const serverField = mutation.error instanceof ApiError ? mutation.error.fieldMessage('note') : undefined;
  const changes = request.changes.map((c) => `${shortDay(c.day)}（${weekdayText(c.day)}）${c.capacity} 单`).join('、');

  const submit = () => {
    const parsed = reviewFormSchema.safeParse({ decision, note });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    mutation.mutate({ requestId: request.request_id, decision, note: parsed.data.note }, { onSuccess: onClose });
  };

  return (
    <Modal opened onClose={mutation.isPending ? () => {} : onClose} title={text.title} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            {decision === 'approve'
              ? `通过 ${request.designer_name} 的${PLAN_REQUEST_KIND_TEXT[request.kind]}申请后，计划将改为：${changes}。设计师会收到通知。`
              : `驳回 ${request.designer_name} 的${PLAN_REQUEST_KIND_TEXT[request.kind]}申请（${changes}），计划保持不变，设计师会收到通知。`}
          </Text>
          <Text size="sm" c="dimmed">
            申请原因：{request.reason}
          </Text>
          <Textarea
            label={decision === 'approve' ? '审核意见' : '驳回原因'}
            placeholder={decision === 'approve' ? '选填' : '请填写驳回原因'}
            required={decision === 'reject'}
            data-autofocus
            autosize
            minRows={2}
            maxRows={5}
            maxLength={REASON_MAX}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            error={error ?? serverField}
          />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              取消
            </Button>
            <Button type="submit" color={decision === 'reject' ? 'red' : undefined} loading={mutation.isPending}>
              {text.confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
