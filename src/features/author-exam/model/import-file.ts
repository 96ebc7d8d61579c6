/** The import's body is at most 1 MB of JSON; base64 grows a file by 4/3. */
export const MAX_IMPORT_BYTES = 700 * 1024;

/** Whether a picked file looks like an Excel workbook (.xlsx); the server reads the content. */
export function isXlsxName(name: string): boolean {
  return /\.xlsx$/i.test(name.trim());
}

/** A file's bytes as base64 (what POST …/questions/import takes). */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}

/** The row of a per-cell import error (`row.3.I` → 3), to sort the list by row. */
export function importErrorRow(field: string): number {
  const m = /^row\.(\d+)\./.exec(field);
  return m ? Number(m[1]) : Number.MAX_SAFE_INTEGER;
}
