import { Button, Group, Modal, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { messageApi, messageQueries, SCOPE_OPTIONS } from '@/entities/message';
import { productQueries } from '@/entities/product';
import { useZodForm } from '@/shared/lib';
import { notify } from '@/shared/ui';
import { announcementWords } from '../model/announcement-form';
import { AnnouncementWordsFields } from './announcement-words-fields';

const schema = z.object({
  ...announcementWords,
  scope: z.string().check(z.regex(/^[0-4]$/, { error: '请选择发布范围' })),
  product_ids: z.array(z.string()),
});

/** Team leads publish an announcement (title, body, scope, products); message 29 goes out. */
export function PublishAnnouncementModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const products = useQuery({ ...productQueries.available(), enabled: opened });
  const form = useZodForm(schema, { title: '', body: '', scope: '4', product_ids: [] });
  const publish = useMutation({
    mutationKey: ['message', 'publish-announcement'],
    mutationFn: (v: z.output<typeof schema>) =>
      messageApi.publishAnnouncement({ title: v.title, body: v.body, scope: Number(v.scope), product_ids: v.product_ids.map(Number) }),
    onSuccess: ({ recipients }) => {
      notify(`公告已发布，送达${recipients}人`, 'success');
      void queryClient.invalidateQueries({ queryKey: messageQueries.announcements() });
      form.setValues({ title: '', body: '', scope: '4', product_ids: [] });
      onClose();
    },
    onError: form.applyServerError,
  });

  return (
    <Modal opened={opened} onClose={onClose} title="发布公告" size="lg" centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const values = form.validate();
          if (values) publish.mutate(values);
        }}
      >
        <Stack>
          <AnnouncementWordsFields form={form} />
          <Select label="发布范围" required data={SCOPE_OPTIONS} allowDeselect={false} value={form.values.scope} onChange={(v) => form.setField('scope', v ?? '4')} error={form.errors.scope} />
          <MultiSelect
            label="限定产品"
            description="不选则不限产品；选择后只有具备其中任一产品的设计师收到"
            placeholder={products.isPending ? '加载中…' : '不限产品'}
            searchable
            clearable
            data={(products.data?.items ?? []).map((p) => ({ value: String(p.product_id), label: p.name }))}
            value={form.values.product_ids}
            onChange={(v) => form.setField('product_ids', v)}
            error={form.errors.product_ids}
          />
          <Text size="xs" c="dimmed">
            发布后会立即推送给范围内的所有人；之后可以修改标题和内容（不会再次通知），也可以撤回。
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              取消
            </Button>
            <Button type="submit" loading={publish.isPending}>
              发布
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
