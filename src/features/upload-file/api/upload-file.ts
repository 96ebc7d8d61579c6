import { ApiError, http } from '@/shared/api';
import { UPLOAD_TIMEOUT_MS } from '@/shared/config/constants';
import { MSG } from '@/shared/config/messages';
import { formatBytes } from '@/shared/lib';
import { encodeKey, safeFileName } from '../lib/file-name';
import { type UploadedFile, type UploadSignature, uploadSignatureSchema, type UploadSource } from '../model/upload.schema';
import { type UploadTaskStore, uploadTasks } from '../model/upload-tasks';

/** An upload failure with the reason shown to the user (the task's message is '上传失败：<reason>'). */
export class UploadError extends Error {
  constructor(
    readonly reason: string | undefined,
    /** The upload task's message. */
    message: string = reason ? `${MSG.uploadFailed}：${reason}` : MSG.uploadFailed,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export const UPLOAD_REASON = {
  empty: '不能上传空文件',
  tooLarge: (size: number, max: number) => `文件大小 ${formatBytes(size)} 超过上限 ${formatBytes(max)}`,
  tooLargeServer: '文件超过大小上限',
  expired: '上传凭证已过期，请重试',
  badName: '文件名不可用，请修改文件名后重试',
  network: MSG.networkError,
  timeout: '上传超时，请检查网络后重试',
} as const;

/** The form a bucket expects (server files module): the signed fields, `key`, then `file` last. */
export function buildUploadForm(sig: UploadSignature, key: string, file: Blob, fileName: string): FormData {
  const form = new FormData();
  form.append('key', key);
  form.append('policy', sig.policy);
  form.append('x-oss-signature-version', 'OSS4-HMAC-SHA256');
  form.append('x-oss-credential', sig.x_oss_credential);
  form.append('x-oss-date', sig.x_oss_date);
  form.append('x-oss-signature', sig.signature);
  if (sig.security_token) form.append('x-oss-security-token', sig.security_token);
  // A bucket ignores every field after the file.
  form.append('file', file, fileName);
  return form;
}

/** The user-facing reason of a bucket's refusal (an OSS XML <Error>), when there is a clear one. */
export function bucketFailureReason(responseText: string): string | undefined {
  const code = /<Code>([^<]*)<\/Code>/.exec(responseText)?.[1];
  const message = /<Message>([^<]*)<\/Message>/.exec(responseText)?.[1] ?? '';
  switch (code) {
    case 'EntityTooLarge':
      return UPLOAD_REASON.tooLargeServer;
    case 'EntityTooSmall':
      return UPLOAD_REASON.empty;
    case 'InvalidObjectName':
      return UPLOAD_REASON.badName;
    case 'RequestTimeTooSkewed':
      return UPLOAD_REASON.expired;
    case 'AccessDenied':
      return /expired/i.test(message) ? UPLOAD_REASON.expired : undefined;
    default:
      return undefined;
  }
}

function abortError(signal?: AbortSignal): unknown {
  return signal?.reason ?? new DOMException('上传已取消', 'AbortError');
}

interface PostOptions {
  signal?: AbortSignal;
  onProgress: (fraction: number) => void;
}

/** POSTs the form with XMLHttpRequest (for upload progress events); resolves on a 2xx answer. */
function postForm(url: string, form: FormData, { signal, onProgress }: PostOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError(signal));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const settle = (fn: () => void) => {
      signal?.removeEventListener('abort', onAbort);
      fn();
    };
    xhr.open('POST', url);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () =>
      settle(() => {
        if (xhr.status >= 200 && xhr.status < 300) resolve();
        else reject(new UploadError(bucketFailureReason(String(xhr.responseText ?? ''))));
      });
    xhr.onerror = () => settle(() => reject(new UploadError(UPLOAD_REASON.network)));
    xhr.ontimeout = () => settle(() => reject(new UploadError(UPLOAD_REASON.timeout)));
    xhr.onabort = () => settle(() => reject(abortError(signal)));
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(form);
  });
}

export interface UploadFileOptions {
  /** Cancels the upload: the task is dropped and the promise rejects with the abort reason. */
  signal?: AbortSignal;
  /** The task list to report into (the app's by default). */
  store?: UploadTaskStore;
}

/**
 * Uploads one file straight to the object store (spec §7): asks for a signature for `source`,
 * checks the size against its `max_size`, then POSTs the multipart form to its `host` with
 * progress reported into the upload task list. The task turns success at full progress, which is
 * reached only once the store has accepted the file. Resolves with the key and the file's URL.
 *
 * Failures mark the task failed (its store shows the message: '上传失败：<reason>') and reject
 * with an UploadError; callers need not show them again. A cancelled upload removes its task.
 */
export async function uploadFile(file: File, source: UploadSource, options: UploadFileOptions = {}): Promise<UploadedFile> {
  const { signal } = options;
  const store = options.store ?? uploadTasks;
  const name = safeFileName(file.name);
  const id = store.start(name);
  try {
    if (file.size === 0) throw new UploadError(UPLOAD_REASON.empty);
    const sig = await http.get('/oss/get-signature', uploadSignatureSchema, { searchParams: { source }, signal });
    if (signal?.aborted) throw abortError(signal);
    if (file.size > sig.max_size) throw new UploadError(UPLOAD_REASON.tooLarge(file.size, sig.max_size));
    const key = sig.dir + name;
    await postForm(sig.host, buildUploadForm(sig, key, file, name), {
      signal,
      // Full progress (success) waits for the store's answer, not just the last byte sent.
      onProgress: (fraction) => store.progress(id, Math.min(fraction, 0.99)),
    });
    store.progress(id, 1);
    return { key, url: `${sig.url_base.replace(/\/+$/, '')}/${encodeKey(key)}`, name, size: file.size };
  } catch (error) {
    if (signal?.aborted) {
      store.remove(id);
      throw abortError(signal);
    }
    const failure =
      error instanceof UploadError ? error : new UploadError(error instanceof ApiError ? error.message : undefined);
    store.fail(id, failure.reason);
    throw failure;
  }
}
