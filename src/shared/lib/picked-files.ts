/**
 * Files a user picked in a dialog, each uploaded on its own straight away: pure state transitions
 * (uploading → done with its object key, or error), shared by every dialog that attaches files.
 */
export type PickedFileStatus = 'uploading' | 'done' | 'error';

export interface PickedFile {
  id: string;
  name: string;
  size: number;
  /** The browser's type of the file ('' when it does not know). */
  contentType: string;
  status: PickedFileStatus;
  /** The object key once uploaded. */
  key?: string;
}

/** Adds files up to `max` in all; `dropped` is how many did not fit. */
export function addPicked(list: readonly PickedFile[], added: readonly PickedFile[], max: number): { list: PickedFile[]; dropped: number } {
  const room = Math.max(0, max - list.length);
  return { list: [...list, ...added.slice(0, room)], dropped: Math.max(0, added.length - room) };
}

export function markPickedUploaded(list: readonly PickedFile[], id: string, key: string): PickedFile[] {
  // The same file picked twice uploads to the same key: keep one.
  if (list.some((f) => f.id !== id && f.key === key)) return list.filter((f) => f.id !== id);
  return list.map((f) => (f.id === id ? { ...f, status: 'done', key } : f));
}

export function markPickedFailed(list: readonly PickedFile[], id: string): PickedFile[] {
  return list.map((f) => (f.id === id ? { ...f, status: 'error' } : f));
}

export function removePicked(list: readonly PickedFile[], id: string): PickedFile[] {
  return list.filter((f) => f.id !== id);
}
