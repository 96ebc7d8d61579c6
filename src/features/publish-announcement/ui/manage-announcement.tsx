import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { type Announcement, messageApi, messageQueries } from '@/entities/message';
import { useZodForm } from '@/shared/lib';
import { notify } from '@/shared/ui';
import { editSchema } from '../model/announcement-form';
import { AnnouncementWordsFields } from './announcement-words-fields';

/**
 * Its publisher's actions on an announcement: 编辑 (title and body; nobody is notified again) and
 * 撤回 (asked first; it leaves every list and inbox). `onWithdrawn` leaves the page that showed it.
 */
export function ManageAnnouncement({ announcement, onWithdrawn }: { announcement: Announcement; onWithdrawn: () => void }) {
  const queryClient = useQueryClient();
  const [editing, edit] = useDisclosure(false);
  const [confirming, confirm] = useDisclosure(false);
  const form = useZodForm(editSchema, { title: announcement.title, body: announcement.body });
  const refresh = () => queryClient.invalidateQueries({ queryKey: messageQueries.all() });

  const save = useMutation({
    mutationKey: ['message', 'edit-announcement'],
    mutationFn: (v: z.output<typeof editSchema>) => messageApi.editAnnouncement(announcement.announcement_id, v),
    onSuccess: () => {
      notify('公告已修改', 'success');
      void refresh();
      edit.close();
    },
    onError: form.applyServerError,
  });
  const withdraw = useMutation({
    mutationKey: ['message', 'withdraw-announcement'],
    mutationFn: () => messageApi.withdrawAnnouncement(announcement.announcement_id),
    onSuccess: () => {
      notify('公告已撤回', 'success');
      confirm.close();
      void refresh();
      onWithdrawn();
    },
    onError: (error) => notify(error.message || '撤回失败，请稍后重试', 'error'),
  });

  return (
    <>
      <Button
        variant="light"
        onClick={() => {
          form.setValues({ title: announcement.title, body: announcement.body });
          edit.open();
        }}
      >
        编辑
      </Button>
      <Button variant="light" color="red" onClick={confirm.open}>
        撤回
      </Button>

      <Modal opened={editing} onClose={edit.close} title="编辑公告" size="lg" centered>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const values = form.validate();
            if (values) save.mutate(values);
          }}
        >
          <Stack>
            <AnnouncementWordsFields form={form} />
            <Text size="xs" c="dimmed">
              修改后不会再次通知；已读的人仍为已读，发布范围和限定产品不变。
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={edit.close}>
                取消
              </Button>
              <Button type="submit" loading={save.isPending}>
                保存
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>

      <Modal opened={confirming} onClose={confirm.close} title="撤回公告" size="sm" centered>
        <Stack>
          <Text size="sm">确定撤回「{announcement.title}」吗？撤回后所有人的公告列表和消息中心都不再显示它，且无法恢复。</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={confirm.close}>
              取消
            </Button>
            <Button color="red" loading={withdraw.isPending} onClick={() => withdraw.mutate()}>
              确定撤回
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
