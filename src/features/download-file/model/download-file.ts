import { notifications } from '@mantine/notifications';
import { tokenStore } from '@/shared/api';
import { DOWNLOAD_TIMEOUT_MS } from '@/shared/config/constants';
import { env } from '@/shared/config/env';
import { MSG } from '@/shared/config/messages';
import { formatBytes } from '@/shared/lib';
import { notify } from '@/shared/ui';
import { type DownloadFailure, downloadErrorMessage, isImageFile, saveName } from '../lib/download-rules';

/** What became of a call. */
export type DownloadOutcome = 'opened' | 'saved' | 'busy' | 'failed';

let active = false;
let sequence = 0;

/** Whether a download is running (only one may run at once, spec §4). */
export function isDownloading(): boolean {
  return active;
}

class DownloadError extends Error {
  constructor(readonly failure: DownloadFailure) {
    super(failure.kind);
  }
}

/** The API's own origin gets the login token (files behind authorization); other hosts never do. */
function withToken(url: string, headers: Record<string, string>): Record<string, string> {
  if (Object.keys(headers).some((h) => h.toLowerCase() === 'authorization')) return headers;
  const token = tokenStore.get();
  if (!token) return headers;
  try {
    const apiOrigin = new URL(env.apiBase, window.location.href).origin;
    if (new URL(url, window.location.href).origin !== apiOrigin) return headers;
  } catch {
    return headers;
  }
  return { ...headers, Authorization: `Bearer ${token}` };
}

/** GET as a blob with XMLHttpRequest (for download progress), timing out after 2 hours. */
function getBlob(url: string, headers: Record<string, string>, onProgress: (loaded: number, total?: number) => void): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('GET', url);
    xhr.responseType = 'blob';
    xhr.timeout = DOWNLOAD_TIMEOUT_MS;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.onprogress = (e) => onProgress(e.loaded, e.lengthComputable && e.total > 0 ? e.total : undefined);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(xhr.response as Blob);
      else reject(new DownloadError({ kind: 'http', status: xhr.status }));
    };
    xhr.onerror = () => reject(new DownloadError({ kind: 'network' }));
    xhr.ontimeout = () => reject(new DownloadError({ kind: 'timeout' }));
    xhr.onabort = () => reject(new DownloadError({ kind: 'network' }));
    xhr.send();
  });
}

/** Saves a blob under `fileName` through an object URL and an <a download>. */
export function saveBlob(blob: Blob, fileName: string): void {
  // octet-stream: the browser saves the file rather than showing it.
  const href = URL.createObjectURL(new Blob([blob], { type: 'application/octet-stream' }));
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1_000);
}

/** Opens a file through a direct link in a new tab. */
export function openInNewTab(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.target = '_blank';
  a.rel = 'noopener noreferrer';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

function progressMessage(fileName: string, loaded: number, total?: number): string {
  return total ? `${fileName}：${Math.min(100, Math.floor((loaded / total) * 100))}%` : `${fileName}：已下载 ${formatBytes(loaded)}`;
}

/**
 * Downloads a file (spec §4, §7, §8). Images (jpg, png, jpeg, gif, bmp, webp) open in a new tab
 * instead. Otherwise the file is fetched as a blob with a progress notification that stays open
 * and shows the percentage, then saved under `fileName`. Only one download runs at a time: a
 * second is refused with '已有文件正在下载，请稍后再试'. Every outcome is told to the user here;
 * the promise never rejects.
 */
export async function downloadFile(url: string, fileName: string, headers: Record<string, string> = {}): Promise<DownloadOutcome> {
  const name = saveName(fileName, url);
  if (isImageFile(fileName, url)) {
    openInNewTab(url);
    return 'opened';
  }
  if (active) {
    notify(MSG.downloadBusy, 'warning');
    return 'busy';
  }
  active = true;
  sequence += 1;
  const id = `file-download-${sequence}`;
  notifications.show({
    id,
    title: '正在下载',
    message: progressMessage(name, 0, 1),
    loading: true,
    autoClose: false,
    withCloseButton: true,
  });
  let shown = '';
  try {
    const blob = await getBlob(url, withToken(url, headers), (loaded, total) => {
      const message = progressMessage(name, loaded, total);
      if (message === shown) return;
      shown = message;
      notifications.update({ id, message });
    });
    notifications.hide(id);
    saveBlob(blob, name);
    notify(MSG.downloadSucceeded(name), 'success');
    return 'saved';
  } catch (error) {
    notifications.hide(id);
    const failure: DownloadFailure = error instanceof DownloadError ? error.failure : { kind: 'network' };
    notify(downloadErrorMessage(failure), 'error');
    if (!(error instanceof DownloadError)) console.error('download failed', error);
    return 'failed';
  } finally {
    active = false;
  }
}
