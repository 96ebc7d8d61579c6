import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyToClipboard } from './clipboard';

describe('copyToClipboard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reports success once the text is on the clipboard', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    await expect(copyToClipboard('INV123')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('INV123');
  });

  it('reports failure when the browser refuses or has no clipboard', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) } });
    await expect(copyToClipboard('x')).resolves.toBe(false);
    vi.stubGlobal('navigator', {});
    await expect(copyToClipboard('x')).resolves.toBe(false);
  });
});
