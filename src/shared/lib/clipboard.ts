/**
 * Writes text to the clipboard; resolves true on success, false when the browser refuses (no
 * Clipboard API, insecure context, permission denied), so the caller can tell the user which.
 */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    if (typeof navigator === 'undefined' || !navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
