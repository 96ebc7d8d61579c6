import { useMantineColorScheme } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type ColorSchemePreference, preferenceApi, preferenceQueries } from '@/entities/preference';

/**
 * Applies the person's colour scheme kept on the server when the signed-in frame starts (after a
 * sign-in, on a reload, in a browser they have not used before). This browser keeps it too, so a
 * reload paints in it at once; the server's answer wins when the two differ.
 */
export function useColorSchemeSync(): void {
  const { setColorScheme } = useMantineColorScheme();
  const { data } = useQuery(preferenceQueries.detail());
  const stored = data?.color_scheme;
  useEffect(() => {
    if (stored) setColorScheme(stored);
  }, [stored, setColorScheme]);
}

/** PUT /workbench/preferences: the scheme changes at once; a refused save puts the previous one back. */
export function useSetColorScheme() {
  const queryClient = useQueryClient();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const key = preferenceQueries.detail().queryKey;
  return useMutation({
    mutationKey: [...preferenceQueries.all(), 'color-scheme'],
    mutationFn: (scheme: ColorSchemePreference) => preferenceApi.setColorScheme(scheme),
    onMutate: (scheme) => {
      const previous = colorScheme;
      setColorScheme(scheme);
      return { previous };
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
    onError: (_error, _scheme, context) => {
      if (context) setColorScheme(context.previous);
    },
  });
}
