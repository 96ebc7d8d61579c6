import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@/shared/config/messages';
import {
  addTask,
  applyFailure,
  applyProgress,
  clearCompleted,
  createTask,
  createUploadTaskStore,
  failureMessage,
  removeTask,
  type UploadTask,
} from './upload-tasks';

vi.mock('@/shared/ui', () => ({ notify: vi.fn() }));

const T0 = Date.parse('2026-11-20T08:00:00Z');
const uploading = (id: string, progress = 0): UploadTask => ({ ...createTask(id, `${id}.png`), progress });
const failed = (id: string): UploadTask => ({ ...createTask(id, `${id}.png`), status: 'error', errorMessage: MSG.uploadFailed, completeTime: T0 });

describe('upload task transitions (spec §4)', () => {
  it('a task is created as uploading with no progress', () => {
    expect(createTask('a', '稿件.psd')).toEqual({ id: 'a', fileName: '稿件.psd', progress: 0, status: 'uploading' });
    expect(addTask([uploading('x')], createTask('a', 'a.png')).map((t) => t.id)).toEqual(['x', 'a']);
  });

  it('progress below 1 is recorded, clamped, and never goes back', () => {
    const tasks = [uploading('a'), uploading('b')];
    const r1 = applyProgress(tasks, 'a', 0.4, T0);
    expect(r1.completed).toBeUndefined();
    expect(r1.tasks.map((t) => t.progress)).toEqual([0.4, 0]);
    expect(applyProgress(r1.tasks, 'a', 0.2, T0).tasks[0]!.progress).toBe(0.4);
    expect(applyProgress(r1.tasks, 'a', -3, T0).tasks[0]!.progress).toBe(0.4);
    expect(applyProgress(r1.tasks, 'a', Number.NaN, T0).tasks).toBe(r1.tasks);
  });

  it('at progress 1 the task becomes success with a completion time and leaves the list', () => {
    const { tasks, completed } = applyProgress([uploading('a', 0.9), uploading('b')], 'a', 1, T0);
    expect(completed).toEqual({ id: 'a', fileName: 'a.png', progress: 1, status: 'success', completeTime: T0 });
    expect(tasks.map((t) => t.id)).toEqual(['b']);
    // Anything above 1 counts as full.
    expect(applyProgress([uploading('a')], 'a', 1.5, T0).completed?.status).toBe('success');
  });

  it('progress of unknown or finished tasks changes nothing', () => {
    const tasks = [failed('a')];
    expect(applyProgress(tasks, 'a', 1, T0)).toEqual({ tasks });
    expect(applyProgress(tasks, 'nope', 0.5, T0)).toEqual({ tasks });
  });

  it('a failure makes the task error with the message 上传失败 and a time', () => {
    const tasks = applyFailure([uploading('a', 0.3), uploading('b')], 'a', T0);
    expect(tasks[0]).toEqual({ id: 'a', fileName: 'a.png', progress: 0.3, status: 'error', errorMessage: '上传失败', completeTime: T0 });
    expect(tasks[1]!.status).toBe('uploading');
    expect(applyFailure([uploading('a')], 'a', T0, '文件超过大小上限')[0]!.errorMessage).toBe('上传失败：文件超过大小上限');
    expect(failureMessage()).toBe(MSG.uploadFailed);
  });

  it('a failure of an unknown or already failed task changes nothing', () => {
    const tasks = [failed('a')];
    expect(applyFailure(tasks, 'a', T0 + 1)).toBe(tasks);
    expect(applyFailure(tasks, 'b', T0)).toBe(tasks);
  });

  it('clearing completed tasks keeps only the uploading ones', () => {
    const tasks = [uploading('a'), failed('b'), { ...uploading('c'), status: 'success' as const, progress: 1 }, uploading('d', 0.5)];
    expect(clearCompleted(tasks).map((t) => t.id)).toEqual(['a', 'd']);
    const onlyUploading = [uploading('a')];
    expect(clearCompleted(onlyUploading)).toBe(onlyUploading);
  });

  it('remove drops one task', () => {
    expect(removeTask([uploading('a'), uploading('b')], 'a').map((t) => t.id)).toEqual(['b']);
    const tasks = [uploading('a')];
    expect(removeTask(tasks, 'x')).toBe(tasks);
  });
});

describe('upload task store', () => {
  function setup() {
    const onSuccess = vi.fn();
    const onError = vi.fn();
    let now = T0;
    const store = createUploadTaskStore({ onSuccess, onError, now: () => now });
    const listener = vi.fn();
    store.subscribe(listener);
    return { store, onSuccess, onError, listener, tick: (ms: number) => (now += ms) };
  }

  it('runs a task from start to success, telling subscribers and reporting success once', () => {
    const { store, onSuccess, listener, tick } = setup();
    const id = store.start('设计稿.psd');
    expect(store.getSnapshot()).toEqual([{ id, fileName: '设计稿.psd', progress: 0, status: 'uploading' }]);
    store.progress(id, 0.5);
    expect(store.getSnapshot()[0]!.progress).toBe(0.5);
    tick(5_000);
    store.progress(id, 1);
    expect(store.getSnapshot()).toEqual([]);
    expect(onSuccess).toHaveBeenCalledExactlyOnceWith({ id, fileName: '设计稿.psd', progress: 1, status: 'success', completeTime: T0 + 5_000 });
    store.progress(id, 1);
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('keeps the snapshot stable when nothing changed', () => {
    const { store, listener } = setup();
    const id = store.start('a.png');
    store.progress(id, 0.3);
    const snap = store.getSnapshot();
    store.progress(id, 0.3);
    store.remove('other');
    store.clearCompleted();
    expect(store.getSnapshot()).toBe(snap);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('fails a task once, then clear completed removes it but not the uploading ones', () => {
    const { store, onError } = setup();
    const a = store.start('a.png');
    const b = store.start('b.png');
    expect(a).not.toBe(b);
    store.fail(a, '网络连接失败');
    store.fail(a);
    expect(onError).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ id: a, status: 'error', errorMessage: '上传失败：网络连接失败', completeTime: T0 }));
    expect(store.getSnapshot().map((t) => t.status)).toEqual(['error', 'uploading']);
    store.clearCompleted();
    expect(store.getSnapshot().map((t) => t.id)).toEqual([b]);
  });

  it('unsubscribed listeners hear nothing more', () => {
    const store = createUploadTaskStore();
    const listener = vi.fn();
    const off = store.subscribe(listener);
    store.start('a');
    off();
    store.start('b');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
