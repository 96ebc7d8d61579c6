import { useSyncExternalStore } from 'react';
import { MSG } from '@/shared/config/messages';
import { notify } from '@/shared/ui';

/** Spec §3 upload task (kept locally): progress 0..1, status, message and time of the outcome. */
export type UploadStatus = 'uploading' | 'success' | 'error';

export interface UploadTask {
  id: string;
  fileName: string;
  /** 0 to 1. */
  progress: number;
  status: UploadStatus;
  errorMessage?: string;
  /** Epoch ms the task succeeded or failed. */
  completeTime?: number;
}

export type UploadTasks = readonly UploadTask[];

// Pure transitions (spec §4) -------------------------------------------------------------------

/** A new task: uploading, nothing sent yet. */
export function createTask(id: string, fileName: string): UploadTask {
  return { id, fileName, progress: 0, status: 'uploading' };
}

export function addTask(tasks: UploadTasks, task: UploadTask): UploadTasks {
  return [...tasks, task];
}

export interface ProgressResult {
  tasks: UploadTasks;
  /** Set when this progress completed the task: it is now success and no longer in `tasks`. */
  completed?: UploadTask;
}

/**
 * Records the progress of an uploading task (clamped to 0..1, never going back). When it reaches 1
 * the task becomes success with a completion time and is removed from the list. Unknown or
 * finished tasks are left alone.
 */
export function applyProgress(tasks: UploadTasks, id: string, progress: number, now: number): ProgressResult {
  const task = tasks.find((t) => t.id === id);
  if (!task || task.status !== 'uploading' || Number.isNaN(progress)) return { tasks };
  const value = Math.max(task.progress, Math.min(1, Math.max(0, progress)));
  if (value >= 1) {
    const completed: UploadTask = { ...task, progress: 1, status: 'success', completeTime: now };
    return { tasks: tasks.filter((t) => t.id !== id), completed };
  }
  if (value === task.progress) return { tasks };
  return { tasks: tasks.map((t) => (t.id === id ? { ...t, progress: value } : t)) };
}

/** The message of a failed task: '上传失败', with the reason when one is known. */
export function failureMessage(reason?: string): string {
  return reason ? `${MSG.uploadFailed}：${reason}` : MSG.uploadFailed;
}

/** An uploading task fails: status error, the failure message, the time. */
export function applyFailure(tasks: UploadTasks, id: string, now: number, reason?: string): UploadTasks {
  const task = tasks.find((t) => t.id === id);
  if (!task || task.status !== 'uploading') return tasks;
  return tasks.map((t) => (t.id === id ? { ...t, status: 'error' as const, errorMessage: failureMessage(reason), completeTime: now } : t));
}

export function removeTask(tasks: UploadTasks, id: string): UploadTasks {
  return tasks.some((t) => t.id === id) ? tasks.filter((t) => t.id !== id) : tasks;
}

/** Clearing completed tasks keeps only those still uploading. */
export function clearCompleted(tasks: UploadTasks): UploadTasks {
  return tasks.every((t) => t.status === 'uploading') ? tasks : tasks.filter((t) => t.status === 'uploading');
}

// The store ------------------------------------------------------------------------------------

export interface UploadTaskStoreOptions {
  /** Called once a task succeeded (the app's store shows '上传成功'). */
  onSuccess?: (task: UploadTask) => void;
  /** Called once a task failed (the app's store shows its message). */
  onError?: (task: UploadTask) => void;
  now?: () => number;
}

export interface UploadTaskStore {
  getSnapshot: () => UploadTasks;
  subscribe: (listener: () => void) => () => void;
  /** Adds an uploading task and returns its id. */
  start: (fileName: string) => string;
  progress: (id: string, progress: number) => void;
  fail: (id: string, reason?: string) => void;
  /** Drops a task without an outcome (a cancelled upload). */
  remove: (id: string) => void;
  clearCompleted: () => void;
}

let sequence = 0;

/** A small external store of upload tasks, read in React with useSyncExternalStore. */
export function createUploadTaskStore(options: UploadTaskStoreOptions = {}): UploadTaskStore {
  const now = options.now ?? Date.now;
  let tasks: UploadTasks = [];
  const listeners = new Set<() => void>();
  const set = (next: UploadTasks) => {
    if (next === tasks) return;
    tasks = next;
    for (const listener of [...listeners]) listener();
  };
  return {
    getSnapshot: () => tasks,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start(fileName) {
      sequence += 1;
      const id = `upload-${sequence}`;
      set(addTask(tasks, createTask(id, fileName)));
      return id;
    },
    progress(id, progress) {
      const result = applyProgress(tasks, id, progress, now());
      set(result.tasks);
      if (result.completed) options.onSuccess?.(result.completed);
    },
    fail(id, reason) {
      const before = tasks;
      set(applyFailure(tasks, id, now(), reason));
      const failed = tasks !== before ? tasks.find((t) => t.id === id) : undefined;
      if (failed) options.onError?.(failed);
    },
    remove: (id) => set(removeTask(tasks, id)),
    clearCompleted: () => set(clearCompleted(tasks)),
  };
}

/** The app's upload tasks: success shows '上传成功', a failure shows its message. */
export const uploadTasks = createUploadTaskStore({
  onSuccess: () => notify(MSG.uploadSucceeded, 'success'),
  onError: (task) => notify(task.errorMessage ?? MSG.uploadFailed, 'error'),
});

/** The current tasks of a store (the app's by default); re-renders on every change. */
export function useUploadTasks(store: UploadTaskStore = uploadTasks): UploadTasks {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
