import { Button, FileButton, Group, Input, Modal, MultiSelect, Select, Stack, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { productQueries } from '@/entities/product';
import { TEMPLATE_CATEGORIES, TEMPLATE_LIMITS, templateQueries, type TemplateDetail } from '@/entities/template';
import { usePickedUploads } from '@/shared/lib';
import { notify, PickedFileList } from '@/shared/ui';
import { previewRefusal, sourceRefusal, templateKeyOfUrl } from '../lib/template-files';
import { checkTemplateForm, type FormErrors, serverFormErrors, type TemplateFormValues } from '../model/template-form';
import { useSaveTemplate } from '../model/use-save-template';

type Upload = (file: File, signal: AbortSignal | undefined) => Promise<{ key: string }>;

interface Props {
  /** The owner's template to edit; absent: a new upload. */
  template?: TemplateDetail;
  onClose: () => void;
  /** Uploads one file with source `template` (the page passes the upload-file feature's uploadFile). */
  upload: Upload;
  /** Per-file upload progress (the upload task list). */
  progress?: ReactNode;
  onSaved?: (saved: TemplateDetail) => void;
}

const L = TEMPLATE_LIMITS;

function initialValues(t: TemplateDetail | undefined): TemplateFormValues {
  if (!t) return { title: '', category: null, description: '', tags: [], productIds: [] };
  return { title: t.title, category: t.category, description: t.description, tags: t.tags, productIds: t.products.map((p) => String(p.product_id)) };
}

/** An edited template's files, listed as uploaded under their keys (read back from their URLs). */
function storedOf(files: readonly { url: string; name: string; size: number }[]) {
  return files.flatMap((f) => {
    const key = templateKeyOfUrl(f.url);
    return key ? [{ key, name: f.name, size: f.size, contentType: '' }] : [];
  });
}

/**
 * 上传模板 / 编辑模板: title, category, description, tags, products; preview images and source files
 * upload straight away through the signed upload (source `template`) with progress per file. A new
 * template stays private until a lead publishes it. Checks run here first; the server's 422
 * fields show under the same inputs.
 */
export function TemplateFormModal({ template, onClose, upload, progress, onSaved }: Props) {
  const [values, setValues] = useState<TemplateFormValues>(() => initialValues(template));
  const [errors, setErrors] = useState<FormErrors>({});
  const previews = usePickedUploads({ max: L.previews, upload, onDropped: () => notify(`预览图最多${L.previews}张`, 'warning'), initial: template && storedOf(template.previews) });
  const sources = usePickedUploads({ max: L.sources, upload, onDropped: () => notify(`源文件最多${L.sources}个`, 'warning'), initial: template && storedOf(template.sources) });
  const save = useSaveTemplate();
  const facets = useQuery(templateQueries.facets());
  const available = useQuery(productQueries.available());
  const uploading = previews.uploading || sources.uploading;

  const productOptions = new Map<string, string>();
  for (const p of available.data?.items ?? []) productOptions.set(String(p.product_id), p.name);
  for (const p of facets.data?.products ?? []) productOptions.set(String(p.product_id), p.name);
  for (const p of template?.products ?? []) productOptions.set(String(p.product_id), p.name);

  const set = <K extends keyof TemplateFormValues>(key: K, value: TemplateFormValues[K], field: keyof FormErrors) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  /** Picks files of one kind: the ones of a wrong type are refused here and named. */
  const pickWith = (refusal: (f: File) => string | null, into: typeof previews, field: 'previews' | 'sources') => (files: File[]) => {
    const ok: File[] = [];
    for (const f of files) {
      const why = refusal(f);
      if (why) notify(why, 'error');
      else ok.push(f);
    }
    if (ok.length) {
      into.pick(ok);
      setErrors((e) => ({ ...e, [field]: undefined }));
    }
  };

  const submit = () => {
    const { errors: found, body } = checkTemplateForm(values, previews.files, sources.files);
    setErrors(found);
    if (!body) return;
    save.mutate(
      { id: template?.template_id, body },
      {
        onSuccess: (saved) => {
          notify(template ? '模板已保存' : '模板已上传，团队负责人发布后团队可见', 'success');
          onSaved?.(saved);
          onClose();
        },
        onError: (error) => setErrors(serverFormErrors(error)),
      },
    );
  };

  const busy = save.isPending;
  return (
    <Modal opened onClose={busy ? () => {} : onClose} title={template ? '编辑模板' : '上传模板'} size="lg" centered>
      <Stack gap="sm">
        <TextInput
          label="模板标题"
          required
          maxLength={L.title}
          value={values.title}
          error={errors.title}
          onChange={(e) => set('title', e.currentTarget.value, 'title')}
          data-autofocus
        />
        <Select
          label="分类"
          required
          data={TEMPLATE_CATEGORIES as unknown as string[]}
          value={values.category}
          error={errors.category}
          onChange={(v) => set('category', v, 'category')}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea
          label="模板说明"
          autosize
          minRows={2}
          maxRows={5}
          maxLength={L.description}
          value={values.description}
          error={errors.description}
          onChange={(e) => set('description', e.currentTarget.value, 'description')}
        />
        <TagsInput
          label="标签"
          description={`回车添加，最多${L.tags}个，每个不超过${L.tag}个字`}
          value={values.tags}
          maxTags={L.tags}
          data={(facets.data?.tags ?? []).map((t) => t.tag)}
          error={errors.tags}
          onChange={(v) => set('tags', v, 'tags')}
          splitChars={[',', '，']}
          clearable
        />
        <MultiSelect
          label="适用产品"
          data={[...productOptions].map(([value, label]) => ({ value, label }))}
          value={values.productIds}
          maxValues={L.products}
          error={errors.product_ids}
          onChange={(v) => set('productIds', v, 'product_ids')}
          searchable
          clearable
          nothingFoundMessage="没有找到产品"
        />
        <Input.Wrapper label="预览图" required description={`JPG、PNG、WebP 或 GIF，最多${L.previews}张，每张不超过20MB`} error={errors.previews}>
          <Stack gap={6} mt={6}>
            <Group>
              <FileButton onChange={pickWith(previewRefusal, previews, 'previews')} multiple accept="image/jpeg,image/png,image/webp,image/gif">
                {(props) => (
                  <Button {...props} variant="light" size="xs" disabled={previews.files.length >= L.previews || busy}>
                    选择预览图
                  </Button>
                )}
              </FileButton>
            </Group>
            <PickedFileList files={previews.files} label="预览图" disabled={busy} onRemove={previews.remove} />
          </Stack>
        </Input.Wrapper>
        <Input.Wrapper label="源文件" required description={`PSD、AI、CDR、PDF、ZIP 等，最多${L.sources}个`} error={errors.sources}>
          <Stack gap={6} mt={6}>
            <Group>
              <FileButton onChange={pickWith(sourceRefusal, sources, 'sources')} multiple>
                {(props) => (
                  <Button {...props} variant="light" size="xs" disabled={sources.files.length >= L.sources || busy}>
                    选择源文件
                  </Button>
                )}
              </FileButton>
            </Group>
            <PickedFileList files={sources.files} label="源文件" disabled={busy} onRemove={sources.remove} />
          </Stack>
        </Input.Wrapper>
        {progress}
        {!template ? (
          <Text size="xs" c="dimmed">
            上传后模板仅自己可见，团队负责人发布后团队成员才能看到。
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            取消
          </Button>
          <Button loading={busy} disabled={uploading} onClick={submit}>
            {uploading ? '等待上传完成…' : template ? '保存' : '提交'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
