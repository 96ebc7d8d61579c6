// @vitest-environment jsdom
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '@/shared/api';
import { DOWNLOAD_TIMEOUT_MS } from '@/shared/config/constants';
import { MSG } from '@/shared/config/messages';
import { notify } from '@/shared/ui';
import { downloadFile, isDownloading } from './download-file';

vi.mock('@/shared/ui', () => ({ notify: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn(), update: vi.fn(), hide: vi.fn() } }));

/** Just enough of XMLHttpRequest for a blob download: the test drives progress and the answer. */
class FakeXhr {
  static instances: FakeXhr[] = [];
  method = '';
  url = '';
  responseType = '';
  timeout = 0;
  status = 0;
  response: unknown = null;
  headers: Record<string, string> = {};
  onprogress: ((e: Partial<ProgressEvent>) => void) | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  sent = false;
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
  send() {
    this.sent = true;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number, lengthComputable = true) {
    this.onprogress?.({ loaded, total, lengthComputable });
  }
  respond(status: number, response: unknown = new Blob(['data'])) {
    this.status = status;
    this.response = response;
    this.onload?.();
  }
}

const last = () => FakeXhr.instances.at(-1)!;
let clicks: HTMLAnchorElement[] = [];

beforeEach(() => {
  FakeXhr.instances = [];
  clicks = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  URL.createObjectURL = vi.fn(() => 'blob:http://localhost/1');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push(this);
  });
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(notify).mockClear();
  vi.mocked(notifications.show).mockClear();
  vi.mocked(notifications.update).mockClear();
  vi.mocked(notifications.hide).mockClear();
});

describe('downloadFile: one download at a time (spec §4, §5)', () => {
  it('refuses a second download while the first runs', async () => {
    const first = downloadFile('https://files.example.com/a.zip', 'a.zip');
    expect(isDownloading()).toBe(true);
    await expect(downloadFile('https://files.example.com/b.zip', 'b.zip')).resolves.toBe('busy');
    expect(notify).toHaveBeenCalledWith(MSG.downloadBusy, 'warning');
    expect(FakeXhr.instances).toHaveLength(1);
    last().respond(200);
    await expect(first).resolves.toBe('saved');
    expect(isDownloading()).toBe(false);
  });

  it('allows the next download once the first has finished', async () => {
    const first = downloadFile('https://files.example.com/a.zip', 'a.zip');
    last().respond(200);
    await first;
    const second = downloadFile('https://files.example.com/b.zip', 'b.zip');
    expect(FakeXhr.instances).toHaveLength(2);
    last().respond(200);
    await expect(second).resolves.toBe('saved');
  });

  it('allows the next download once the first has failed', async () => {
    const first = downloadFile('https://files.example.com/a.zip', 'a.zip');
    last().onerror?.();
    await expect(first).resolves.toBe('failed');
    expect(isDownloading()).toBe(false);
    const second = downloadFile('https://files.example.com/b.zip', 'b.zip');
    last().respond(200);
    await expect(second).resolves.toBe('saved');
  });

  it('images open in a new tab even while a download runs, and do not block one', async () => {
    const running = downloadFile('https://files.example.com/a.zip', 'a.zip');
    await expect(downloadFile('https://files.example.com/p.JPG', '效果图.JPG')).resolves.toBe('opened');
    expect(FakeXhr.instances).toHaveLength(1);
    const tab = clicks.at(-1)!;
    expect(tab.href).toBe('https://files.example.com/p.JPG');
    expect(tab.target).toBe('_blank');
    expect(tab.rel).toContain('noopener');
    expect(notify).not.toHaveBeenCalled();
    last().respond(200);
    await running;
  });
});

describe('downloadFile: the blob download', () => {
  it('GETs the blob with the given headers, shows progress in percent and saves the file', async () => {
    const done = downloadFile('https://files.example.com/dir/x.bin', '设计稿.psd', { 'X-Extra': '1' });
    const xhr = last();
    expect(xhr.method).toBe('GET');
    expect(xhr.url).toBe('https://files.example.com/dir/x.bin');
    expect(xhr.responseType).toBe('blob');
    expect(xhr.timeout).toBe(DOWNLOAD_TIMEOUT_MS);
    expect(xhr.headers).toEqual({ 'X-Extra': '1' });

    const show = vi.mocked(notifications.show).mock.calls[0]![0];
    expect(show).toMatchObject({ autoClose: false, loading: true, message: '设计稿.psd：0%' });
    xhr.progress(25, 100);
    xhr.progress(25, 100);
    xhr.progress(999, 1000);
    expect(vi.mocked(notifications.update).mock.calls.map(([n]) => n)).toEqual([
      { id: show.id, message: '设计稿.psd：25%' },
      { id: show.id, message: '设计稿.psd：99%' },
    ]);
    xhr.progress(2048, 0, false);
    expect(vi.mocked(notifications.update).mock.lastCall![0].message).toBe('设计稿.psd：已下载 2 KB');

    xhr.respond(200, new Blob(['PSD'], { type: 'image/vnd.adobe.photoshop' }));
    await expect(done).resolves.toBe('saved');
    expect(notifications.hide).toHaveBeenCalledWith(show.id);
    const saved = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
    expect(saved.type).toBe('application/octet-stream');
    expect(saved.size).toBe(3);
    const link = clicks.at(-1)!;
    expect(link.download).toBe('设计稿.psd');
    expect(link.href).toBe('blob:http://localhost/1');
    expect(link.isConnected).toBe(false);
    expect(notify).toHaveBeenCalledWith(MSG.downloadSucceeded('设计稿.psd'), 'success');
  });

  it.each([
    ['404', (x: FakeXhr) => x.respond(404, null), MSG.downloadNotFound],
    ['a timeout', (x: FakeXhr) => x.ontimeout?.(), MSG.downloadTimeout],
    ['500', (x: FakeXhr) => x.respond(500, null), MSG.downloadFailed],
    ['a network error', (x: FakeXhr) => x.onerror?.(), MSG.downloadFailed],
  ])('tells the user on %s and closes the progress notification', async (_what, fail, message) => {
    const done = downloadFile('https://files.example.com/a.zip', 'a.zip');
    fail(last());
    await expect(done).resolves.toBe('failed');
    expect(notifications.hide).toHaveBeenCalledWith(vi.mocked(notifications.show).mock.calls[0]![0].id);
    expect(notify).toHaveBeenCalledExactlyOnceWith(message, 'error');
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it('sends the login token to the API origin only', async () => {
    tokenStore.set('tok', 'sid');
    const own = downloadFile('/api/tickets/1/files/2', '附件.zip');
    expect(last().headers).toEqual({ Authorization: 'Bearer tok' });
    last().respond(200);
    await own;
    const other = downloadFile('https://files.example.com/a.zip', 'a.zip');
    expect(last().headers).toEqual({});
    last().respond(200);
    await other;
    const given = downloadFile('/api/x.zip', 'x.zip', { authorization: 'Bearer other' });
    expect(last().headers).toEqual({ authorization: 'Bearer other' });
    last().respond(200);
    await given;
  });
});
