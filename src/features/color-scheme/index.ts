export { useColorSchemeSync, useSetColorScheme } from './model/use-color-scheme-preference';
export { ColorSchemeToggle } from './ui/color-scheme-toggle';
