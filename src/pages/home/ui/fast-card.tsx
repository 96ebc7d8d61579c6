import { ActionIcon, Button, Card, Group, Select, SimpleGrid, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { type DragEvent, memo, useState } from 'react';
import type { ShortcutItem, Shortcuts } from '@/entities/workbench';
import { moveItem, useSaveShortcuts } from '@/features/pin-shortcuts';
import { HOME_CARD_HEIGHT, HomeCard } from './home-card';

interface Props {
  fast: Shortcuts | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
}

const MAX_SHORTCUTS = 12;

/** fast: my pinned shortcuts (the menu's top entries until I pin some), reordered by drag or keyboard. */
function FastCardView({ fast, loading, error, onRetry }: Props) {
  const [draft, setDraft] = useState<ShortcutItem[] | null>(null);
  const editing = draft !== null;
  return (
    <HomeCard
      title="快捷入口"
      testId="home-fast"
      height={HOME_CARD_HEIGHT}
      skeletonRows={2}
      loading={loading}
      error={error}
      onRetry={onRetry}
      extra={
        editing ? null : (
          <Button size="xs" variant="subtle" onClick={() => setDraft(fast?.items ?? [])}>
            编辑快捷入口
          </Button>
        )
      }
    >
      {fast && editing ? (
        <ShortcutEditor fast={fast} draft={draft} onChange={setDraft} onDone={() => setDraft(null)} />
      ) : fast ? (
        <ShortcutGrid items={fast.items} />
      ) : null}
    </HomeCard>
  );
}

function ShortcutGrid({ items }: { items: ShortcutItem[] }) {
  const navigate = useNavigate();
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        还没有快捷入口，点击「编辑快捷入口」从菜单中添加
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="xs" role="list" aria-label="快捷入口">
      {items.map((s) => (
        <div role="listitem" key={s.path}>
          <UnstyledButton onClick={() => void navigate({ to: s.path })} w="100%" h="100%">
            <Card withBorder padding="xs" radius="md" h="100%">
              <Group gap="xs" wrap="nowrap">
                <ThemeIcon variant="light" size="md" aria-hidden>
                  {s.title.slice(0, 1)}
                </ThemeIcon>
                <Text size="sm" fw={600} truncate data-shortcut-title>
                  {s.title}
                </Text>
              </Group>
            </Card>
          </UnstyledButton>
        </div>
      ))}
    </SimpleGrid>
  );
}

interface EditorProps {
  fast: Shortcuts;
  draft: ShortcutItem[];
  onChange: (items: ShortcutItem[]) => void;
  onDone: () => void;
}

function ShortcutEditor({ fast, draft, onChange, onDone }: EditorProps) {
  const save = useSaveShortcuts();
  const [dragging, setDragging] = useState<number | null>(null);
  // Going back to the default drops the pinned order: asked once more before it is saved.
  const [confirmReset, setConfirmReset] = useState(false);
  const pinned = new Set(draft.map((d) => d.path));
  const addable = fast.available.filter((a) => !pinned.has(a.path));
  const move = (from: number, to: number) => onChange(moveItem(draft, from, to));

  const onDrop = (e: DragEvent, to: number) => {
    e.preventDefault();
    if (dragging !== null) move(dragging, to);
    setDragging(null);
  };

  return (
    <Stack gap="sm">
      <Text size="xs" c="dimmed">
        拖动或用上移、下移按钮调整顺序，最多{MAX_SHORTCUTS}个
      </Text>
      <Stack gap={4} role="list" aria-label="编辑快捷入口">
        {draft.map((s, i) => (
          <Group
            key={s.path}
            role="listitem"
            draggable
            onDragStart={(e) => {
              setDragging(i);
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', s.path);
            }}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => onDrop(e, i)}
            onDragEnd={() => setDragging(null)}
            justify="space-between"
            wrap="nowrap"
            p={4}
            bd="1px solid var(--mantine-color-default-border)"
            style={{ borderRadius: 'var(--mantine-radius-sm)', cursor: 'grab', opacity: dragging === i ? 0.5 : 1 }}
            data-shortcut={s.path}
          >
            <Group gap="xs" wrap="nowrap" miw={0}>
              <Text aria-hidden c="dimmed">
                ⋮⋮
              </Text>
              <Text size="sm" truncate>
                {s.title}
              </Text>
            </Group>
            <Group gap={2} wrap="nowrap">
              <ActionIcon variant="subtle" aria-label={`上移 ${s.title}`} disabled={i === 0} onClick={() => move(i, i - 1)}>
                ↑
              </ActionIcon>
              <ActionIcon variant="subtle" aria-label={`下移 ${s.title}`} disabled={i === draft.length - 1} onClick={() => move(i, i + 1)}>
                ↓
              </ActionIcon>
              <ActionIcon variant="subtle" color="red" aria-label={`移除 ${s.title}`} onClick={() => onChange(draft.filter((d) => d.path !== s.path))}>
                ✕
              </ActionIcon>
            </Group>
          </Group>
        ))}
      </Stack>
      <Select
        label="添加快捷入口"
        placeholder={draft.length >= MAX_SHORTCUTS ? `最多${MAX_SHORTCUTS}个` : '选择菜单'}
        data={addable.map((a) => ({ value: a.path, label: a.title }))}
        disabled={draft.length >= MAX_SHORTCUTS || addable.length === 0}
        value={null}
        searchable
        onChange={(path) => {
          const item = fast.available.find((a) => a.path === path);
          if (item) onChange([...draft, item]);
        }}
      />
      <Group justify="space-between">
        {confirmReset ? (
          <Group gap={4}>
            <Button variant="light" size="xs" color="red" loading={save.isPending && save.variables?.length === 0} onClick={() => save.mutate([], { onSuccess: onDone })}>
              确认恢复默认
            </Button>
            <Button variant="subtle" size="xs" color="gray" onClick={() => setConfirmReset(false)}>
              不恢复
            </Button>
          </Group>
        ) : (
          <Button variant="subtle" size="xs" color="gray" onClick={() => setConfirmReset(true)}>
            恢复默认
          </Button>
        )}
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={onDone} disabled={save.isPending}>
            取消
          </Button>
          <Button
            size="xs"
            loading={save.isPending && (save.variables?.length ?? 0) > 0}
            disabled={draft.length === 0}
            onClick={() => save.mutate(draft.map((d) => d.path), { onSuccess: onDone })}
          >
            保存
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

/** Memoised: each home answer is a new object (its `generated_at`), while this card's part is often the same one. */
export const FastCard = memo(FastCardView);
