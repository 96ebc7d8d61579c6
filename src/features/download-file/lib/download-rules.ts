import { MSG } from '@/shared/config/messages';

/** Images a browser shows itself: opened through a direct link in a new tab (spec §7). */
export const IMAGE_EXTENSIONS = ['jpg', 'png', 'jpeg', 'gif', 'bmp', 'webp'] as const;

/** The lower-case extension of a file name or of a URL's last path segment ('' when none). */
export function extensionOf(nameOrUrl: string): string {
  const path = nameOrUrl.split(/[?#]/, 1)[0] ?? '';
  const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * Whether a file is an image opened in a new tab: by the file name's extension, case-insensitive;
 * a name without one falls back to the URL's.
 */
export function isImageFile(fileName: string, url = ''): boolean {
  const ext = extensionOf(fileName) || extensionOf(url);
  return (IMAGE_EXTENSIONS as readonly string[]).includes(ext);
}

/** How a download went wrong. */
export type DownloadFailure = { kind: 'http'; status: number } | { kind: 'timeout' } | { kind: 'network' };

/** Spec §8: 404 → not found; timeout → timed out; anything else → failed, please retry. */
export function downloadErrorMessage(failure: DownloadFailure): string {
  if (failure.kind === 'http' && failure.status === 404) return MSG.downloadNotFound;
  if (failure.kind === 'timeout') return MSG.downloadTimeout;
  return MSG.downloadFailed;
}

/** The name to save under: the given one, else the URL's last path segment, else '下载文件'. */
export function saveName(fileName: string, url: string): string {
  const given = fileName.trim();
  if (given) return given;
  const path = url.split(/[?#]/, 1)[0] ?? '';
  const last = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(last) || '下载文件';
  } catch {
    return last || '下载文件';
  }
}
