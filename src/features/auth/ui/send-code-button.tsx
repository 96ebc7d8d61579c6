import { Button } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { userApi, type VerifyScene } from '@/entities/user';
import { phoneField } from '@/shared/lib';
import { notify } from '@/shared/ui';
import { useCountdown } from '../model/use-countdown';

interface Props {
  phone: string;
  scene: VerifyScene;
  /** Called with a message when the phone is not valid yet, to show next to the phone field. */
  onPhoneError: (message: string) => void;
}

/** "获取验证码" with the 60-second wait the server enforces. */
export function SendCodeButton({ phone, scene, onPhoneError }: Props) {
  const { left, start } = useCountdown();
  const send = useMutation({
    mutationKey: ['user', 'verify-code', scene],
    mutationFn: () => userApi.sendCode(phone.trim(), scene),
    onSuccess: (r) => {
      start(r.resend_after);
      notify('验证码已发送', 'success');
    },
  });
  return (
    <Button
      variant="light"
      w={120}
      loading={send.isPending}
      disabled={left > 0}
      onClick={() => {
        const parsed = phoneField.safeParse(phone);
        if (!parsed.success) return onPhoneError(parsed.error.issues[0]?.message ?? '手机号格式不正确');
        send.mutate();
      }}
    >
      {left > 0 ? `${left}秒后重试` : '获取验证码'}
    </Button>
  );
}
