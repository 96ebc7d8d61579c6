import { TEMPLATE_CATEGORIES, TEMPLATE_LIMITS, type TemplateInput } from '@/entities/template';
import { ApiError } from '@/shared/api';
import type { PickedFile } from '@/shared/lib';
import { cleanTags } from '../lib/template-files';

/** The fields of the upload / edit dialog that can carry an error. */
export const FORM_FIELDS = ['title', 'category', 'description', 'tags', 'product_ids', 'previews', 'sources'] as const;
export type FormField = (typeof FORM_FIELDS)[number];
export type FormErrors = Partial<Record<FormField, string>>;

export interface TemplateFormValues {
  title: string;
  category: string | null;
  description: string;
  tags: string[];
  productIds: string[];
}

const L = TEMPLATE_LIMITS;

/**
 * The dialog's checks (the server's rules, with its Chinese messages) and the request body; the
 * server checks again and its 422 fields land under the same inputs.
 */
export function checkTemplateForm(
  values: TemplateFormValues,
  previews: readonly PickedFile[],
  sources: readonly PickedFile[],
): { errors: FormErrors; body?: TemplateInput } {
  const errors: FormErrors = {};
  const title = values.title.trim();
  if (!title) errors.title = '请填写模板标题';
  else if (title.length > L.title) errors.title = `模板标题不能超过${L.title}个字符`;
  if (!values.category || !(TEMPLATE_CATEGORIES as readonly string[]).includes(values.category)) errors.category = '请选择模板分类';
  if (values.description.trim().length > L.description) errors.description = `模板说明不能超过${L.description}个字符`;
  const tags = cleanTags(values.tags);
  if (tags.length > L.tags) errors.tags = `标签最多${L.tags}个`;
  else if (tags.some((t) => t.length > L.tag)) errors.tags = `每个标签不能超过${L.tag}个字符`;
  else if (tags.some((t) => t.includes(',') || t.includes('，'))) errors.tags = '标签不能包含逗号';
  if (values.productIds.length > L.products) errors.product_ids = `适用产品最多${L.products}个`;
  const done = (list: readonly PickedFile[]) => list.filter((f) => f.status === 'done' && f.key).map((f) => ({ key: f.key!, name: f.name }));
  const p = done(previews);
  const s = done(sources);
  if (p.length === 0) errors.previews = '请上传至少一张预览图';
  else if (p.length > L.previews) errors.previews = `预览图最多${L.previews}张`;
  if (s.length === 0) errors.sources = '请上传至少一个源文件';
  else if (s.length > L.sources) errors.sources = `源文件最多${L.sources}个`;
  if (Object.keys(errors).length) return { errors };
  return {
    errors,
    body: {
      title,
      category: values.category!,
      description: values.description.trim(),
      tags,
      product_ids: values.productIds.map(Number),
      previews: p,
      sources: s,
    },
  };
}

/**
 * The server's 422 fields under the dialog's inputs: `previews.2` lands under the previews, `tags.0`
 * under the tags; the first message per input. Empty for any other error.
 */
export function serverFormErrors(error: unknown): FormErrors {
  const out: FormErrors = {};
  if (!(error instanceof ApiError)) return out;
  for (const f of error.fieldErrors) {
    const field = FORM_FIELDS.find((name) => f.field === name || f.field.startsWith(`${name}.`));
    if (field && !out[field]) out[field] = f.message;
  }
  return out;
}
