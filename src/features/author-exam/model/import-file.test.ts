import { describe, expect, it } from 'vitest';
import { fileToBase64, importErrorRow, isXlsxName } from './import-file';

describe('import file helpers', () => {
  it('accepts .xlsx names only', () => {
    expect(isXlsxName('题目.XLSX')).toBe(true);
    expect(isXlsxName('题目.xls')).toBe(false);
    expect(isXlsxName('题目.csv')).toBe(false);
  });

  it('encodes bytes as base64 the way the server decodes them', async () => {
    const bytes = new Uint8Array(70_000).map((_, i) => (i * 7) % 256);
    const b64 = await fileToBase64(new Blob([bytes]));
    expect(Buffer.from(b64, 'base64').equals(Buffer.from(bytes))).toBe(true);
  });

  it('reads the row of a cell error', () => {
    expect(importErrorRow('row.12.I')).toBe(12);
    expect(importErrorRow('file')).toBe(Number.MAX_SAFE_INTEGER);
  });
});
