import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { type SavedView, type SavedViewList, VIEW_NAME_MAX, type ViewState } from '@/entities/saved-view';
import { ApiError } from '@/shared/api';
import { notify } from '@/shared/ui';
import { bodyOf, useCreateView, useEditView, useSetDefaultView } from '../model/use-view-mutations';
import { viewNameError } from '../model/view-name';

interface Props {
  list: SavedViewList;
  /** What the list shows now: what a new view holds (or an edited one, when asked to). */
  state: ViewState;
  /** Team leads may share a view with their team. */
  canShare: boolean;
  /** Editing this view (rename, share, pin, default) instead of saving a new one. */
  editing?: SavedView;
  onClose: () => void;
  onSaved?: (view: SavedView) => void;
}

/** Saves the list's current filters, sort and columns as a named view, or edits a view. */
export function SaveViewModal({ list, state, canShare, editing, onClose, onSaved }: Props) {
  const [name, setName] = useState(editing?.name ?? '');
  const [pinned, setPinned] = useState(editing?.pinned ?? true);
  const [shared, setShared] = useState(editing?.shared ?? false);
  const [isDefault, setIsDefault] = useState(editing?.is_default ?? false);
  const [overwrite, setOverwrite] = useState(false);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<ApiError | null>(null);
  const create = useCreateView(list);
  const edit = useEditView(list);
  const setDefault = useSetDefaultView(list);
  const busy = create.isPending || edit.isPending || setDefault.isPending;
  const nameError = touched ? viewNameError(name) : undefined;

  const submit = async () => {
    setTouched(true);
    if (viewNameError(name)) return;
    setServerError(null);
    const held = editing && !overwrite ? { filters: editing.filters, sort: editing.sort, columns: editing.columns } : state;
    const body = { ...(editing ? bodyOf(editing) : {}), ...held, name: name.trim(), pinned, shared: canShare && shared };
    try {
      const view = editing ? await edit.mutateAsync({ id: editing.view_id, body }) : await create.mutateAsync(body);
      if (isDefault !== (editing?.is_default ?? false)) await setDefault.mutateAsync(isDefault ? view.view_id : null);
      notify(editing ? '视图已保存' : `已保存视图「${view.name}」`, 'success');
      onSaved?.(view);
      onClose();
    } catch (error) {
      if (error instanceof ApiError) setServerError(error);
      else notify('保存失败，请重试', 'error');
    }
  };

  const fieldError = serverError?.fieldMessage('name');
  const otherError = serverError && !fieldError ? serverError.message : undefined;

  return (
    <Modal opened onClose={onClose} title={editing ? '编辑视图' : '保存为视图'} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          {editing ? null : (
            <Text size="sm" c="dimmed">
              保存当前的筛选条件、排序和显示的列，下次一键切换。
            </Text>
          )}
          <TextInput
            label="视图名称"
            required
            data-autofocus
            maxLength={VIEW_NAME_MAX + 10}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={nameError ?? fieldError}
          />
          <Checkbox label="固定为列表上方的标签" checked={pinned} onChange={(e) => setPinned(e.currentTarget.checked)} />
          {canShare ? (
            <Checkbox
              label="与团队共享"
              description="团队成员都能看到并使用这个视图"
              checked={shared}
              onChange={(e) => setShared(e.currentTarget.checked)}
            />
          ) : null}
          <Checkbox label="设为默认视图（打开列表时自动使用）" checked={isDefault} onChange={(e) => setIsDefault(e.currentTarget.checked)} />
          {editing ? (
            <Checkbox label="用当前的筛选条件、排序和列替换视图内容" checked={overwrite} onChange={(e) => setOverwrite(e.currentTarget.checked)} />
          ) : null}
          {otherError ? (
            <Text size="sm" c="red" role="alert">
              {otherError}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={busy}>
              取消
            </Button>
            <Button type="submit" loading={busy}>
              保存
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
