import { describe, expect, it } from 'vitest';
import { resolveFileUrl } from './file-url';

describe('file URLs', () => {
  const base = 'http://127.0.0.1:8095/oss/';
  it('keeps http(s) URLs', () => {
    expect(resolveFileUrl('https://cdn.example.com/a.jpg', undefined)).toBe('https://cdn.example.com/a.jpg');
  });

  it('puts object keys under the base, each segment encoded', () => {
    expect(resolveFileUrl('draft/D000002/20261122/ab/初稿 1.pdf', base)).toBe(
      'http://127.0.0.1:8095/oss/draft/D000002/20261122/ab/%E5%88%9D%E7%A8%BF%201.pdf',
    );
    expect(resolveFileUrl('/attachment/x.jpg', 'https://b.example.com')).toBe('https://b.example.com/attachment/x.jpg');
  });

  it('nothing until the base is known, nothing for other schemes or climbing keys', () => {
    expect(resolveFileUrl('draft/x.pdf', undefined)).toBeUndefined();
    expect(resolveFileUrl('javascript:alert(1)', base)).toBeUndefined();
    expect(resolveFileUrl('draft/../../etc', base)).toBeUndefined();
    expect(resolveFileUrl('  ', base)).toBeUndefined();
  });
});
