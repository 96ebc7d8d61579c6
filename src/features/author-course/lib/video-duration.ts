/** A video file's duration in whole seconds (rounded up), read by the browser; null when it cannot tell. */
export function readVideoDuration(file: File, timeoutMs = 15_000): Promise<number | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    let settled = false;
    const done = (value: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      resolve(value);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () => {
      const d = video.duration;
      if (Number.isFinite(d) && d > 0) {
        done(Math.max(1, Math.ceil(d)));
        return;
      }
      // A MediaRecorder WebM has no duration in its header: seeking far ahead makes the browser find it.
      video.ondurationchange = () => {
        if (Number.isFinite(video.duration) && video.duration > 0) done(Math.max(1, Math.ceil(video.duration)));
      };
      video.currentTime = 1e9;
    };
    video.onerror = () => done(null);
    video.src = url;
  });
}
