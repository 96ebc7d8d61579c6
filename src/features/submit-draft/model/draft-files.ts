import type { PickedFile } from '@/shared/lib';

/** Server limit: at most 20 files per draft. */
export const MAX_DRAFT_FILES = 20;

/** The keys to submit, and whether the draft can be submitted now (all uploads finished, one at least done). */
export function submittable(list: readonly PickedFile[]): { keys: string[]; ready: boolean; uploading: boolean } {
  const keys = list.filter((f) => f.status === 'done' && f.key).map((f) => f.key!);
  const uploading = list.some((f) => f.status === 'uploading');
  return { keys, uploading, ready: keys.length > 0 && !uploading };
}
