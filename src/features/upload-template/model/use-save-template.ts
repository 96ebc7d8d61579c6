import { useMutation, useQueryClient } from '@tanstack/react-query';
import { templateApi, templateKeys, type TemplateInput } from '@/entities/template';

/** Uploads a new template (`id` absent) or saves the owner's edit; the lists, facets and detail refresh. */
export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['template', 'save'],
    mutationFn: ({ id, body }: { id?: number; body: TemplateInput }) => (id ? templateApi.edit(id, body) : templateApi.create(body)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: templateKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: templateKeys.facets() });
      void queryClient.invalidateQueries({ queryKey: templateKeys.details() });
    },
  });
}
