import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, http } from '@/shared/api';
import { UPLOAD_TIMEOUT_MS } from '@/shared/config/constants';
import type { UploadSignature } from '../model/upload.schema';
import { createUploadTaskStore } from '../model/upload-tasks';
import { bucketFailureReason, UPLOAD_REASON, UploadError, uploadFile } from './upload-file';

vi.mock('@/shared/ui', () => ({ notify: vi.fn() }));
vi.mock('@/shared/api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/shared/api')>();
  return { ...actual, http: { ...actual.http, get: vi.fn() } };
});

/** Just enough of XMLHttpRequest for the upload: the test drives progress and the answer. */
class FakeXhr {
  static instances: FakeXhr[] = [];
  method = '';
  url = '';
  body: FormData | undefined;
  timeout = 0;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  aborted = false;
  headers: Record<string, string> = {};
  constructor() {
    FakeXhr.instances.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.onprogress?.({ loaded, total, lengthComputable });
  }
  respond(status: number, text = '') {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

const SIG: UploadSignature = {
  policy: 'cG9saWN5',
  signature: 'ab'.repeat(32),
  x_oss_credential: 'LTAIlocal/20261120/local/oss/aliyun_v4_request',
  x_oss_date: '20261120T080000Z',
  dir: 'draft/D000001/20261120/abcdefghijkl/',
  security_token: 'sts-token',
  host: 'http://localhost:3000/oss',
  expire: '2026-11-20T08:10:00.000Z',
  max_size: 1024,
  url_base: 'http://localhost:3000/oss',
};

const getSignature = vi.mocked(http.get);
const file = (name = '初稿 v1.png', size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' });

/** The XHR of the upload, once the signature has arrived and the form was sent. */
async function sentXhr(): Promise<FakeXhr> {
  await vi.waitFor(() => expect(FakeXhr.instances.at(-1)?.body).toBeDefined());
  return FakeXhr.instances.at(-1)!;
}

function setup(sig: Partial<UploadSignature> = {}) {
  getSignature.mockResolvedValue({ ...SIG, ...sig });
  const onSuccess = vi.fn();
  const onError = vi.fn();
  const store = createUploadTaskStore({ onSuccess, onError, now: () => 42 });
  return { store, onSuccess, onError };
}

beforeEach(() => {
  FakeXhr.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
  getSignature.mockReset();
});

describe('uploadFile', () => {
  it('signs, posts the form with the fields in order and the file last, and reports the file URL', async () => {
    const { store, onSuccess, onError } = setup();
    const done = uploadFile(file(), 'draft', { store });
    expect(store.getSnapshot()).toMatchObject([{ fileName: '初稿 v1.png', status: 'uploading', progress: 0 }]);
    const xhr = await sentXhr();

    expect(getSignature).toHaveBeenCalledWith('/oss/get-signature', expect.anything(), expect.objectContaining({ searchParams: { source: 'draft' } }));
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(SIG.host);
    expect(xhr.timeout).toBe(UPLOAD_TIMEOUT_MS);
    expect(xhr.headers).toEqual({});
    const entries = [...xhr.body!.entries()];
    expect(entries.map(([name]) => name)).toEqual([
      'key',
      'policy',
      'x-oss-signature-version',
      'x-oss-credential',
      'x-oss-date',
      'x-oss-signature',
      'x-oss-security-token',
      'file',
    ]);
    const field = (name: string) => xhr.body!.get(name);
    expect(field('key')).toBe(`${SIG.dir}初稿 v1.png`);
    expect(field('policy')).toBe(SIG.policy);
    expect(field('x-oss-signature-version')).toBe('OSS4-HMAC-SHA256');
    expect(field('x-oss-credential')).toBe(SIG.x_oss_credential);
    expect(field('x-oss-date')).toBe(SIG.x_oss_date);
    expect(field('x-oss-signature')).toBe(SIG.signature);
    expect(field('x-oss-security-token')).toBe('sts-token');
    expect((field('file') as File).name).toBe('初稿 v1.png');
    expect((field('file') as File).size).toBe(10);

    xhr.progress(5, 10);
    expect(store.getSnapshot()[0]!.progress).toBe(0.5);
    xhr.progress(10, 10, false);
    expect(store.getSnapshot()[0]!.progress).toBe(0.5);
    // Every byte sent, but the store has not answered yet: not a success.
    xhr.progress(10, 10);
    expect(store.getSnapshot()[0]).toMatchObject({ status: 'uploading', progress: 0.99 });
    expect(onSuccess).not.toHaveBeenCalled();

    xhr.respond(204);
    await expect(done).resolves.toEqual({
      key: `${SIG.dir}初稿 v1.png`,
      url: `${SIG.url_base}/draft/D000001/20261120/abcdefghijkl/${encodeURIComponent('初稿 v1.png')}`,
      name: '初稿 v1.png',
      size: 10,
    });
    expect(store.getSnapshot()).toEqual([]);
    expect(onSuccess).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ status: 'success', progress: 1, completeTime: 42 }));
    expect(onError).not.toHaveBeenCalled();
  });

  it('leaves out an empty security token and strips paths from the file name', async () => {
    const { store } = setup({ security_token: '' });
    const done = uploadFile(file('C:\\fakepath\\a\u0000.psd'), 'attachment', { store });
    const xhr = await sentXhr();
    expect(xhr.body!.has('x-oss-security-token')).toBe(false);
    expect(xhr.body!.get('key')).toBe(`${SIG.dir}a.psd`);
    xhr.respond(200);
    await expect(done).resolves.toMatchObject({ name: 'a.psd', key: `${SIG.dir}a.psd` });
  });

  it('refuses a file over max_size before sending it', async () => {
    const { store, onError } = setup({ max_size: 1024 });
    const done = uploadFile(file('big.zip', 2048), 'draft', { store });
    await expect(done).rejects.toBeInstanceOf(UploadError);
    await expect(done).rejects.toThrow('上传失败：文件大小 2 KB 超过上限 1 KB');
    expect(FakeXhr.instances).toHaveLength(0);
    expect(store.getSnapshot()).toMatchObject([{ status: 'error', errorMessage: '上传失败：文件大小 2 KB 超过上限 1 KB', completeTime: 42 }]);
    expect(onError).toHaveBeenCalledOnce();
  });

  it('accepts a file of exactly max_size', async () => {
    const { store } = setup({ max_size: 10 });
    const done = uploadFile(file('a.png', 10), 'draft', { store });
    (await sentXhr()).respond(204);
    await expect(done).resolves.toMatchObject({ size: 10 });
  });

  it('refuses an empty file without asking for a signature', async () => {
    const { store } = setup();
    await expect(uploadFile(file('a.txt', 0), 'draft', { store })).rejects.toThrow(`上传失败：${UPLOAD_REASON.empty}`);
    expect(getSignature).not.toHaveBeenCalled();
  });

  it('marks the task failed when the signature cannot be had', async () => {
    const store = createUploadTaskStore();
    getSignature.mockRejectedValue(new ApiError('网络连接失败，请检查网络后重试', 0, 'network'));
    await expect(uploadFile(file(), 'draft', { store })).rejects.toThrow('上传失败：网络连接失败，请检查网络后重试');
    expect(store.getSnapshot()[0]!.status).toBe('error');
  });

  it.each([
    ['a bucket refusal with a known reason', (x: FakeXhr) => x.respond(400, '<Error><Code>EntityTooLarge</Code><Message>too big</Message></Error>'), '上传失败：文件超过大小上限'],
    ['a bucket refusal without one', (x: FakeXhr) => x.respond(403, '<Error><Code>SignatureDoesNotMatch</Code></Error>'), '上传失败'],
    ['a network error', (x: FakeXhr) => x.onerror?.(), `上传失败：${UPLOAD_REASON.network}`],
    ['a timeout', (x: FakeXhr) => x.ontimeout?.(), `上传失败：${UPLOAD_REASON.timeout}`],
  ])('marks the task failed on %s', async (_what, fail, message) => {
    const { store, onError, onSuccess } = setup();
    const done = uploadFile(file(), 'draft', { store });
    const xhr = await sentXhr();
    xhr.progress(3, 10);
    fail(xhr);
    await expect(done).rejects.toThrow(message);
    expect(store.getSnapshot()).toEqual([expect.objectContaining({ status: 'error', errorMessage: message, progress: 0.3, completeTime: 42 })]);
    expect(onError).toHaveBeenCalledOnce();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('cancels: the request is aborted, the task dropped, nothing reported', async () => {
    const { store, onError } = setup();
    const controller = new AbortController();
    const done = uploadFile(file(), 'draft', { store, signal: controller.signal });
    const xhr = await sentXhr();
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(xhr.aborted).toBe(true);
    expect(store.getSnapshot()).toEqual([]);
    expect(onError).not.toHaveBeenCalled();
  });

  it('cancelled while signing: nothing is sent', async () => {
    const { store } = setup();
    const controller = new AbortController();
    const done = uploadFile(file(), 'draft', { store, signal: controller.signal });
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.instances).toHaveLength(0);
    expect(store.getSnapshot()).toEqual([]);
  });
});

describe('bucketFailureReason', () => {
  it('reads the OSS error code', () => {
    const xml = (code: string, message = '') => `<?xml version="1.0"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;
    expect(bucketFailureReason(xml('EntityTooLarge'))).toBe(UPLOAD_REASON.tooLargeServer);
    expect(bucketFailureReason(xml('EntityTooSmall'))).toBe(UPLOAD_REASON.empty);
    expect(bucketFailureReason(xml('InvalidObjectName'))).toBe(UPLOAD_REASON.badName);
    expect(bucketFailureReason(xml('AccessDenied', 'Invalid according to Policy: Policy expired.'))).toBe(UPLOAD_REASON.expired);
    expect(bucketFailureReason(xml('AccessDenied', 'Policy Condition failed'))).toBeUndefined();
    expect(bucketFailureReason('<html>bad gateway</html>')).toBeUndefined();
  });
});
