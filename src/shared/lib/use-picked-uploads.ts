import { useEffect, useRef, useState } from 'react';
import { addPicked, markPickedFailed, markPickedUploaded, type PickedFile, removePicked } from './picked-files';

interface Options {
  /** The most files in all. */
  max: number;
  /** Uploads one file and resolves with its object key (the caller's uploader shows progress and failures). */
  upload: (file: File, signal: AbortSignal | undefined) => Promise<{ key: string }>;
  /** Called with how many picked files did not fit under `max`. */
  onDropped?: (dropped: number) => void;
}

let sequence = 0;

/**
 * The files of a dialog: each picked file uploads straight away; closing (unmounting) cancels the
 * uploads still under way.
 */
export function usePickedUploads({ max, upload, onDropped }: Options) {
  const [files, setFiles] = useState<PickedFile[]>([]);
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
    const { list, dropped } = addPicked(files, entries.map((e) => e.entry), max);
    if (dropped) onDropped?.(dropped);
    setFiles(list);
    const accepted = new Set(list.map((f) => f.id));
    for (const { file, entry } of entries) {
      if (!accepted.has(entry.id)) continue;
      upload(file, abort.current?.signal).then(
        (uploaded) => setFiles((l) => markPickedUploaded(l, entry.id, uploaded.key)),
        () => setFiles((l) => markPickedFailed(l, entry.id)),
      );
    }
  };

  return {
    files,
    pick,
    remove: (id: string) => setFiles((l) => removePicked(l, id)),
    uploading: files.some((f) => f.status === 'uploading'),
  };
}
