import { ActionIcon, Badge, Button, FileButton, Group, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { DRAFT_KIND_TEXT, type DraftKind } from '@/entities/ticket';
import { formatBytes } from '@/shared/lib';
import { notify } from '@/shared/ui';
import { addFiles, type DraftFile, markFailed, markUploaded, MAX_DRAFT_FILES, removeFile, submittable } from '../model/draft-files';
import { useSubmitDraft } from '../model/use-submit-draft';

interface Props {
  ticket: { ticket_id: number; order_no: string };
  kind: DraftKind;
  onClose: () => void;
  /**
   * Uploads one file for a draft (source 'draft') and resolves with its object key; the page
   * passes the upload-file feature's uploadFile. A failure is shown by the uploader itself.
   */
  upload: (file: File, signal: AbortSignal | undefined) => Promise<{ key: string }>;
  /** Shows upload progress (the upload task list). */
  progress?: ReactNode;
}

let sequence = 0;

/**
 * Upload a first or final draft: picked files upload straight away (through `upload`, progress in
 * `progress`); confirming submits their keys with an optional note.
 */
export function SubmitDraftModal({ ticket, kind, onClose, upload, progress }: Props) {
  const what = DRAFT_KIND_TEXT[kind];
  const [files, setFiles] = useState<DraftFile[]>([]);
  const [note, setNote] = useState('');
  const abort = useRef<AbortController | null>(null);
  const submit = useSubmitDraft();
  const { keys, ready, uploading } = submittable(files);

  // Closing the dialog cancels uploads still under way.
  useEffect(() => {
    const controller = new AbortController();
    abort.current = controller;
    return () => controller.abort(new DOMException('上传已取消', 'AbortError'));
  }, []);

  const pick = (picked: File[]) => {
    const entries = picked.map((f) => ({ file: f, entry: { id: `draft-file-${++sequence}`, name: f.name, size: f.size, status: 'uploading' as const } }));
    const { list, dropped } = addFiles(files, entries.map((e) => e.entry));
    if (dropped) notify(`一次最多提交${MAX_DRAFT_FILES}个文件`, 'warning');
    setFiles(list);
    const accepted = new Set(list.map((f) => f.id));
    for (const { file, entry } of entries) {
      if (!accepted.has(entry.id)) continue;
      upload(file, abort.current?.signal).then(
        (uploaded) => setFiles((l) => markUploaded(l, entry.id, uploaded.key)),
        // The upload task list and its toast tell why.
        () => setFiles((l) => markFailed(l, entry.id)),
      );
    }
  };

  return (
    <Modal opened onClose={submit.isPending ? () => {} : onClose} title={`上传${what}`} size="lg" centered>
      <Stack gap="sm">
        <Text size="sm">
          为工单 {ticket.order_no} 上传{what}文件，上传完成后确认提交。提交后{kind === 'first' ? '工单进入初稿阶段' : '工单进入终稿阶段'}，稿件会自动进行缩略图与轮廓检查。
        </Text>
        <Group>
          <FileButton onChange={pick} multiple>
            {(props) => (
              <Button {...props} variant="light" disabled={files.length >= MAX_DRAFT_FILES || submit.isPending}>
                选择文件
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            可多选，最多{MAX_DRAFT_FILES}个
          </Text>
        </Group>
        {files.length ? (
          <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="已选文件">
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
                    <Badge variant="light" color={f.status === 'done' ? 'teal' : f.status === 'error' ? 'red' : 'blue'}>
                      {f.status === 'done' ? '已上传' : f.status === 'error' ? '上传失败' : '上传中'}
                    </Badge>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      aria-label={`移除 ${f.name}`}
                      disabled={f.status === 'uploading' || submit.isPending}
                      onClick={() => setFiles((l) => removeFile(l, f.id))}
                    >
                      ×
                    </ActionIcon>
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
        ) : null}
        {progress}
        <Textarea label="备注" placeholder="选填" autosize minRows={2} maxRows={5} maxLength={500} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={submit.isPending}>
            取消
          </Button>
          <Button
            disabled={!ready}
            loading={submit.isPending}
            onClick={() => submit.mutate({ ticketId: ticket.ticket_id, kind, files: keys, note }, { onSuccess: onClose })}
          >
            {uploading ? '等待上传完成…' : `确认提交${what}`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
