import type { PickedFile } from '@/shared/lib';

/** Server limit: at most 10 attachments per appeal. */
export const MAX_ATTACHMENTS = 10;

/** What the appeal sends: the uploaded files (failed ones are left out), and whether uploads are still running. */
export function uploadedAttachments(list: readonly PickedFile[]): {
  attachments: { name: string; url: string; size: number; content_type?: string }[];
  uploading: boolean;
} {
  return {
    attachments: list
      .filter((f) => f.status === 'done' && f.key)
      .map((f) => ({ name: f.name, url: f.key!, size: f.size, ...(f.contentType ? { content_type: f.contentType } : {}) })),
    uploading: list.some((f) => f.status === 'uploading'),
  };
}
