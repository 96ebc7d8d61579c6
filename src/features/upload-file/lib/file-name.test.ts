import { describe, expect, it } from 'vitest';
import { encodeKey, MAX_NAME_BYTES, safeFileName } from './file-name';

const bytes = (s: string) => new TextEncoder().encode(s).length;

describe('safeFileName', () => {
  it('keeps an ordinary name, Chinese and spaces included', () => {
    expect(safeFileName('设计稿 终版(1).psd')).toBe('设计稿 终版(1).psd');
  });

  it('keeps only the last path segment', () => {
    expect(safeFileName('C:\\Users\\me\\a.png')).toBe('a.png');
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('dir/')).toBe('file');
  });

  it('removes control characters and trims', () => {
    expect(safeFileName(' a\u0000b\u001f\u007f.txt\n')).toBe('ab.txt');
  });

  it('never gives an empty name or a dot segment', () => {
    for (const name of ['', '   ', '.', '..', '\u0001']) expect(safeFileName(name)).toBe('file');
  });

  it('defuses the OSS ${filename} placeholder', () => {
    expect(safeFileName('a${filename}.png')).toBe('afilename.png');
  });

  it('shortens long names to the byte limit, keeping the extension', () => {
    const long = `${'稿'.repeat(200)}.psd`;
    const safe = safeFileName(long);
    expect(bytes(safe)).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(safe.endsWith('.psd')).toBe(true);
    expect(safe.startsWith('稿稿')).toBe(true);
  });
});

describe('encodeKey', () => {
  it('percent-encodes each segment and keeps the slashes', () => {
    expect(encodeKey('draft/D000001/20261120/abc/模板 封面#1.png')).toBe(
      `draft/D000001/20261120/abc/${encodeURIComponent('模板 封面#1.png')}`,
    );
  });
});
