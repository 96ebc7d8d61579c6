import { describe, expect, it } from 'vitest';
import {
  addAttachments,
  type AttachmentFile,
  markAttachmentFailed,
  markAttachmentUploaded,
  MAX_ATTACHMENTS,
  removeAttachment,
  uploadedAttachments,
} from './attachment-files';

const file = (id: string): AttachmentFile => ({ id, name: `${id}.png`, size: 10, contentType: 'image/png', status: 'uploading' });

describe('appeal attachments', () => {
  it('uploading → done with its key, or error; only uploaded ones are sent', () => {
    let list = addAttachments([], [file('a'), file('b')]).list;
    expect(uploadedAttachments(list)).toEqual({ attachments: [], uploading: true });
    list = markAttachmentUploaded(list, 'a', 'attachment/D000002/20261122/abcdefgh/a.png');
    list = markAttachmentFailed(list, 'b');
    expect(uploadedAttachments(list)).toEqual({
      attachments: [{ name: 'a.png', url: 'attachment/D000002/20261122/abcdefgh/a.png', size: 10, content_type: 'image/png' }],
      uploading: false,
    });
    expect(uploadedAttachments(removeAttachment(list, 'a')).attachments).toEqual([]);
  });
  it('at most 10 files', () => {
    const { list, dropped } = addAttachments([file('x')], Array.from({ length: 12 }, (_, i) => file(String(i))));
    expect(list).toHaveLength(MAX_ATTACHMENTS);
    expect(dropped).toBe(3);
  });
  it('the same key twice is kept once', () => {
    let list = addAttachments([], [file('a'), file('b')]).list;
    list = markAttachmentUploaded(list, 'a', 'k');
    list = markAttachmentUploaded(list, 'b', 'k');
    expect(uploadedAttachments(list).attachments.map((a) => a.url)).toEqual(['k']);
  });
});
