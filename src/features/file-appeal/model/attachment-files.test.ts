import { describe, expect, it } from 'vitest';
import { addPicked, markPickedFailed, markPickedUploaded, type PickedFile, removePicked } from '@/shared/lib';
import { MAX_ATTACHMENTS, uploadedAttachments } from './attachment-files';

const file = (id: string): PickedFile => ({ id, name: `${id}.png`, size: 10, contentType: 'image/png', status: 'uploading' });

describe('appeal attachments', () => {
  it('only uploaded ones are sent, with their type; uploads still running are reported', () => {
    let list = addPicked([], [file('a'), file('b')], MAX_ATTACHMENTS).list;
    expect(uploadedAttachments(list)).toEqual({ attachments: [], uploading: true });
    list = markPickedUploaded(list, 'a', 'attachment/D000002/20261122/abcdefgh/a.png');
    list = markPickedFailed(list, 'b');
    expect(uploadedAttachments(list)).toEqual({
      attachments: [{ name: 'a.png', url: 'attachment/D000002/20261122/abcdefgh/a.png', size: 10, content_type: 'image/png' }],
      uploading: false,
    });
    expect(uploadedAttachments(removePicked(list, 'a')).attachments).toEqual([]);
  });

  it('a file the browser has no type for is sent without content_type', () => {
    const list = markPickedUploaded([{ ...file('a'), contentType: '' }], 'a', 'k');
    expect(uploadedAttachments(list).attachments).toEqual([{ name: 'a.png', url: 'k', size: 10 }]);
  });
});
