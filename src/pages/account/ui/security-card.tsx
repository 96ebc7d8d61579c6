import { Button, Card, Group, Modal, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import * as z from 'zod/mini';
import { maskPhone, type Profile } from '@/entities/user';
import { NewPasswordFields, PhoneCodeFields, useChangePassword, useLogout, useLogoutAll } from '@/features/auth';
import { useChangePhone } from '@/features/change-phone';
import { tabsStore } from '@/widgets/app-layout';
import { codeField, phoneField, useZodForm } from '@/shared/lib';
import { changePasswordSchema } from '../model/change-password.schema';

/** Phone number change and sign-out, each behind a dialog. */
export function SecurityCard({ profile }: { profile: Profile }) {
  const navigate = useNavigate();
  const [changing, change] = useDisclosure(false);
  const [leaving, leave] = useDisclosure(false);
  const [passwording, password] = useDisclosure(false);
  const [leavingAll, leaveAll] = useDisclosure(false);
  const toLogin = () => {
    // As the header's sign-out does: the next session starts with fresh tabs.
    tabsStore.reset();
    void navigate({ to: '/login' });
  };
  const logout = useLogout(toLogin);
  const logoutAll = useLogoutAll(toLogin);

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="md">
        账号与安全
      </Title>
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Text fw={500}>手机号</Text>
            <Text size="sm" c="dimmed">
              当前绑定 {maskPhone(profile.phone)}，用于登录和接收验证码
            </Text>
          </div>
          <Button variant="light" onClick={change.open} style={{ flexShrink: 0 }}>
            更换手机号
          </Button>
        </Group>
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Text fw={500}>登录密码</Text>
            <Text size="sm" c="dimmed">
              修改后其他设备上的登录将失效
            </Text>
          </div>
          <Button variant="light" onClick={password.open} style={{ flexShrink: 0 }}>
            修改密码
          </Button>
        </Group>
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Text fw={500}>退出所有设备</Text>
            <Text size="sm" c="dimmed">
              结束所有设备（包括本机）上的登录
            </Text>
          </div>
          <Button variant="outline" color="red" onClick={leaveAll.open} style={{ flexShrink: 0 }}>
            退出所有设备
          </Button>
        </Group>
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Text fw={500}>退出登录</Text>
            <Text size="sm" c="dimmed">
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

      <Modal opened={passwording} onClose={password.close} title="修改密码" centered>
        <ChangePasswordForm onDone={password.close} />
      </Modal>

      <Modal opened={leavingAll} onClose={leaveAll.close} title="退出所有设备" centered size="sm">
        <Text size="sm">确定要退出所有设备吗？包括本机在内的所有登录都将失效，需要重新登录。</Text>
        {logoutAll.isError ? (
          <Text size="sm" c="red" mt="xs" role="alert">
            操作失败，请稍后重试
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm" mt="lg">
          <Button variant="default" onClick={leaveAll.close} disabled={logoutAll.isPending} data-autofocus>
            取消
          </Button>
          <Button color="red" loading={logoutAll.isPending} onClick={() => logoutAll.mutate()}>
            确定退出所有设备
          </Button>
        </Group>
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
        <Text size="sm" c="dimmed">
          验证码将发送到新手机号，更换后请使用新手机号登录。
        </Text>
        <PhoneCodeFields
          phone={form.bind('phone')}
          code={form.bind('code')}
          scene="change_phone"
          onPhoneError={(message) => form.setFieldError('phone', message)}
          phoneLabel="新手机号"
          autoFocus
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

/** 原密码 / 新密码 / 确认新密码. */
function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const form = useZodForm(changePasswordSchema, { old_password: '', password: '', confirm_password: '' });
  const change = useChangePassword();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = form.validate();
    if (parsed) {
      change.mutate(
        { old_password: parsed.old_password, password: parsed.password },
        { onSuccess: onDone, onError: form.applyServerError },
      );
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="修改密码">
      <Stack gap="md">
        <PasswordInput
          label="原密码"
          autoComplete="current-password"
          maxLength={64}
          {...form.bind('old_password')}
          required
          data-autofocus
        />
        <NewPasswordFields password={form.bind('password')} confirm={form.bind('confirm_password')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={change.isPending}>
            取消
          </Button>
          <Button type="submit" loading={change.isPending}>
            确认修改
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
