import { type CSSVariablesResolver, createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 keeps white-on-primary and primary-on-white text above the 4.5:1 contrast ratio.
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Segoe UI", Roboto, sans-serif',
  components: {
    // Spec §9: cards have no border by default.
    Card: { defaultProps: { withBorder: false } },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': '关闭通知' } },
      styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': '关闭' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': '关闭' } } },
    Anchor: { defaultProps: { underline: 'always' } },
    PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': '显示或隐藏密码' } } },
  },
});

/** Dimmed text darker than Mantine's default so secondary text stays readable (WCAG AA). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
