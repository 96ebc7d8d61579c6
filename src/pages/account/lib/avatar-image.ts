/** Client checks and the square crop for avatar images (spec: jpg/png/webp/gif, at most 5 MB). */
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE = 256;

const EXTENSIONS = /\.(jpe?g|png|webp|gif)$/i;

/** A Chinese message saying why the file cannot be an avatar, or null when it can. */
export function avatarFileError(file: { name: string; type: string; size: number }): string | null {
  const typeOk = file.type ? (AVATAR_TYPES as readonly string[]).includes(file.type) : EXTENSIONS.test(file.name);
  if (!typeOk) return '仅支持 JPG、PNG、WEBP、GIF 格式的图片';
  if (file.size === 0) return '图片文件为空，请重新选择';
  if (file.size > AVATAR_MAX_BYTES) return '图片不能超过 5 MB，请压缩后重新选择';
  return null;
}

export interface CropRect {
  sx: number;
  sy: number;
  size: number;
}

/** The largest centred square inside a width × height image. */
export function centerSquare(width: number, height: number): CropRect {
  const size = Math.max(0, Math.min(width, height));
  return { sx: Math.floor((width - size) / 2), sy: Math.floor((height - size) / 2), size };
}

/** The upload's file name: the original base name with the output format's extension. */
export function avatarFileName(original: string, mime: 'image/png' | 'image/jpeg'): string {
  const base = original.replace(/\.[^.]*$/, '').replace(/[^\w\u4e00-\u9fa5-]+/g, '_').slice(0, 40) || 'avatar';
  return `${base}.${mime === 'image/png' ? 'png' : 'jpg'}`;
}

/**
 * Centre-crops the image to a 256 × 256 square: PNG for PNG sources (keeps transparency), JPEG
 * otherwise. Rejects with a Chinese message when the browser cannot read the image.
 */
export async function cropAvatar(file: File): Promise<File> {
  const url = URL.createObjectURL(file);
  try {
    const img = await loadImage(url);
    const { sx, sy, size } = centerSquare(img.naturalWidth, img.naturalHeight);
    if (size === 0) throw new Error('无法读取该图片，请换一张');
    const canvas = document.createElement('canvas');
    canvas.width = AVATAR_SIZE;
    canvas.height = AVATAR_SIZE;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('当前浏览器不支持图片裁剪');
    const mime = file.type === 'image/png' ? 'image/png' : 'image/jpeg';
    if (mime === 'image/jpeg') {
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, AVATAR_SIZE, AVATAR_SIZE);
    }
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(img, sx, sy, size, size, 0, 0, AVATAR_SIZE, AVATAR_SIZE);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, mime, 0.9));
    if (!blob) throw new Error('图片裁剪失败，请换一张');
    return new File([blob], avatarFileName(file.name, mime), { type: mime });
  } finally {
    URL.revokeObjectURL(url);
  }
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('无法读取该图片，请换一张'));
    img.src = src;
  });
}
