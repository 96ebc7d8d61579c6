import { PasswordInput, TextInput } from '@mantine/core';
import type { VerifyScene } from '@/entities/user';
import type { BoundTextField } from '@/shared/lib';
import { VerifyCodeField } from './verify-code-field';

interface PhoneCodeProps {
  phone: BoundTextField;
  code: BoundTextField;
  scene: VerifyScene;
  /** Shown next to the phone input when the send-code button finds it invalid. */
  onPhoneError: (message: string) => void;
  phoneLabel?: string;
  phonePlaceholder?: string;
  phoneAutoComplete?: string;
  autoFocus?: boolean;
}

/** 手机号 + 验证码 (with the send-code button): register, reset password, change phone. */
export function PhoneCodeFields({
  phone,
  code,
  scene,
  onPhoneError,
  phoneLabel = '手机号',
  phonePlaceholder = '请输入11位手机号',
  phoneAutoComplete = 'tel',
  autoFocus,
}: PhoneCodeProps) {
  return (
    <>
      <TextInput
        label={phoneLabel}
        placeholder={phonePlaceholder}
        inputMode="numeric"
        autoComplete={phoneAutoComplete}
        maxLength={11}
        {...phone}
        required
        data-autofocus={autoFocus || undefined}
      />
      <VerifyCodeField phone={phone.value} scene={scene} value={code.value} onChange={code.onChange} error={code.error} onPhoneError={onPhoneError} />
    </>
  );
}

interface NewPasswordProps {
  password: BoundTextField;
  confirm: BoundTextField;
  passwordLabel?: string;
  confirmLabel?: string;
}

/** New password + its confirmation, with the rule shown under the first. */
export function NewPasswordFields({ password, confirm, passwordLabel = '新密码', confirmLabel = '确认新密码' }: NewPasswordProps) {
  return (
    <>
      <PasswordInput
        label={passwordLabel}
        description="8-64位，需同时包含字母和数字"
        autoComplete="new-password"
        maxLength={64}
        {...password}
        required
      />
      <PasswordInput label={confirmLabel} autoComplete="new-password" maxLength={64} {...confirm} required />
    </>
  );
}
