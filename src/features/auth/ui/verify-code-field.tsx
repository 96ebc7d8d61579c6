import { Group, TextInput } from '@mantine/core';
import type { VerifyScene } from '@/entities/user';
import { SendCodeButton } from './send-code-button';

interface Props {
  /** The phone the code is sent to. */
  phone: string;
  scene: VerifyScene;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Shows a message next to the phone input when the phone is not valid yet. */
  onPhoneError: (message: string) => void;
  label?: string;
}

/** 验证码 input with the "获取验证码" button beside it. */
export function VerifyCodeField({ phone, scene, value, onChange, error, onPhoneError, label = '验证码' }: Props) {
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <TextInput
        label={label}
        placeholder="6位数字"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        style={{ flex: 1 }}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value.replace(/\D/g, ''))}
        error={error}
        required
      />
      <div style={{ paddingTop: 25 }}>
        <SendCodeButton phone={phone} scene={scene} onPhoneError={onPhoneError} />
      </div>
    </Group>
  );
}
