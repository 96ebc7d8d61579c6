import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userApi, userQueries } from '@/entities/user';
import { notify } from '@/shared/ui';

export interface BasicInfoBody {
  real_name: string;
  gender: 1 | 2;
  city: string;
  email: string;
  wechat: string;
  company_wechat: string;
  nickname?: string;
}

/** PUT /user/basic-info; the returned profile replaces the cached one. */
export function useUpdateBasicInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...userQueries.all(), 'basic-info'],
    mutationFn: (body: BasicInfoBody) => userApi.updateBasicInfo({ ...body }),
    onSuccess: (profile) => {
      queryClient.setQueryData(userQueries.profile().queryKey, profile);
      notify('基本信息已保存', 'success');
    },
  });
}
