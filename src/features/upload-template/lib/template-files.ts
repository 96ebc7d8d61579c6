import { PREVIEW_EXTENSIONS, SOURCE_FILE_TYPES, TEMPLATE_LIMITS } from '@/entities/template';

/** The extension of a file name, lower case, without the dot ('' when none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Why a picked file cannot be a preview (the server's rule: JPG, PNG, WebP or GIF, ≤ 20 MB), or null. */
export function previewRefusal(file: { name: string; size: number }): string | null {
  if (!(PREVIEW_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) return `${file.name}：预览图必须是JPG、PNG、WebP或GIF图片`;
  if (file.size > TEMPLATE_LIMITS.previewBytes) return `${file.name}：预览图不能超过20MB`;
  return null;
}

/** Why a picked file cannot be a source file (its type is not one the library takes), or null. */
export function sourceRefusal(file: { name: string }): string | null {
  if (!(SOURCE_FILE_TYPES as readonly string[]).includes(extensionOf(file.name))) return `${file.name}：不支持的源文件类型（支持 ${SOURCE_FILE_TYPES.join('、')}）`;
  return null;
}

/**
 * The object key behind a template file's URL (signed or not): the path from `template/` on,
 * decoded. An edit sends the kept files' keys back; the detail gives only their URLs. Undefined
 * when the URL holds no template key.
 */
export function templateKeyOfUrl(url: string): string | undefined {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://localhost').pathname;
  } catch {
    return undefined;
  }
  const at = pathname.indexOf('/template/');
  if (at < 0) return undefined;
  try {
    return pathname
      .slice(at + 1)
      .split('/')
      .map(decodeURIComponent)
      .join('/');
  } catch {
    return undefined;
  }
}

/** Tags as the server keeps them: trimmed, non-empty, each once. */
export function cleanTags(tags: readonly string[]): string[] {
  const out: string[] = [];
  for (const t of tags) {
    const tag = t.trim();
    if (tag && !out.includes(tag)) out.push(tag);
  }
  return out;
}
