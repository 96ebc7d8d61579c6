/** "4小时", "1天2小时", "30分钟": how long a designer has for a ticket. */
export function durationText(minutes: number): string {
  const m = Math.max(0, Math.trunc(minutes));
  const d = Math.floor(m / 1440);
  const h = Math.floor((m % 1440) / 60);
  const rest = m % 60;
  return [d ? `${d}天` : '', h ? `${h}小时` : '', rest ? `${rest}分钟` : ''].join('') || '0分钟';
}

/** The file name of an object key or URL: its last path segment, decoded. */
export function fileNameOf(keyOrUrl: string): string {
  const path = keyOrUrl.split(/[?#]/)[0] ?? '';
  const last = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(last) || keyOrUrl;
  } catch {
    return last || keyOrUrl;
  }
}
