import { describe, expect, it } from 'vitest';
import { addPicked, markPickedFailed, markPickedUploaded, type PickedFile, removePicked } from '@/shared/lib';
import { MAX_DRAFT_FILES, submittable } from './draft-files';

const file = (id: string): PickedFile => ({ id, name: `${id}.pdf`, size: 10, contentType: 'application/pdf', status: 'uploading' });

describe('draft files', () => {
  it('can be submitted once every upload finished and one at least succeeded', () => {
    let list = addPicked([], [file('a'), file('b')], MAX_DRAFT_FILES).list;
    expect(submittable(list)).toEqual({ keys: [], uploading: true, ready: false });
    list = markPickedUploaded(list, 'a', 'draft/D1/k/a.pdf');
    expect(submittable(list).ready).toBe(false);
    list = markPickedFailed(list, 'b');
    expect(submittable(list)).toEqual({ keys: ['draft/D1/k/a.pdf'], uploading: false, ready: true });
    list = removePicked(list, 'a');
    expect(submittable(list).ready).toBe(false);
  });
});
