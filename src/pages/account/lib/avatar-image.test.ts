import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, avatarFileError, avatarFileName, centerSquare } from './avatar-image';

describe('avatarFileError', () => {
  it('accepts the four image types up to 5 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/gif']) {
      expect(avatarFileError({ name: 'a', type, size: 1000 })).toBeNull();
    }
    expect(avatarFileError({ name: 'a.png', type: 'image/png', size: AVATAR_MAX_BYTES })).toBeNull();
  });
  it('refuses other types, empty and too large files with Chinese messages', () => {
    expect(avatarFileError({ name: 'a.svg', type: 'image/svg+xml', size: 10 })).toBe('仅支持 JPG、PNG、WEBP、GIF 格式的图片');
    expect(avatarFileError({ name: 'a.pdf', type: '', size: 10 })).toBe('仅支持 JPG、PNG、WEBP、GIF 格式的图片');
    expect(avatarFileError({ name: 'a.jpg', type: '', size: 10 })).toBeNull();
    expect(avatarFileError({ name: 'a.png', type: 'image/png', size: 0 })).toBe('图片文件为空，请重新选择');
    expect(avatarFileError({ name: 'a.png', type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toBe('图片不能超过 5 MB，请压缩后重新选择');
  });
});

describe('centerSquare', () => {
  it('takes the largest centred square', () => {
    expect(centerSquare(400, 300)).toEqual({ sx: 50, sy: 0, size: 300 });
    expect(centerSquare(300, 401)).toEqual({ sx: 0, sy: 50, size: 300 });
    expect(centerSquare(256, 256)).toEqual({ sx: 0, sy: 0, size: 256 });
    expect(centerSquare(0, 10).size).toBe(0);
  });
});

describe('avatarFileName', () => {
  it('keeps the base name and uses the output extension', () => {
    expect(avatarFileName('我的 头像.webp', 'image/jpeg')).toBe('我的_头像.jpg');
    expect(avatarFileName('a.png', 'image/png')).toBe('a.png');
    expect(avatarFileName('.gif', 'image/jpeg')).toBe('avatar.jpg');
  });
});
