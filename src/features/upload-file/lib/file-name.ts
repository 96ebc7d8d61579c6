/** Longest file name kept in an object key, in UTF-8 bytes (OSS keys are at most 1023 bytes). */
export const MAX_NAME_BYTES = 200;

const utf8 = new TextEncoder();
const byteLength = (s: string) => utf8.encode(s).length;

function truncateBytes(s: string, max: number): string {
  let out = '';
  for (const ch of s) {
    if (byteLength(out + ch) > max) break;
    out += ch;
  }
  return out;
}

/**
 * The user's file name made safe for an object key: the last path segment only (no `/` or `\`),
 * no control characters, trimmed, at most MAX_NAME_BYTES bytes with the extension kept. The OSS
 * `${filename}` placeholder is defused so the stored key is exactly the one we send.
 */
export function safeFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  let clean = base.replace(/[\u0000-\u001f\u007f]/g, '').replace(/\$\{filename\}/gi, 'filename').trim();
  if (clean === '' || /^\.+$/.test(clean)) clean = 'file';
  if (byteLength(clean) <= MAX_NAME_BYTES) return clean;
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 && clean.length - dot <= 16 ? clean.slice(dot) : '';
  return truncateBytes(clean.slice(0, clean.length - ext.length), MAX_NAME_BYTES - byteLength(ext)).trimEnd() + ext;
}

/** The URL path of an object key: each segment percent-encoded. */
export function encodeKey(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}
