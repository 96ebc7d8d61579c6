import { Button, FileButton, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { APPEAL_LIMITS, APPEAL_TYPE_TEXT, type AppealType, fileAppealFormSchema, TICKET_APPEAL_TYPES } from '@/entities/appeal';
import { ApiError } from '@/shared/api';
import { formatCents, usePickedUploads, useZodForm, yuanToCents } from '@/shared/lib';
import { notify, PickedFileList } from '@/shared/ui';
import { MAX_ATTACHMENTS, uploadedAttachments } from '../model/attachment-files';
import { useFileAppeal } from '../model/use-file-appeal';

export interface FileAppealModalProps {
  ticket: { ticket_id: number; order_no: string };
  /** Appealing a deduction: its type is fixed by the deduction (after_sales, qc, or draft for a review deduction). */
  deduction?: { deduction_id: number; appeal_type: AppealType; amount_cents: number; reason: string };
  /** Types offered when appealing from a ticket (default: fee, reject, draft, factory reject). */
  types?: readonly AppealType[];
  onClose: () => void;
  /**
   * Uploads one attachment (source 'attachment') and resolves with its object key; the page passes
   * the upload-file feature's uploadFile. A failure is shown by the uploader itself.
   */
  upload: (file: File, signal: AbortSignal | undefined) => Promise<{ key: string }>;
  /** Shows upload progress (the upload task list). */
  progress?: ReactNode;
}

/** Server field names → the form's. */
function formField(field: string): 'type' | 'reason' | 'requested' | 'attachments' | undefined {
  if (field === 'type' || field === 'reason') return field;
  if (field === 'requested_cents') return 'requested';
  if (field.startsWith('attachments')) return 'attachments';
  return undefined;
}

/**
 * File an appeal on a ticket or a deduction: type, reason, a requested amount for a fee appeal and
 * up to ten attachments, each uploaded straight away with progress. The server's 422 field errors
 * show next to their inputs.
 */
export function FileAppealModal({ ticket, deduction, types = TICKET_APPEAL_TYPES, onClose, upload, progress }: FileAppealModalProps) {
  const form = useZodForm(fileAppealFormSchema, { type: deduction?.appeal_type ?? types[0] ?? 'fee', reason: '', requested: '' });
  const [attachmentError, setAttachmentError] = useState<string | undefined>();
  const picked = usePickedUploads({ max: MAX_ATTACHMENTS, upload, onDropped: () => notify(`最多上传${MAX_ATTACHMENTS}个附件`, 'warning') });
  const files = picked.files;
  const mutation = useFileAppeal();
  const { attachments, uploading } = uploadedAttachments(files);
  const type = form.values.type;
  const pick = (chosen: File[]) => {
    setAttachmentError(undefined);
    picked.pick(chosen);
  };

  const submit = () => {
    const values = form.validate();
    if (!values) return;
    if (uploading) {
      setAttachmentError('请等待附件上传完成');
      return;
    }
    mutation.mutate(
      {
        ticket_id: ticket.ticket_id,
        type: values.type,
        ...(deduction ? { deduction_id: deduction.deduction_id } : {}),
        reason: values.reason,
        attachments,
        ...(values.type === 'fee' ? { requested_cents: yuanToCents(values.requested) } : {}),
      },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          const next: Partial<Record<'type' | 'reason' | 'requested', string>> = {};
          for (const f of error.fieldErrors) {
            const field = formField(f.field);
            if (field === 'attachments') setAttachmentError(f.message);
            else if (field && !next[field]) next[field] = f.message;
          }
          form.setErrors(next);
        },
      },
    );
  };

  const title = deduction ? `申诉扣款（${APPEAL_TYPE_TEXT[deduction.appeal_type]}）` : '提交申诉';

  return (
    <Modal opened onClose={mutation.isPending ? () => {} : onClose} title={title} size="lg" centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            工单 {ticket.order_no}
            {deduction ? `，扣款 ${formatCents(deduction.amount_cents)}（${deduction.reason}）` : ''}。提交后由组长审核，结果会通过消息通知你。
          </Text>
          {deduction ? null : (
            <Select
              label="申诉类型"
              required
              allowDeselect={false}
              data={types.map((t) => ({ value: t, label: APPEAL_TYPE_TEXT[t] }))}
              value={type}
              onChange={(v) => v && form.setField('type', v as AppealType)}
              error={form.errors.type}
            />
          )}
          {type === 'fee' ? (
            <TextInput
              label="申请金额（元）"
              description="希望补发的费用，最多两位小数"
              placeholder="例如 20.00"
              required
              inputMode="decimal"
              leftSection="¥"
              value={form.values.requested}
              onChange={(e) => form.setField('requested', e.currentTarget.value)}
              error={form.errors.requested}
            />
          ) : null}
          <Textarea
            label="申诉理由"
            placeholder="请说明申诉的原因和依据"
            required
            data-autofocus
            autosize
            minRows={3}
            maxRows={8}
            maxLength={APPEAL_LIMITS.reasonMax}
            value={form.values.reason}
            onChange={(e) => form.setField('reason', e.currentTarget.value)}
            error={form.errors.reason}
          />
          <Stack gap={4}>
            <Group gap="sm">
              <FileButton onChange={pick} multiple>
                {(props) => (
                  <Button {...props} variant="light" size="xs" disabled={files.length >= MAX_ATTACHMENTS || mutation.isPending}>
                    添加附件
                  </Button>
                )}
              </FileButton>
              <Text size="xs" c="dimmed">
                选填，截图或文件，最多{MAX_ATTACHMENTS}个
              </Text>
            </Group>
            {attachmentError ? (
              <Text size="xs" c="red" role="alert">
                {attachmentError}
              </Text>
            ) : null}
          </Stack>
          <PickedFileList files={files} label="申诉附件" disabled={mutation.isPending} onRemove={picked.remove} />
          {progress}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              取消
            </Button>
            <Button type="submit" loading={mutation.isPending} disabled={uploading}>
              {uploading ? '等待上传完成…' : '提交申诉'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
