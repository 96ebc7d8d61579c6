import { queryOptions } from '@tanstack/react-query';
import { http } from '@/shared/api';
import { type ColorSchemePreference, preferencesSchema } from '../model/preference.schema';

/** A person's workbench preferences, kept on the server (they follow the person across browsers). */
export const preferenceQueries = {
  all: () => ['preference'] as const,
  detail: () =>
    queryOptions({
      queryKey: [...preferenceQueries.all(), 'detail'] as const,
      queryFn: ({ signal }) => http.get('workbench/preferences', preferencesSchema, { signal }),
      staleTime: 5 * 60_000,
    }),
};

export const preferenceApi = {
  setColorScheme: (color_scheme: ColorSchemePreference) =>
    http.put('workbench/preferences', preferencesSchema, { json: { color_scheme } }),
};
