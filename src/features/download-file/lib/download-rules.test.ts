import { describe, expect, it } from 'vitest';
import { MSG } from '@/shared/config/messages';
import { downloadErrorMessage, extensionOf, isImageFile, saveName } from './download-rules';

describe('isImageFile (spec §7)', () => {
  it('knows jpg, png, jpeg, gif, bmp and webp in any case', () => {
    for (const ext of ['jpg', 'png', 'jpeg', 'gif', 'bmp', 'webp', 'JPG', 'Png', 'JPEG', 'GIF', 'BMP', 'WebP']) {
      expect(isImageFile(`效果图.${ext}`), ext).toBe(true);
    }
  });

  it('anything else is downloaded', () => {
    for (const name of ['稿件.psd', 'a.pdf', 'b.zip', 'logo.svg', 'c.tiff', 'jpg', 'png.', 'a.jpg.zip', '']) {
      expect(isImageFile(name), name).toBe(false);
    }
  });

  it('falls back to the URL when the name has no extension, ignoring query and hash', () => {
    expect(isImageFile('效果图', 'https://cdn.example.com/a/b.PNG?x-oss-process=1#top')).toBe(true);
    expect(isImageFile('效果图', 'https://cdn.example.com/a/b.zip?name=c.png')).toBe(false);
    // The name decides when it has an extension.
    expect(isImageFile('素材.zip', 'https://cdn.example.com/a.png')).toBe(false);
  });

  it('extensionOf reads the last segment only', () => {
    expect(extensionOf('a.b/c')).toBe('');
    expect(extensionOf('.gitignore')).toBe('');
    expect(extensionOf('x/y.TAR.GZ')).toBe('gz');
  });
});

describe('downloadErrorMessage (spec §8)', () => {
  it('404 → not found, timeout → timed out, anything else → failed', () => {
    expect(downloadErrorMessage({ kind: 'http', status: 404 })).toBe(MSG.downloadNotFound);
    expect(downloadErrorMessage({ kind: 'timeout' })).toBe(MSG.downloadTimeout);
    expect(downloadErrorMessage({ kind: 'http', status: 500 })).toBe(MSG.downloadFailed);
    expect(downloadErrorMessage({ kind: 'http', status: 403 })).toBe(MSG.downloadFailed);
    expect(downloadErrorMessage({ kind: 'network' })).toBe(MSG.downloadFailed);
  });
});

describe('saveName', () => {
  it('uses the given name, else the URL file name', () => {
    expect(saveName('稿件.psd', 'https://x/y.zip')).toBe('稿件.psd');
    expect(saveName('', 'https://x/dir/%E7%B4%A0%E6%9D%90.zip?t=1')).toBe('素材.zip');
    expect(saveName(' ', 'https://x/')).toBe('下载文件');
    expect(saveName('', 'https://x/%E0%A4%A')).toBe('%E0%A4%A');
  });
});
