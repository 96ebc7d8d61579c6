import { Button, Card, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import * as z from 'zod/mini';
import { maskPhone, type Profile } from '@/entities/user';
import { VerifyCodeField, useLogout } from '@/features/auth';
import { useChangePhone } from '@/features/change-phone';
import { tabsStore } from '@/widgets/app-layout';
import { codeField, phoneField, useZodForm } from '@/shared/lib';

/** Phone number change and sign-out, each behind a dialog. */
export function SecurityCard({ profile }: { profile: Profile }) {
  const navigate = useNavigate();
  const [changing, change] = useDisclosure(false);
  const [leaving, leave] = useDisclosure(false);
  const logout = useLogout(() => {
    // As the header's sign-out does: the next session starts with fresh tabs.
    tabsStore.reset();
    void navigate({ to: '/login' });
  });

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="md">
        账号与安全
      </Title>
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Text fw={500}>手机号</Text>
            <Text size="sm" c="gray.7">
              当前绑定 {maskPhone(profile.phone)}，用于登录和接收验证码
            </Text>
          </div>
          <Button variant="light" onClick={change.open} style={{ flexShrink: 0 }}>
            更换手机号
          </Button>
        </Group>
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Text fw={500}>退出登录</Text>
            <Text size="sm" c="gray.7">
              退出后需重新登录才能处理工单
            </Text>
          </div>
          <Button variant="outline" color="red" onClick={leave.open} style={{ flexShrink: 0 }}>
            退出登录
          </Button>
        </Group>
      </Stack>

      <Modal opened={changing} onClose={change.close} title="更换手机号" centered>
        <ChangePhoneForm currentPhone={profile.phone} onDone={change.close} />
      </Modal>

      <Modal opened={leaving} onClose={leave.close} title="退出登录" centered size="sm">
        <Text size="sm">确定要退出登录吗？未提交的内容将不会保存。</Text>
        <Group justify="flex-end" gap="sm" mt="lg">
          <Button variant="default" onClick={leave.close} disabled={logout.isPending} data-autofocus>
            取消
          </Button>
          <Button color="red" loading={logout.isPending} onClick={() => logout.mutate()}>
            确定退出
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}

function changePhoneSchema(currentPhone: string) {
  return z.object({
    phone: phoneField.check(z.refine((p) => p !== currentPhone, { error: '新手机号不能与当前手机号相同' })),
    code: codeField,
  });
}

/** New phone + the code sent to it (scene change_phone). */
function ChangePhoneForm({ currentPhone, onDone }: { currentPhone: string; onDone: () => void }) {
  const schema = useMemo(() => changePhoneSchema(currentPhone), [currentPhone]);
  const form = useZodForm(schema, { phone: '', code: '' });
  const changePhone = useChangePhone();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = form.validate();
    if (parsed) changePhone.mutate(parsed, { onSuccess: onDone, onError: form.applyServerError });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="更换手机号">
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          验证码将发送到新手机号，更换后请使用新手机号登录。
        </Text>
        <TextInput
          label="新手机号"
          placeholder="请输入11位手机号"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={11}
          value={form.values.phone}
          onChange={(e) => form.setField('phone', e.currentTarget.value)}
          error={form.errors.phone}
          required
          data-autofocus
        />
        <VerifyCodeField
          phone={form.values.phone}
          scene="change_phone"
          value={form.values.code}
          onChange={(v) => form.setField('code', v)}
          error={form.errors.code}
          onPhoneError={(message) => form.setErrors((prev) => ({ ...prev, phone: message }))}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={changePhone.isPending}>
            取消
          </Button>
          <Button type="submit" loading={changePhone.isPending}>
            确认更换
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
