/**
 * An announcement's image (issue #18): the lead uploads it with a signature of source
 * `announcement` (at most 5 MB), then publishes with its key. Here the key is checked (the
 * publisher's own upload, an image type), the object read (it exists, within the size) and decoded
 * (sharp), and a thumbnail stored beside it for the home's carousel.
 */
import sharp from 'sharp';
import type { OssConfig } from '../../config/env.js';
import { designerCode } from '../../domain/designers.js';
import { invalid } from '../../lib/errors.js';
import { getObject, headObject, MissingObjectError, objectReadUrl, ObjectTooLargeError, putObject } from '../files/index.js';

export const ANNOUNCEMENT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The carousel's thumbnail: this wide at most, WebP. */
export const ANNOUNCEMENT_THUMB_WIDTH = 960;
const EXTENSIONS = /\.(jpe?g|png|webp)$/i;
const FORMATS = new Set(['jpeg', 'png', 'webp']);
const MAX_PIXELS = 50_000_000;

const notMine = () => invalid('image_key', '图片不存在或无权使用');

/** Where the thumbnail of an image lives: outside every upload source, so no upload can write it. */
export function thumbKeyOf(imageKey: string): string {
  return `announcement-thumb/${imageKey.replace(/^announcement\//, '')}.webp`;
}

/**
 * Checks `key` as the image `publisherId` publishes with and stores its thumbnail: 422 on
 * `image_key` for another person's key or another source, a type other than JPG/PNG/WebP, a
 * missing object, one over 5 MB, or bytes that do not decode as such an image.
 */
export async function prepareAnnouncementImage(oss: OssConfig, publisherId: number, key: string): Promise<{ image_key: string; image_thumb_key: string }> {
  if (!key.startsWith(`announcement/${designerCode(publisherId)}/`) || key.includes('..') || key.includes('\\')) throw notMine();
  if (!EXTENSIONS.test(key)) throw invalid('image_key', '图片只能是JPG、PNG或WEBP格式');
  const info = await headObject(oss, key);
  if (!info) throw notMine();
  if (info.size > ANNOUNCEMENT_IMAGE_MAX_BYTES) throw invalid('image_key', '图片不能超过5MB');
  let bytes: Buffer;
  try {
    bytes = await getObject(oss, key, ANNOUNCEMENT_IMAGE_MAX_BYTES);
  } catch (error) {
    if (error instanceof ObjectTooLargeError) throw invalid('image_key', '图片不能超过5MB');
    if (error instanceof MissingObjectError) throw notMine();
    throw error;
  }
  let thumb: Buffer;
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
    if (!meta.format || !FORMATS.has(meta.format)) throw new Error('format');
    thumb = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: ANNOUNCEMENT_THUMB_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw invalid('image_key', '图片无法识别，请上传JPG、PNG或WEBP图片');
  }
  const thumbKey = thumbKeyOf(key);
  await putObject(oss, thumbKey, thumb);
  return { image_key: key, image_thumb_key: thumbKey };
}

/** The URLs a reader sees the image at (public objects: no signature needed). */
export function announcementImageUrls(oss: OssConfig, row: { image_key: string | null; image_thumb_key: string | null }) {
  return {
    image_url: row.image_key ? objectReadUrl(oss, row.image_key) : null,
    image_thumb_url: row.image_thumb_key ? objectReadUrl(oss, row.image_thumb_key) : null,
  };
}
