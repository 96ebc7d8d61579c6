import { Anchor, Badge, Button, Combobox, FileButton, Group, Paper, Stack, Text, Textarea, useCombobox } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type Comment, COMMENT_LIMITS, commentQueries, type CommentPerson, type CommentSubject } from '@/entities/comment';
import { ticketKeys } from '@/entities/ticket';
import { ApiError } from '@/shared/api';
import { formatTime, useNow, usePickedUploads } from '@/shared/lib';
import { DetailStates, notify, PickedFileList } from '@/shared/ui';
import { completeMention, mentionedIn, mentionQueryAt, uploadedCommentFiles } from '../model/composer';
import { useCommentMutations } from '../model/use-comment-mutations';

export interface CommentThreadProps {
  subject: CommentSubject;
  /** The ticket_id or appeal_id. */
  id: number;
  /**
   * Uploads one file (source 'comment') and resolves with its object key; the widget or page passes
   * the upload-file feature's uploadFile. A failure is shown by the uploader itself.
   */
  upload: (file: File, signal: AbortSignal | undefined) => Promise<{ key: string }>;
  /** Shows upload progress (the upload task list). */
  progress?: ReactNode;
}

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : '操作失败，请重试');

/** A text with its `@name` tags of mentioned people highlighted. */
function Body({ comment }: { comment: Comment }) {
  const names = comment.mentions.map((m) => `@${m.name}`);
  if (!names.length) return <>{comment.body}</>;
  const pattern = new RegExp(`(${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`);
  return (
    <>
      {comment.body.split(pattern).map((part, i) =>
        names.includes(part) ? (
          <Text span key={i} c="blue" fw={500}>
            {part}
          </Text>
        ) : (
          part
        ),
      )}
    </>
  );
}

/** The text box with @ suggestions of the thread's people: typing `@` opens them, choosing one writes `@name`. */
function MentionTextarea({
  value,
  onChange,
  people,
  onMention,
  label,
  disabled,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  people: readonly CommentPerson[];
  onMention: (designerId: string) => void;
  label: string;
  disabled?: boolean;
  error?: string;
}) {
  const combobox = useCombobox();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [query, setQuery] = useState<string | null>(null);
  const shown = query === null ? [] : people.filter((p) => p.name.includes(query) || p.designer_id.toLowerCase().includes(query.toLowerCase()));
  const track = (text: string, caret: number) => {
    const q = mentionQueryAt(text, caret);
    setQuery(q);
    if (q !== null) combobox.openDropdown();
    else combobox.closeDropdown();
  };
  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(designerId) => {
        const person = people.find((p) => p.designer_id === designerId);
        const el = ref.current;
        if (!person || !el) return;
        const next = completeMention(value, el.selectionStart, person.name);
        onChange(next.body);
        onMention(person.designer_id);
        setQuery(null);
        combobox.closeDropdown();
        requestAnimationFrame(() => el.setSelectionRange(next.caret, next.caret));
      }}
    >
      <Combobox.Target targetType="input">
        <Textarea
          ref={ref}
          label={label}
          placeholder="输入评论，@ 提及团队成员"
          autosize
          minRows={2}
          maxRows={8}
          maxLength={COMMENT_LIMITS.bodyMax}
          value={value}
          disabled={disabled}
          error={error}
          onChange={(e) => {
            onChange(e.currentTarget.value);
            track(e.currentTarget.value, e.currentTarget.selectionStart);
          }}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!shown.length}>
        <Combobox.Options aria-label="提及成员">
          {shown.map((p) => (
            <Combobox.Option value={p.designer_id} key={p.designer_id}>
              {p.name}
              <Text span size="xs" c="dimmed" ml={6}>
                {p.designer_id}
              </Text>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

/** One comment: author, time, text, files; its author edits it (within 5 minutes) and deletes it. */
function CommentItem({ comment, people, subject, id }: { comment: Comment; people: readonly CommentPerson[]; subject: CommentSubject; id: number }) {
  const { edit, remove } = useCommentMutations(subject, id);
  const [editing, setEditing] = useState<string | null>(null);
  const [picked, setPicked] = useState<string[]>(comment.mentions.map((m) => m.designer_id));
  // The edit button goes when the 5 minutes are up (the server refuses later edits with 409 anyway).
  const now = useNow(10_000);
  const canEdit = comment.editable_until !== null && Date.parse(comment.editable_until) > now;
  const save = () => {
    if (editing === null) return;
    edit.mutate(
      {
        commentId: comment.comment_id,
        body: {
          body: editing,
          attachments: comment.attachments.map(({ name, url, size, content_type }) => ({ name, url, ...(size !== undefined ? { size } : {}), ...(content_type ? { content_type } : {}) })),
          mentions: mentionedIn(editing, people, picked),
        },
      },
      { onSuccess: () => setEditing(null), onError: (e) => notify(errorText(e), 'error') },
    );
  };
  return (
    <Paper component="li" withBorder radius="sm" p="sm" aria-label={`${comment.author_name}的评论`}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap={6}>
          <Text size="sm" fw={600}>
            {comment.author_name}
          </Text>
          <Text size="xs" c="dimmed">
            {formatTime(comment.created_at)}
          </Text>
          {comment.edited_at ? (
            <Badge size="xs" variant="light" color="gray">
              已编辑
            </Badge>
          ) : null}
        </Group>
        {comment.mine && editing === null ? (
          <Group gap={4}>
            {canEdit ? (
              <Button size="compact-xs" variant="subtle" onClick={() => setEditing(comment.body)}>
                编辑
              </Button>
            ) : null}
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              loading={remove.isPending}
              onClick={() => {
                if (window.confirm('确定删除这条评论吗？')) remove.mutate(comment.comment_id, { onError: (e) => notify(errorText(e), 'error') });
              }}
            >
              删除
            </Button>
          </Group>
        ) : null}
      </Group>
      {editing !== null ? (
        <Stack gap="xs" mt="xs">
          <MentionTextarea label="编辑评论" value={editing} onChange={setEditing} people={people} onMention={(d) => setPicked((p) => [...p, d])} disabled={edit.isPending} />
          <Group gap="xs" justify="flex-end">
            <Button size="xs" variant="default" onClick={() => setEditing(null)} disabled={edit.isPending}>
              取消
            </Button>
            <Button size="xs" onClick={save} loading={edit.isPending}>
              保存
            </Button>
          </Group>
        </Stack>
      ) : comment.body ? (
        <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <Body comment={comment} />
        </Text>
      ) : null}
      {comment.attachments.length ? (
        <Group gap="xs" mt={6}>
          {comment.attachments.map((f) => (
            <Anchor key={f.url} href={f.read_url} target="_blank" rel="noopener noreferrer" size="sm">
              {f.name}
            </Anchor>
          ))}
        </Group>
      ) : null}
    </Paper>
  );
}

/**
 * The comment thread of a ticket or an appeal (issue #24): the comments, oldest first, and a
 * composer with @ suggestions and files. Opening it reads it (the row's unread badge drops); a
 * comment of someone else arrives live through the comment messages' refresh rule.
 */
export function CommentThread({ subject, id, upload, progress }: CommentThreadProps) {
  const query = useQuery(commentQueries.thread(subject, id));
  const queryClient = useQueryClient();
  // Reading the thread marked it read on the server: the rows' unread badges follow.
  useEffect(() => {
    if (query.dataUpdatedAt) void queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
  }, [query.dataUpdatedAt, queryClient]);
  const { add } = useCommentMutations(subject, id);
  const [body, setBody] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [error, setError] = useState<string | undefined>();
  const files = usePickedUploads({ max: COMMENT_LIMITS.filesMax, upload, onDropped: () => notify(`最多上传${COMMENT_LIMITS.filesMax}个附件`, 'warning') });
  const { attachments, uploading } = uploadedCommentFiles(files.files);
  const people = query.data?.mentionable ?? [];

  const send = () => {
    const text = body.trim();
    if (!text && !attachments.length) {
      setError('请填写评论内容或添加附件');
      return;
    }
    add.mutate(
      { body: text, attachments, mentions: mentionedIn(text, people, picked) },
      {
        onSuccess: () => {
          setBody('');
          setPicked([]);
          setError(undefined);
          for (const f of files.files) files.remove(f.id);
        },
        onError: (e) => setError(errorText(e)),
      },
    );
  };

  return (
    <Stack gap="sm">
      <DetailStates query={query} skeleton={[60, 60]}>
        {(thread) =>
          thread.items.length ? (
            <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="评论列表">
              {thread.items.map((c) => (
                <CommentItem key={c.comment_id} comment={c} people={thread.mentionable} subject={subject} id={id} />
              ))}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              还没有评论
            </Text>
          )
        }
      </DetailStates>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <Stack gap="xs">
          <MentionTextarea
            label="评论内容"
            value={body}
            onChange={(v) => {
              setBody(v);
              setError(undefined);
            }}
            people={people}
            onMention={(d) => setPicked((p) => [...p, d])}
            disabled={add.isPending}
            error={error}
          />
          <PickedFileList files={files.files} label="评论附件" disabled={add.isPending} onRemove={files.remove} />
          {progress}
          <Group justify="space-between" gap="xs">
            <FileButton onChange={files.pick} multiple>
              {(props) => (
                <Button {...props} size="xs" variant="light" disabled={files.files.length >= COMMENT_LIMITS.filesMax || add.isPending}>
                  添加图片/文件
                </Button>
              )}
            </FileButton>
            <Button type="submit" size="xs" loading={add.isPending} disabled={uploading}>
              {uploading ? '等待上传完成…' : '发送'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
