import { Alert, Avatar, Button, FileButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Profile } from '@/entities/user';
import { ApiError } from '@/shared/api';
import { AVATAR_TYPES, avatarFileError, cropAvatar } from '../lib/avatar-image';
import { useSaveAvatar } from '../model/use-save-avatar';

function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.fieldErrors[0]?.message ?? error.message;
  if (error instanceof Error && error.message) return error.message;
  return '头像上传失败，请稍后重试';
}

/** 更换头像: pick an image, check it, show the 256 × 256 centre crop, then upload and save it. */
export function AvatarUpload({ profile }: { profile: Profile }) {
  const [error, setError] = useState<string | null>(null);
  const [cropped, setCroppedState] = useState<{ file: File; url: string } | null>(null);
  const save = useSaveAvatar(profile);

  const setCropped = (file: File | null) => {
    setCroppedState((prev) => {
      if (prev) URL.revokeObjectURL(prev.url);
      return file ? { file, url: URL.createObjectURL(file) } : null;
    });
  };

  const choose = async (file: File | null) => {
    setError(null);
    save.reset();
    if (!file) return;
    const problem = avatarFileError(file);
    if (problem) return setError(problem);
    try {
      setCropped(await cropAvatar(file));
    } catch (e) {
      setError(errorText(e));
    }
  };

  const close = () => {
    if (save.isPending) return;
    setCropped(null);
    save.reset();
  };

  return (
    <Stack gap={4} align="flex-start">
      <FileButton onChange={(f) => void choose(f)} accept={AVATAR_TYPES.join(',')}>
        {(props) => (
          <Button {...props} size="compact-xs" variant="light">
            更换头像
          </Button>
        )}
      </FileButton>
      {error ? (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      ) : null}
      <Modal opened={cropped !== null} onClose={close} title="预览头像" centered size="sm">
        <Stack align="center" gap="md">
          {cropped ? <Avatar src={cropped.url} size={128} radius={999} alt="头像预览" data-testid="avatar-preview" /> : null}
          <Text size="sm" c="dimmed" ta="center">
            已按中心裁剪为 256×256 的正方形
          </Text>
          {save.isError ? (
            <Alert color="red" w="100%" role="alert">
              {errorText(save.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm" w="100%">
            <Button variant="default" onClick={close} disabled={save.isPending}>
              取消
            </Button>
            <Button loading={save.isPending} onClick={() => cropped && save.mutate(cropped.file, { onSuccess: () => setCropped(null) })}>
              上传并保存
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
