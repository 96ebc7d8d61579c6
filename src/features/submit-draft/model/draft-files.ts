/** The files picked for a draft, each uploaded on its own (pure state transitions). */
export type DraftFileStatus = 'uploading' | 'done' | 'error';

export interface DraftFile {
  id: string;
  name: string;
  size: number;
  status: DraftFileStatus;
  /** The object key once uploaded. */
  key?: string;
}

/** Server limit: at most 20 files per draft. */
export const MAX_DRAFT_FILES = 20;

export function addFiles(list: readonly DraftFile[], added: readonly DraftFile[]): { list: DraftFile[]; dropped: number } {
  const room = Math.max(0, MAX_DRAFT_FILES - list.length);
  return { list: [...list, ...added.slice(0, room)], dropped: Math.max(0, added.length - room) };
}

export function markUploaded(list: readonly DraftFile[], id: string, key: string): DraftFile[] {
  // Two picks of the same file upload to the same key: keep one.
  if (list.some((f) => f.id !== id && f.key === key)) return list.filter((f) => f.id !== id);
  return list.map((f) => (f.id === id ? { ...f, status: 'done', key } : f));
}

export function markFailed(list: readonly DraftFile[], id: string): DraftFile[] {
  return list.map((f) => (f.id === id ? { ...f, status: 'error' } : f));
}

export function removeFile(list: readonly DraftFile[], id: string): DraftFile[] {
  return list.filter((f) => f.id !== id);
}

/** The keys to submit, and whether the draft can be submitted now (all uploads finished, one at least done). */
export function submittable(list: readonly DraftFile[]): { keys: string[]; ready: boolean; uploading: boolean } {
  const keys = list.filter((f) => f.status === 'done' && f.key).map((f) => f.key!);
  const uploading = list.some((f) => f.status === 'uploading');
  return { keys, uploading, ready: keys.length > 0 && !uploading };
}
