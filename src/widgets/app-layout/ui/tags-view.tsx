import { ActionIcon, Button, CloseButton, Group, Menu, VisuallyHidden } from '@mantine/core';
import { ScrollBox } from '@/shared/ui';
import type { Tab } from '../model/tabs';

interface Props {
  tabs: Tab[];
  activePath: string;
  onSelect: (tab: Tab) => void;
  onClose: (tab: Tab) => void;
  onCloseOthers: () => void;
  onCloseAll: () => void;
  onTogglePin: (tab: Tab) => void;
}

/**
 * The open pages of this session as tabs (at most MAX_TABS: the least recently visited unpinned
 * one closes to make room). Affixed tabs (home) and pinned ones cannot be closed; a tab is pinned
 * from the ⋯ menu.
 */
export function TagsView({ tabs, activePath, onSelect, onClose, onCloseOthers, onCloseAll, onTogglePin }: Props) {
  const active = tabs.find((t) => t.path === activePath);
  const closable = (tab: Tab) => !tab.affix && !tab.pinned;
  return (
    <Group gap={0} wrap="nowrap" px="xs" h={40} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <ScrollBox mode="x-hidden" style={{ flex: 1 }}>
        <Group gap={6} wrap="nowrap" role="tablist" aria-label="已打开的页面">
          {tabs.map((tab) => {
            const selected = tab.path === activePath;
            return (
              <Group
                key={tab.path}
                role="presentation"
                gap={2}
                wrap="nowrap"
                pl={10}
                pr={closable(tab) ? 4 : 10}
                h={28}
                style={{
                  borderRadius: 6,
                  border: '1px solid var(--mantine-color-default-border)',
                  background: selected ? 'var(--mantine-color-blue-filled)' : 'var(--mantine-color-body)',
                }}
              >
                <Button
                  role="tab"
                  aria-selected={selected}
                  variant="transparent"
                  size="compact-sm"
                  px={0}
                  c={selected ? 'white' : 'var(--mantine-color-text)'}
                  title={closable(tab) ? '按 Delete 关闭此标签' : undefined}
                  data-pinned={tab.pinned ? 'true' : undefined}
                  onClick={() => onSelect(tab)}
                  onKeyDown={(e) => {
                    if ((e.key === 'Delete' || e.key === 'Backspace') && closable(tab)) onClose(tab);
                  }}
                  onAuxClick={(e) => {
                    if (e.button === 1 && closable(tab)) onClose(tab);
                  }}
                >
                  {tab.pinned ? <PinIcon /> : null}
                  {tab.title}
                  {tab.pinned ? <VisuallyHidden>（已固定）</VisuallyHidden> : null}
                </Button>
                {!closable(tab) ? null : (
                  // Inside a tablist only tabs may be focusable; keyboard users close a tab with Delete.
                  <CloseButton
                    size="xs"
                    c={selected ? 'white' : undefined}
                    aria-hidden
                    tabIndex={-1}
                    data-testid={`close-tab-${tab.path}`}
                    onClick={() => onClose(tab)}
                  />
                )}
              </Group>
            );
          })}
        </Group>
      </ScrollBox>
      <Menu position="bottom-end">
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label="标签操作" ml="xs">
            ⋯
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {active && !active.affix ? (
            <Menu.Item onClick={() => onTogglePin(active)}>{active.pinned ? '取消固定当前标签' : '固定当前标签'}</Menu.Item>
          ) : null}
          <Menu.Item onClick={onCloseOthers}>关闭其他</Menu.Item>
          <Menu.Item onClick={onCloseAll}>关闭全部</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

function PinIcon() {
  return (
    <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden style={{ marginRight: 4 }}>
      <path d="M9 4h6l-1 6 3 3v2H7v-2l3-3-1-6z" />
      <path d="M12 15v5" />
    </svg>
  );
}
