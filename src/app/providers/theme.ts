import { type CSSVariablesResolver, createTheme } from '@mantine/core';

const PAGER_CONTROL_TEXT: Record<string, string> = { first: '第一页', previous: '上一页', next: '下一页', last: '最后一页' };

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 keeps white-on-primary and primary-on-white text above the 4.5:1 contrast ratio; in the
  // dark scheme too (white on blue-6 is ~3.6:1); links there keep Mantine's lighter shade 4.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Segoe UI", Roboto, sans-serif',
  components: {
    // Spec §9: cards have no border by default.
    Card: { defaultProps: { withBorder: false } },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': '关闭通知' } },
      styles: { description: { color: 'var(--app-color-notification-description)' } },
    },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': '关闭' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': '关闭' } } },
    Anchor: { defaultProps: { underline: 'always' } },
    PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': '显示或隐藏密码' } } },
    // The arrows of every pager are named (a disabled one has no text of its own).
    Pagination: { defaultProps: { getControlProps: (control: string) => ({ 'aria-label': PAGER_CONTROL_TEXT[control] ?? control }) } },
  },
});

/**
 * Dimmed text further from the background than Mantine's default in both schemes, so secondary
 * text stays readable (WCAG AA: gray-7 on white ~7:1; dark-1 on dark-7 ~7.6:1, where Mantine's dark-2
 * is ~4.2:1, and on dark-6 cards it would fall lower).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Money in, approvals, passes: teal dark enough on white (teal-9 ~5:1) …
    '--app-color-positive': 'var(--mantine-color-teal-9)',
    '--app-color-notification-description': 'var(--mantine-color-gray-7)',
    // Overdue and other warnings as text: red-8 on white ~4.9:1 …
    '--app-color-danger': 'var(--mantine-color-red-8)',
    // The page behind cards on full-screen pages without the shell (legal pages, onboarding, exams).
    '--app-color-page': 'var(--mantine-color-gray-0)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    // … and light enough on the dark surfaces (teal-4 ~9:1 on dark-7).
    '--app-color-positive': 'var(--mantine-color-teal-4)',
    '--app-color-notification-description': 'var(--mantine-color-dark-1)',
    // … red-4 on dark-6 cards ~5.6:1 (red-8 there is 3:1).
    '--app-color-danger': 'var(--mantine-color-red-4)',
    '--app-color-page': 'var(--mantine-color-dark-8)',
  },
});
