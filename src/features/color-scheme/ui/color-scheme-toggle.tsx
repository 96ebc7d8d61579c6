import { ActionIcon, Menu, Tooltip, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import type { ReactElement } from 'react';
import type { ColorSchemePreference } from '@/entities/preference';
import { useSetColorScheme } from '../model/use-color-scheme-preference';

const OPTIONS: { value: ColorSchemePreference; label: string }[] = [
  { value: 'auto', label: '跟随系统' },
  { value: 'light', label: '浅色' },
  { value: 'dark', label: '深色' },
];

const SHOWN_TEXT = { light: '浅色', dark: '深色' } as const;

/** The top bar's colour scheme switch: follow the system, light or dark, kept for the person. */
export function ColorSchemeToggle(): ReactElement {
  const { colorScheme } = useMantineColorScheme();
  const shown = useComputedColorScheme('light');
  const save = useSetColorScheme();
  const current = OPTIONS.find((o) => o.value === colorScheme) ?? OPTIONS[0]!;
  const label = `配色：${current.label}${colorScheme === 'auto' ? `（当前${SHOWN_TEXT[shown]}）` : ''}`;

  return (
    <Menu position="bottom-end" width={150} withinPortal>
      <Menu.Target>
        <Tooltip label={label}>
          <ActionIcon variant="subtle" size="lg" aria-label={label} data-testid="color-scheme-toggle" data-scheme={shown}>
            {shown === 'dark' ? <MoonIcon /> : <SunIcon />}
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>配色</Menu.Label>
        {OPTIONS.map((o) => (
          <Menu.Item
            key={o.value}
            aria-current={o.value === colorScheme ? 'true' : undefined}
            leftSection={<CheckMark visible={o.value === colorScheme} />}
            onClick={() => {
              if (o.value !== colorScheme) save.mutate(o.value);
            }}
          >
            {o.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function CheckMark({ visible }: { visible: boolean }) {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" aria-hidden style={{ visibility: visible ? 'visible' : 'hidden' }}>
      <path d="M20 6 9 17l-5-5" />
    </svg>
  );
}

function SunIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.93 4.93l1.41 1.41M17.66 17.66l1.41 1.41M2 12h2M20 12h2M6.34 17.66l-1.41 1.41M19.07 4.93l-1.41 1.41" />
    </svg>
  );
}

function MoonIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <path d="M12 3a6 6 0 0 0 9 9 9 9 0 1 1-9-9Z" />
    </svg>
  );
}
