import { localStorageColorSchemeManager } from '@mantine/core';

/**
 * Where this browser keeps the colour scheme (`auto`, `light` or `dark`). index.html's first-paint
 * script reads the same key to paint the boot frame in the right scheme before any module loads
 * (color-scheme.test.ts holds the two together). The person's choice is kept on the server too
 * (`/workbench/preferences`) and written here when the app starts for them.
 */
export const COLOR_SCHEME_STORAGE_KEY = 'color-scheme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });
