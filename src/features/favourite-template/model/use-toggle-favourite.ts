import { useMutation, useQueryClient } from '@tanstack/react-query';
import { templateApi, templateKeys } from '@/entities/template';

/** Stars or unstars a template; the lists (「我的收藏」 among them) and its detail refresh. */
export function useToggleFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['template', 'favourite'],
    mutationFn: ({ templateId, on }: { templateId: number; on: boolean }) => templateApi.setFavourite(templateId, on),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: templateKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: templateKeys.details() });
    },
  });
}
