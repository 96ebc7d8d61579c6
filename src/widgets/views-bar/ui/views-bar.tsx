import { Badge, Button, Group, Menu, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { pinnedViews, type SavedView, type SavedViewList, savedViewQueries, viewMatches, type ViewSort, type ViewState } from '@/entities/saved-view';
import { ManageViewsModal, SaveViewModal } from '@/features/save-view';
import { useDefaultView } from '../model/use-default-view';

export interface ViewsBarProps {
  list: SavedViewList;
  /** What the list shows now. */
  state: ViewState;
  /** The list's own sort, which a view without one uses. */
  defaultSort?: ViewSort;
  /** Whether the URL holds any filter (then the default view is not applied). */
  hasFilters: boolean;
  /** Whether the list is the page shown now (the default view applies when it opens). */
  active: boolean;
  /** Team leads may share views. */
  canShare: boolean;
  /** Shows a view (null: 「全部」, no filters); `replace` when the default view is applied on opening. */
  onApply: (view: SavedView | null, replace?: boolean) => void;
}

const countText = (n: number) => (n > 9999 ? '9999+' : String(n));

/**
 * The views above a list: 「全部」 and the pinned views as tabs, each with its live count; every
 * view in a menu; save the current filters as a view; manage (rename, reorder, default, delete).
 */
export function ViewsBar({ list, state, defaultSort = null, hasFilters, active, canShare, onApply }: ViewsBarProps) {
  const views = useQuery(savedViewQueries.list(list));
  const [saving, setSaving] = useState(false);
  const [managing, setManaging] = useState(false);
  useDefaultView(views.data, active, hasFilters, (v) => onApply(v, true));

  const all = views.data ?? [];
  const current = all.find((v) => viewMatches(v, state, defaultSort));
  const tabs = pinnedViews(all);
  // A view shown from the menu that is not pinned gets a tab while it is shown.
  if (current && !current.pinned) tabs.push(current);
  const allActive = !current && !hasFilters;

  return (
    <Group justify="space-between" wrap="wrap" gap="xs" data-views-bar={list}>
      <Group gap={4} wrap="wrap" role="toolbar" aria-label="视图" style={{ flex: 1, minWidth: 0 }}>
        <Button size="xs" variant={allActive ? 'light' : 'subtle'} color={allActive ? undefined : 'gray'} aria-pressed={allActive} onClick={() => onApply(null)}>
          全部
        </Button>
        {views.isPending ? <Skeleton h={26} w={120} radius="sm" aria-hidden /> : null}
        {tabs.map((v) => {
          const on = current?.view_id === v.view_id;
          return (
            <Button
              key={v.view_id}
              size="xs"
              variant={on ? 'light' : 'subtle'}
              color={on ? undefined : 'gray'}
              aria-pressed={on}
              data-view-tab={v.view_id}
              title={v.shared && !v.mine ? `${v.owner.name} 共享的视图` : undefined}
              rightSection={
                <Badge size="sm" variant={on ? 'filled' : 'light'} color={on ? undefined : 'gray'} data-view-count>
                  {countText(v.count)}
                </Badge>
              }
              onClick={() => onApply(v)}
            >
              {v.name}
            </Button>
          );
        })}
        {views.error ? (
          <Text size="xs" c="red">
            视图加载失败
          </Text>
        ) : null}
      </Group>
      <Group gap={4}>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button size="xs" variant="default" disabled={!views.data}>
              全部视图
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {all.length ? (
              all.map((v) => (
                <Menu.Item key={v.view_id} onClick={() => onApply(v)} rightSection={<Text size="xs" c="dimmed">{countText(v.count)}</Text>}>
                  {v.name}
                  {v.shared && !v.mine ? `（${v.owner.name}）` : ''}
                </Menu.Item>
              ))
            ) : (
              <Menu.Label>还没有视图</Menu.Label>
            )}
            <Menu.Divider />
            <Menu.Item onClick={() => setManaging(true)}>管理视图…</Menu.Item>
          </Menu.Dropdown>
        </Menu>
        <Button size="xs" variant="default" onClick={() => setSaving(true)}>
          保存视图
        </Button>
      </Group>
      {saving ? <SaveViewModal list={list} state={state} canShare={canShare} onClose={() => setSaving(false)} onSaved={(v) => onApply(v)} /> : null}
      {managing ? <ManageViewsModal list={list} state={state} canShare={canShare} onClose={() => setManaging(false)} /> : null}
    </Group>
  );
}
