import { Button, FileInput, Group, Image, Modal, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { messageApi, messageQueries, SCOPE_OPTIONS } from '@/entities/message';
import { productQueries } from '@/entities/product';
import { ApiError } from '@/shared/api';
import { useZodForm } from '@/shared/lib';
import { notify } from '@/shared/ui';
import { announcementWords } from '../model/announcement-form';
import { AnnouncementWordsFields } from './announcement-words-fields';

const schema = z.object({
  ...announcementWords,
  scope: z.string().check(z.regex(/^[0-4]$/, { error: '请选择发布范围' })),
  product_ids: z.array(z.string()),
});

/** An announcement's image: the types and size the server takes (source `announcement`). */
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** What is wrong with a picked image before it is uploaded, if anything. */
export function imageProblem(file: Pick<File, 'type' | 'size'>): string | undefined {
  if (!IMAGE_TYPES.includes(file.type)) return '图片只能是JPG、PNG或WEBP格式';
  if (file.size > IMAGE_MAX_BYTES) return '图片不能超过5MB';
  return undefined;
}

/** Team leads publish an announcement (title, body, scope, products, an optional image); message 29 goes out. */
interface Props {
  opened: boolean;
  onClose: () => void;
  /** Uploads the picked image to the object store (source `announcement`) and gives its key. */
  uploadImage: (file: File) => Promise<{ key: string }>;
}

export function PublishAnnouncementModal({ opened, onClose, uploadImage }: Props) {
  const queryClient = useQueryClient();
  const products = useQuery({ ...productQueries.available(), enabled: opened });
  const form = useZodForm(schema, { title: '', body: '', scope: '4', product_ids: [] });
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | undefined>();
  const preview = useMemo(() => (image ? URL.createObjectURL(image) : undefined), [image]);
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);
  const publish = useMutation({
    mutationKey: ['message', 'publish-announcement'],
    mutationFn: async (v: z.output<typeof schema>) => {
      // The image goes straight to the object store first; the server checks it when publishing.
      const image_key = image ? (await uploadImage(image)).key : undefined;
      return messageApi.publishAnnouncement({ title: v.title, body: v.body, scope: Number(v.scope), product_ids: v.product_ids.map(Number), image_key });
    },
    onSuccess: ({ recipients }) => {
      notify(`公告已发布，送达${recipients}人`, 'success');
      void queryClient.invalidateQueries({ queryKey: messageQueries.announcements() });
      form.setValues({ title: '', body: '', scope: '4', product_ids: [] });
      setImage(null);
      onClose();
    },
    onError: (error) => {
      const onImage = error instanceof ApiError ? error.fieldErrors.find((f) => f.field === 'image_key') : undefined;
      if (onImage) setImageError(onImage.message);
      else form.applyServerError(error);
    },
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
          <FileInput
            label="配图"
            description="可选，JPG、PNG或WEBP，不超过5MB；有配图的公告会出现在首页轮播中"
            placeholder="选择图片"
            accept={IMAGE_TYPES.join(',')}
            clearable
            value={image}
            onChange={(file) => {
              const problem = file ? imageProblem(file) : undefined;
              setImageError(problem);
              setImage(problem ? null : file);
            }}
            error={imageError}
          />
          {preview ? <Image src={preview} alt="配图预览" mah={160} w="auto" fit="contain" radius="sm" /> : null}
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
