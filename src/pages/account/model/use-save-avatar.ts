import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Profile, userApi, userQueries } from '@/entities/user';
import { uploadFile } from '@/features/upload-file';
import { notify } from '@/shared/ui';

/**
 * Uploads the cropped avatar (signature flow, source user) and stores its URL with
 * PUT /user/basic-info, which takes the profile's basic fields along; the answered profile
 * replaces the cached one, so the header avatar follows.
 */
export function useSaveAvatar(profile: Profile) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...userQueries.all(), 'avatar'],
    mutationFn: async (file: File) => {
      const uploaded = await uploadFile(file, 'user');
      return userApi.updateBasicInfo({
        real_name: profile.real_name,
        gender: profile.gender,
        city: profile.city,
        email: profile.email,
        wechat: profile.wechat,
        company_wechat: profile.company_wechat,
        avatar: uploaded.url,
      });
    },
    onSuccess: (next) => {
      queryClient.setQueryData(userQueries.profile().queryKey, next);
      notify('头像已更新', 'success');
    },
  });
}
