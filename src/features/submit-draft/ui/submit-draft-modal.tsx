import { Button, FileButton, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { DRAFT_KIND_TEXT, type DraftKind } from '@/entities/ticket';
import { type StoredFile, usePickedUploads } from '@/shared/lib';
import { notify, PickedFileList } from '@/shared/ui';
import { MAX_DRAFT_FILES, submittable } from '../model/draft-files';
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
  /** Files already in the store for this draft (a template's files the server copied), listed as uploaded. */
  initialFiles?: readonly StoredDraftFile[];
  /**
   * 「从模板开始」: the page's template picker for this ticket; its `onFiles` adds the copied files
   * to the draft. Without it the button is not shown.
   */
  templatePicker?: (props: { ticketId: number; onFiles: (files: readonly StoredDraftFile[]) => void; onClose: () => void }) => ReactNode;
}

/** A file already in the store, ready to submit as a draft file. */
export interface StoredDraftFile {
  key: string;
  name: string;
  size: number;
  content_type: string;
}

const storedFile = (f: StoredDraftFile): StoredFile => ({ key: f.key, name: f.name, size: f.size, contentType: f.content_type });

/**
 * Upload a first or final draft: picked files upload straight away (through `upload`, progress in
 * `progress`); confirming submits their keys with an optional note.
 */
export function SubmitDraftModal({ ticket, kind, onClose, upload, progress, initialFiles, templatePicker }: Props) {
  const what = DRAFT_KIND_TEXT[kind];
  const picked = usePickedUploads({
    max: MAX_DRAFT_FILES,
    upload,
    onDropped: () => notify(`一次最多提交${MAX_DRAFT_FILES}个文件`, 'warning'),
    initial: initialFiles?.map(storedFile),
  });
  const files = picked.files;
  const [pickingTemplate, setPickingTemplate] = useState(false);
  const addStored = (stored: readonly StoredDraftFile[]) => picked.addStored(stored.map(storedFile));
  const [note, setNote] = useState('');
  const submit = useSubmitDraft();
  // On a phone the dialog takes the whole screen (the file list and the keyboard need the room).
  const narrow = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const { keys, ready, uploading } = submittable(files);

  return (
    <Modal opened onClose={submit.isPending ? () => {} : onClose} title={`上传${what}`} size="lg" centered fullScreen={narrow}>
      <Stack gap="sm">
        <Text size="sm">
          为工单 {ticket.order_no} 上传{what}文件，上传完成后确认提交。提交后{kind === 'first' ? '工单进入初稿阶段' : '工单进入终稿阶段'}，稿件会自动进行缩略图与轮廓检查。
        </Text>
        <Group>
          <FileButton onChange={picked.pick} multiple>
            {(props) => (
              <Button {...props} variant="light" disabled={files.length >= MAX_DRAFT_FILES || submit.isPending}>
                选择文件
              </Button>
            )}
          </FileButton>
          {templatePicker ? (
            <Button variant="default" disabled={files.length >= MAX_DRAFT_FILES || submit.isPending} onClick={() => setPickingTemplate(true)}>
              从模板开始
            </Button>
          ) : null}
          <Text size="xs" c="dimmed">
            可多选，最多{MAX_DRAFT_FILES}个
          </Text>
        </Group>
        <PickedFileList files={files} label="已选文件" disabled={submit.isPending} onRemove={picked.remove} />
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
      {pickingTemplate && templatePicker
        ? templatePicker({
            ticketId: ticket.ticket_id,
            onClose: () => setPickingTemplate(false),
            onFiles: (stored) => {
              addStored(stored);
              setPickingTemplate(false);
            },
          })
        : null}
    </Modal>
  );
}
