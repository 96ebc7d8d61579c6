import { ActionIcon, Badge, Button, Center, Group, Loader, Modal, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useState } from 'react';
import { type SavedView, type SavedViewList, savedViewQueries, type ViewState } from '@/entities/saved-view';
import { ApiError } from '@/shared/api';
import { notify } from '@/shared/ui';
import { bodyOf, moved, useDeleteView, useEditView, useReorderViews, useSetDefaultView } from '../model/use-view-mutations';
import { ConfirmDeleteModal } from './confirm-delete-modal';
import { SaveViewModal } from './save-view-modal';

interface Props {
  list: SavedViewList;
  state: ViewState;
  canShare: boolean;
  onClose: () => void;
}

const errorText = (e: unknown) => (e instanceof ApiError ? e.message : '操作失败，请重试');

/**
 * Every view of a list: my own in my order (drag a row, or Alt+↑/↓ on it, or its 上移/下移
 * buttons), then the team's shared ones; rename, pin, share, default and delete (after asking).
 */
export function ManageViewsModal({ list, state, canShare, onClose }: Props) {
  const views = useQuery(savedViewQueries.list(list));
  const reorder = useReorderViews(list);
  const edit = useEditView(list);
  const remove = useDeleteView(list);
  const setDefault = useSetDefaultView(list);
  const [editing, setEditing] = useState<SavedView | null>(null);
  const [deleting, setDeleting] = useState<SavedView | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const [announce, setAnnounce] = useState('');

  const all = views.data ?? [];
  const mine = all.filter((v) => v.mine);
  const shared = all.filter((v) => !v.mine);

  const move = (from: number, to: number) => {
    if (to < 0 || to >= mine.length || from === to) return;
    const next = moved(mine, from, to);
    setAnnounce(`「${mine[from]!.name}」已移到第 ${to + 1} 位`);
    reorder.mutate(
      next.map((v) => v.view_id),
      { onError: (e) => notify(errorText(e), 'error') },
    );
  };

  const onRowKey = (e: KeyboardEvent, index: number) => {
    if (!e.altKey || e.target !== e.currentTarget) return;
    if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      e.preventDefault();
      const to = index + (e.key === 'ArrowUp' ? -1 : 1);
      move(index, to);
      // Focus follows the moved row.
      requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-view-row="${mine[index]!.view_id}"]`)?.focus());
    }
  };

  const togglePinned = (v: SavedView) =>
    edit.mutate({ id: v.view_id, body: { ...bodyOf(v), pinned: !v.pinned } }, { onError: (e) => notify(errorText(e), 'error') });
  const toggleDefault = (v: SavedView) =>
    setDefault.mutate(v.is_default ? null : v.view_id, {
      onSuccess: () => notify(v.is_default ? '已取消默认视图' : `打开列表时将使用「${v.name}」`, 'success'),
      onError: (e) => notify(errorText(e), 'error'),
    });

  const row = (v: SavedView, index: number | null) => (
    <Paper
      key={v.view_id}
      withBorder
      p="xs"
      radius="sm"
      role="listitem"
      aria-label={v.name}
      data-view-row={v.view_id}
      tabIndex={index === null ? undefined : 0}
      draggable={index !== null}
      onDragStart={index === null ? undefined : (e) => {
        setDragging(index);
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', String(v.view_id));
      }}
      onDragOver={index === null || dragging === null ? undefined : (e) => e.preventDefault()}
      onDrop={
        index === null
          ? undefined
          : (e) => {
              e.preventDefault();
              if (dragging !== null) move(dragging, index);
              setDragging(null);
            }
      }
      onDragEnd={() => setDragging(null)}
      onKeyDown={index === null ? undefined : (e) => onRowKey(e, index)}
      style={{ cursor: index === null ? undefined : 'grab', opacity: dragging === index ? 0.5 : 1 }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          {index !== null ? (
            <Text c="dimmed" aria-hidden size="sm">
              ⋮⋮
            </Text>
          ) : null}
          <Text size="sm" fw={500} truncate>
            {v.name}
          </Text>
          <Badge size="xs" variant="light" color="gray">
            {v.count}
          </Badge>
          {v.is_default ? (
            <Badge size="xs" variant="light">
              默认
            </Badge>
          ) : null}
          {v.shared ? (
            <Badge size="xs" variant="light" color="teal">
              {v.mine ? '已共享' : `${v.owner.name} 共享`}
            </Badge>
          ) : null}
        </Group>
        <Group gap={4} wrap="nowrap">
          {index !== null ? (
            <>
              <Tooltip label="上移">
                <ActionIcon variant="subtle" size="sm" aria-label={`上移 ${v.name}`} disabled={index === 0 || reorder.isPending} onClick={() => move(index, index - 1)}>
                  ↑
                </ActionIcon>
              </Tooltip>
              <Tooltip label="下移">
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label={`下移 ${v.name}`}
                  disabled={index === mine.length - 1 || reorder.isPending}
                  onClick={() => move(index, index + 1)}
                >
                  ↓
                </ActionIcon>
              </Tooltip>
            </>
          ) : null}
          {v.can_edit ? (
            <Button size="compact-xs" variant="subtle" onClick={() => togglePinned(v)} aria-pressed={v.pinned} aria-label={`${v.pinned ? '取消固定' : '固定'} ${v.name}`}>
              {v.pinned ? '取消固定' : '固定'}
            </Button>
          ) : null}
          <Button size="compact-xs" variant="subtle" onClick={() => toggleDefault(v)} aria-label={`${v.is_default ? '取消默认' : '设为默认'} ${v.name}`}>
            {v.is_default ? '取消默认' : '设为默认'}
          </Button>
          {v.can_edit ? (
            <Button size="compact-xs" variant="subtle" onClick={() => setEditing(v)} aria-label={`编辑 ${v.name}`}>
              编辑
            </Button>
          ) : null}
          {v.can_delete ? (
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => setDeleting(v)} aria-label={`删除 ${v.name}`}>
              删除
            </Button>
          ) : null}
        </Group>
      </Group>
    </Paper>
  );

  let body;
  if (views.isPending) {
    body = (
      <Center py="lg">
        <Loader role="status" size="sm" aria-label="加载中" />
      </Center>
    );
  } else if (views.error) {
    body = (
      <Stack align="center" gap="xs" py="lg" role="alert">
        <Text c="red">{errorText(views.error)}</Text>
        <Button size="xs" variant="light" onClick={() => void views.refetch()}>
          重试
        </Button>
      </Stack>
    );
  } else if (!all.length) {
    body = (
      <Text c="dimmed" size="sm" ta="center" py="lg">
        还没有视图。设置好筛选条件后点「保存视图」。
      </Text>
    );
  } else {
    body = (
      <Stack gap="md">
        {mine.length ? (
          <Stack gap={6}>
            <Text size="xs" c="dimmed">
              我的视图（拖动或按 Alt+↑/↓ 调整顺序）
            </Text>
            <Stack gap={6} role="list" aria-label="我的视图">
              {mine.map((v, i) => row(v, i))}
            </Stack>
          </Stack>
        ) : null}
        {shared.length ? (
          <Stack gap={6}>
            <Text size="xs" c="dimmed">
              团队共享的视图
            </Text>
            <Stack gap={6} role="list" aria-label="团队共享的视图">
              {shared.map((v) => row(v, null))}
            </Stack>
          </Stack>
        ) : null}
      </Stack>
    );
  }

  return (
    <>
      <Modal opened={!editing && !deleting} onClose={onClose} title="管理视图" size="lg" centered>
        {body}
        <Text aria-live="polite" size="xs" c="dimmed" mt="xs">
          {announce}
        </Text>
      </Modal>
      {editing ? <SaveViewModal list={list} state={state} canShare={canShare} editing={editing} onClose={() => setEditing(null)} /> : null}
      {deleting ? (
        <ConfirmDeleteModal
          name={deleting.name}
          loading={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.view_id, {
              onSuccess: () => {
                notify(`已删除视图「${deleting.name}」`, 'success');
                setDeleting(null);
              },
              onError: (e) => notify(errorText(e), 'error'),
            })
          }
        />
      ) : null}
    </>
  );
}
