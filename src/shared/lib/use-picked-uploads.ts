import { useEffect, useRef, useState } from 'react';
import { addPicked, markPickedFailed, markPickedUploaded, type PickedFile, removePicked } from './picked-files';

interface Options {
  /** The most files in all. */
  max: number;
  /** Uploads one file and resolves with its object key (the caller's uploader shows progress and failures). */
  upload: (file: File, signal: AbortSignal | undefined) => Promise<{ key: string }>;
  /** Called with how many picked files did not fit under `max`. */
  onDropped?: (dropped: number) => void;
  /** Files already in the store the list starts with (as uploaded). */
  initial?: readonly StoredFile[];
}

/** A file already in the store (e.g. copied there by the server). */
export interface StoredFile {
  key: string;
  name: string;
  size: number;
  contentType: string;
}

function storedEntries(list: readonly PickedFile[], stored: readonly StoredFile[]): PickedFile[] {
  const fresh = stored.filter((f, i) => !list.some((l) => l.key === f.key) && stored.findIndex((o) => o.key === f.key) === i);
  return fresh.map((f) => ({ id: `picked-file-${++sequence}`, name: f.name, size: f.size, contentType: f.contentType, status: 'done' as const, key: f.key }));
}

let sequence = 0;

/**
 * The files of a dialog: each picked file uploads straight away; closing (unmounting) cancels the
 * uploads still under way.
 */
export function usePickedUploads({ max, upload, onDropped, initial }: Options) {
  const [files, setFiles] = useState<PickedFile[]>(() => (initial ? storedEntries([], initial).slice(0, max) : []));
  // The list as of the last change, so a second pick before the next render adds to the first.
  const latest = useRef<PickedFile[]>(files);
  const update = (change: (list: PickedFile[]) => PickedFile[]) => {
    latest.current = change(latest.current);
    setFiles(latest.current);
  };
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    abort.current = controller;
    return () => controller.abort(new DOMException('上传已取消', 'AbortError'));
  }, []);

  const pick = (picked: File[]) => {
    const entries = picked.map((f) => ({
      file: f,
      entry: { id: `picked-file-${++sequence}`, name: f.name, size: f.size, contentType: f.type, status: 'uploading' as const },
    }));
    const { list, dropped } = addPicked(latest.current, entries.map((e) => e.entry), max);
    if (dropped) onDropped?.(dropped);
    update(() => list);
    const accepted = new Set(list.map((f) => f.id));
    for (const { file, entry } of entries) {
      if (!accepted.has(entry.id)) continue;
      upload(file, abort.current?.signal).then(
        (uploaded) => update((l) => markPickedUploaded(l, entry.id, uploaded.key)),
        () => update((l) => markPickedFailed(l, entry.id)),
      );
    }
  };

  /** Adds files already in the store (copied there by the server), as uploaded; a key already listed is kept once. */
  const addStored = (stored: readonly StoredFile[]) => {
    const { list, dropped } = addPicked(latest.current, storedEntries(latest.current, stored), max);
    if (dropped) onDropped?.(dropped);
    update(() => list);
  };

  return {
    files,
    pick,
    addStored,
    remove: (id: string) => update((l) => removePicked(l, id)),
    uploading: files.some((f) => f.status === 'uploading'),
  };
}
