import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CurationInput, templateApi, templateKeys, type ShareExpiry } from '@/entities/template';

/** A lead's curation: publish / unpublish, feature, category, products. */
export function useCurateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['template', 'curate'],
    mutationFn: ({ id, body }: { id: number; body: CurationInput }) => templateApi.curate(id, body),
    onSuccess: (saved) => {
      queryClient.setQueryData([...templateKeys.details(), saved.template_id], saved);
      void queryClient.invalidateQueries({ queryKey: templateKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: templateKeys.facets() });
    },
  });
}

/** The owner deletes their template (its favourites and share links go with it). */
export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['template', 'delete'],
    mutationFn: (id: number) => templateApi.remove(id),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: [...templateKeys.details(), id] });
      void queryClient.invalidateQueries({ queryKey: templateKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: templateKeys.facets() });
    },
  });
}

export function useCreateShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['template', 'share', 'create'],
    mutationFn: ({ id, expiresIn, allowDownload }: { id: number; expiresIn: ShareExpiry; allowDownload: boolean }) =>
      templateApi.createShare(id, { expires_in: expiresIn, allow_download: allowDownload }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: templateKeys.shares() }),
  });
}

export function useRevokeShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['template', 'share', 'revoke'],
    mutationFn: (shareId: number) => templateApi.revokeShare(shareId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: templateKeys.shares() }),
  });
}
