import { describe, expect, it } from 'vitest';
import { cleanTags, extensionOf, previewRefusal, sourceRefusal, templateKeyOfUrl } from './template-files';

describe('template files', () => {
  it('reads the object key back from a signed URL, decoded, whatever the store base', () => {
    expect(templateKeyOfUrl('http://127.0.0.1:4410/oss/template/D000002/20261127/ab12/%E5%90%8D%E7%89%87.png?OSSAccessKeyId=x&Expires=1&Signature=y')).toBe(
      'template/D000002/20261127/ab12/名片.png',
    );
    expect(templateKeyOfUrl('https://bucket.oss-cn-hangzhou.aliyuncs.com/template/D1/2026/n/a%20b.pdf')).toBe('template/D1/2026/n/a b.pdf');
    expect(templateKeyOfUrl('/oss/draft/D1/x.pdf')).toBeUndefined();
  });

  it('takes only images the server can read as previews, and known types as sources', () => {
    expect(previewRefusal({ name: '封面.PNG', size: 10 })).toBeNull();
    expect(previewRefusal({ name: '封面.psd', size: 10 })).toMatch(/预览图必须是/);
    expect(previewRefusal({ name: 'big.jpg', size: 21 * 1024 * 1024 })).toMatch(/20MB/);
    expect(sourceRefusal({ name: '源文件.AI' })).toBeNull();
    expect(sourceRefusal({ name: '说明.docx' })).toMatch(/不支持的源文件类型/);
    expect(extensionOf('noext')).toBe('');
  });

  it('keeps tags trimmed and once', () => {
    expect(cleanTags([' 蓝色 ', '蓝色', '', '简约'])).toEqual(['蓝色', '简约']);
  });
});
