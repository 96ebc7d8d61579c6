import * as z from 'zod/mini';

/** The colour schemes a person can keep: `auto` follows the system. */
export const COLOR_SCHEMES = ['auto', 'light', 'dark'] as const;
export type ColorSchemePreference = (typeof COLOR_SCHEMES)[number];

/** GET/PUT /workbench/preferences. */
export const preferencesSchema = z.object({ color_scheme: z.enum(COLOR_SCHEMES) });
export type Preferences = z.infer<typeof preferencesSchema>;
