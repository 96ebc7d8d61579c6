import { useMutation } from '@tanstack/react-query';
import { userApi } from '@/entities/user';
import { notify } from '@/shared/ui';

/** PUT /user/password; the server keeps this session and signs every other device out. */
export function useChangePassword() {
  return useMutation({
    mutationKey: ['user', 'password'],
    mutationFn: (body: { old_password: string; password: string }) => userApi.changePassword(body),
    onSuccess: () => notify('密码已修改，其他设备已退出登录', 'success'),
  });
}
