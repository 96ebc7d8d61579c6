import { describe, expect, it } from 'vitest';
import { imageProblem } from './publish-announcement-modal';

describe('imageProblem', () => {
  it('takes JPG, PNG and WebP up to 5 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) expect(imageProblem({ type, size: 5 * 1024 * 1024 })).toBeUndefined();
  });
  it('refuses other types and larger files, as the server does', () => {
    expect(imageProblem({ type: 'image/gif', size: 10 })).toBe('图片只能是JPG、PNG或WEBP格式');
    expect(imageProblem({ type: 'application/pdf', size: 10 })).toBe('图片只能是JPG、PNG或WEBP格式');
    expect(imageProblem({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe('图片不能超过5MB');
  });
});
