import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePickedUploads } from './use-picked-uploads';

const file = (name: string) => new File(['x'], name, { type: 'image/png' });

function deferred() {
  let resolve!: (v: { key: string }) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<{ key: string }>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('usePickedUploads', () => {
  it('two picks in one go both count, and the limit holds across them', () => {
    const dropped: number[] = [];
    const { result } = renderHook(() => usePickedUploads({ max: 3, upload: () => new Promise(() => {}), onDropped: (n) => dropped.push(n) }));
    act(() => {
      result.current.pick([file('a.png'), file('b.png')]);
      result.current.pick([file('c.png'), file('d.png')]);
    });
    expect(result.current.files.map((f) => f.name)).toEqual(['a.png', 'b.png', 'c.png']);
    expect(dropped).toEqual([1]);
    expect(result.current.uploading).toBe(true);
  });

  it('each file ends uploaded with its key or failed; a removed one is gone', async () => {
    const uploads = [deferred(), deferred()];
    let n = 0;
    const { result } = renderHook(() => usePickedUploads({ max: 5, upload: () => uploads[n++]!.promise }));
    act(() => result.current.pick([file('a.png'), file('b.png')]));
    await act(async () => {
      uploads[0]!.resolve({ key: 'k/a.png' });
      uploads[1]!.reject(new Error('上传失败'));
    });
    expect(result.current.files.map((f) => [f.name, f.status, f.key])).toEqual([
      ['a.png', 'done', 'k/a.png'],
      ['b.png', 'error', undefined],
    ]);
    expect(result.current.uploading).toBe(false);
    act(() => result.current.remove(result.current.files[1]!.id));
    expect(result.current.files.map((f) => f.name)).toEqual(['a.png']);
  });

  it('files already stored join as uploaded, each key once, within the limit', () => {
    const dropped: number[] = [];
    const { result } = renderHook(() => usePickedUploads({ max: 2, upload: () => new Promise(() => {}), onDropped: (n) => dropped.push(n) }));
    const stored = (key: string) => ({ key, name: key.split('/').pop()!, size: 3, contentType: 'application/pdf' });
    act(() => result.current.addStored([stored('draft/D1/a.pdf'), stored('draft/D1/a.pdf')]));
    act(() => result.current.addStored([stored('draft/D1/a.pdf'), stored('draft/D1/b.pdf'), stored('draft/D1/c.pdf')]));
    expect(result.current.files.map((f) => [f.name, f.status, f.key])).toEqual([
      ['a.pdf', 'done', 'draft/D1/a.pdf'],
      ['b.pdf', 'done', 'draft/D1/b.pdf'],
    ]);
    expect(dropped).toEqual([1]);
    expect(result.current.uploading).toBe(false);
  });
});
