import { ActionIcon, Button, CloseButton, Group, Menu, ScrollArea } from '@mantine/core';
import type { Tab } from '../model/tabs';

interface Props {
  tabs: Tab[];
  activePath: string;
  onSelect: (tab: Tab) => void;
  onClose: (tab: Tab) => void;
  onCloseOthers: () => void;
  onCloseAll: () => void;
}

/** The open pages of this session as tabs; affixed tabs (home) cannot be closed. */
export function TagsView({ tabs, activePath, onSelect, onClose, onCloseOthers, onCloseAll }: Props) {
  return (
    <Group gap={0} wrap="nowrap" px="xs" h={40} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <ScrollArea type="never" style={{ flex: 1 }}>
        <Group gap={6} wrap="nowrap" role="tablist" aria-label="已打开的页面">
          {tabs.map((tab) => {
            const active = tab.path === activePath;
            return (
              <Group
                key={tab.path}
                role="presentation"
                gap={2}
                wrap="nowrap"
                pl={10}
                pr={tab.affix ? 10 : 4}
                h={28}
                style={{
                  borderRadius: 6,
                  border: '1px solid var(--mantine-color-gray-3)',
                  background: active ? 'var(--mantine-color-blue-filled)' : 'var(--mantine-color-body)',
                }}
              >
                <Button
                  role="tab"
                  aria-selected={active}
                  variant="transparent"
                  size="compact-sm"
                  px={0}
                  c={active ? 'white' : 'dark'}
                  title={tab.affix ? undefined : '按 Delete 关闭此标签'}
                  onClick={() => onSelect(tab)}
                  onKeyDown={(e) => {
                    if ((e.key === 'Delete' || e.key === 'Backspace') && !tab.affix) onClose(tab);
                  }}
                  onAuxClick={(e) => {
                    if (e.button === 1 && !tab.affix) onClose(tab);
                  }}
                >
                  {tab.title}
                </Button>
                {tab.affix ? null : (
                  // Inside a tablist only tabs may be focusable; keyboard users close a tab with Delete.
                  <CloseButton
                    size="xs"
                    c={active ? 'white' : undefined}
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
      </ScrollArea>
      <Menu position="bottom-end">
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label="标签操作" ml="xs">
            ⋯
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={onCloseOthers}>关闭其他</Menu.Item>
          <Menu.Item onClick={onCloseAll}>关闭全部</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
