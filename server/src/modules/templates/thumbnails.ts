/**
 * Preview images and their thumbnails (sharp): a preview must decode as a JPEG, PNG, WebP or GIF;
 * its thumbnail is a 480 px wide WebP (never enlarged), stored under a key derived from the
 * preview's, outside every upload source so no browser upload can write it.
 */
import sharp from 'sharp';

export const THUMB_WIDTH = 480;
const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
/** Pixels a preview may hold (a 50-megapixel image is far beyond any design preview). */
const MAX_PIXELS = 50_000_000;

export interface Thumbnail {
  body: Buffer;
  /** Of the preview, as shown (EXIF orientation applied). */
  width: number;
  height: number;
}

/** The thumbnail of an image, or undefined when the bytes are not an image of an accepted format. */
export async function makeThumbnail(image: Buffer): Promise<Thumbnail | undefined> {
  try {
    const meta = await sharp(image, { limitInputPixels: MAX_PIXELS }).metadata();
    if (!meta.format || !IMAGE_FORMATS.has(meta.format) || !meta.width || !meta.height) return undefined;
    const swap = (meta.orientation ?? 1) >= 5;
    const body = await sharp(image, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: THUMB_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return { body, width: swap ? meta.height : meta.width, height: swap ? meta.width : meta.height };
  } catch {
    return undefined;
  }
}

/** Where a preview's thumbnail lives: `template-thumb/<the preview key after template/>.webp`. */
export function thumbKeyOf(previewKey: string): string {
  return `template-thumb/${previewKey.replace(/^template\//, '')}.webp`;
}
