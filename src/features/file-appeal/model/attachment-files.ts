/** The files picked for an appeal, each uploaded on its own (pure state transitions). */
export type AttachmentStatus = 'uploading' | 'done' | 'error';

export interface AttachmentFile {
  id: string;
  name: string;
  size: number;
  contentType: string;
  status: AttachmentStatus;
  /** The object key once uploaded. */
  key?: string;
}

/** Server limit: at most 10 attachments per appeal. */
export const MAX_ATTACHMENTS = 10;

export function addAttachments(list: readonly AttachmentFile[], added: readonly AttachmentFile[]): { list: AttachmentFile[]; dropped: number } {
  const room = Math.max(0, MAX_ATTACHMENTS - list.length);
  return { list: [...list, ...added.slice(0, room)], dropped: Math.max(0, added.length - room) };
}

export function markAttachmentUploaded(list: readonly AttachmentFile[], id: string, key: string): AttachmentFile[] {
  // The same file picked twice uploads to the same key: keep one.
  if (list.some((f) => f.id !== id && f.key === key)) return list.filter((f) => f.id !== id);
  return list.map((f) => (f.id === id ? { ...f, status: 'done', key } : f));
}

export function markAttachmentFailed(list: readonly AttachmentFile[], id: string): AttachmentFile[] {
  return list.map((f) => (f.id === id ? { ...f, status: 'error' } : f));
}

export function removeAttachment(list: readonly AttachmentFile[], id: string): AttachmentFile[] {
  return list.filter((f) => f.id !== id);
}

/** What the appeal sends: the uploaded files (failed ones are left out), and whether uploads are still running. */
export function uploadedAttachments(list: readonly AttachmentFile[]): {
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
