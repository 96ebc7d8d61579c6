import { describe, expect, it } from 'vitest';
import { ApiError } from '@/shared/api';
import type { PickedFile } from '@/shared/lib';
import { checkTemplateForm, serverFormErrors, type TemplateFormValues } from './template-form';

const file = (name: string, status: PickedFile['status'] = 'done'): PickedFile => ({
  id: name,
  name,
  size: 10,
  contentType: '',
  status,
  key: status === 'done' ? `template/D1/20261127/n/${name}` : undefined,
});
const values: TemplateFormValues = { title: ' 商务名片模板 ', category: '名片', description: '', tags: ['蓝色', ' 蓝色', '简约'], productIds: ['2'] };

describe('the template dialog', () => {
  it('builds the body from the uploaded files only, with tags kept once', () => {
    const { errors, body } = checkTemplateForm(values, [file('a.png'), file('b.png', 'error')], [file('a.pdf')]);
    expect(errors).toEqual({});
    expect(body).toEqual({
      title: '商务名片模板',
      category: '名片',
      description: '',
      tags: ['蓝色', '简约'],
      product_ids: [2],
      previews: [{ key: 'template/D1/20261127/n/a.png', name: 'a.png' }],
      sources: [{ key: 'template/D1/20261127/n/a.pdf', name: 'a.pdf' }],
    });
  });

  it('names each missing or too long field in Chinese', () => {
    const { errors, body } = checkTemplateForm({ ...values, title: '', category: null, tags: ['标'.repeat(21)] }, [file('a.png', 'uploading')], []);
    expect(body).toBeUndefined();
    expect(errors).toEqual({
      title: '请填写模板标题',
      category: '请选择模板分类',
      tags: '每个标签不能超过20个字符',
      previews: '请上传至少一张预览图',
      sources: '请上传至少一个源文件',
    });
  });

  it('puts the server’s 422 fields under their inputs, an item’s under its list', () => {
    const error = new ApiError('预览图必须是JPG、PNG、WebP或GIF图片', 422, 'http', [
      { field: 'previews.1', message: '预览图必须是JPG、PNG、WebP或GIF图片' },
      { field: 'tags.0', message: '每个标签不能超过20个字符' },
      { field: 'unknown', message: 'x' },
    ]);
    expect(serverFormErrors(error)).toEqual({ previews: '预览图必须是JPG、PNG、WebP或GIF图片', tags: '每个标签不能超过20个字符' });
    expect(serverFormErrors(new Error('x'))).toEqual({});
  });
});
