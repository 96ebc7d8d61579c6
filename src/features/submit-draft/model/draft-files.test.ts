import { describe, expect, it } from 'vitest';
import { addFiles, type DraftFile, markFailed, markUploaded, MAX_DRAFT_FILES, removeFile, submittable } from './draft-files';

const file = (id: string): DraftFile => ({ id, name: `${id}.pdf`, size: 10, status: 'uploading' });

describe('draft files', () => {
  it('uploading → done with its key, or error', () => {
    let list = addFiles([], [file('a'), file('b')]).list;
    expect(submittable(list)).toEqual({ keys: [], uploading: true, ready: false });
    list = markUploaded(list, 'a', 'draft/D1/k/a.pdf');
    expect(submittable(list).ready).toBe(false);
    list = markFailed(list, 'b');
    expect(submittable(list)).toEqual({ keys: ['draft/D1/k/a.pdf'], uploading: false, ready: true });
    list = removeFile(list, 'a');
    expect(submittable(list).ready).toBe(false);
  });

  it('at most 20 files', () => {
    const many = Array.from({ length: 25 }, (_, i) => file(String(i)));
    const { list, dropped } = addFiles([file('x')], many);
    expect(list).toHaveLength(MAX_DRAFT_FILES);
    expect(dropped).toBe(6);
  });

  it('the same key twice is kept once', () => {
    let list = addFiles([], [file('a'), file('b')]).list;
    list = markUploaded(list, 'a', 'k');
    list = markUploaded(list, 'b', 'k');
    expect(submittable(list).keys).toEqual(['k']);
  });
});
