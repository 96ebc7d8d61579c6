import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@/shared/config/messages';
import { CopyText } from './copy-text';
import { notify } from './notify';

vi.mock('./notify', () => ({ notify: vi.fn() }));

function renderCopy(onRowClick = vi.fn()) {
  render(
    <MantineProvider>
      <div onClick={onRowClick}>
        <CopyText value="SO20261120001" />
      </div>
    </MantineProvider>,
  );
  return screen.getByRole('button', { name: '复制' });
}

describe('CopyText', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(notify).mockClear();
  });

  it('shows the text and copies it, saying 已复制', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    const onRowClick = vi.fn();
    const button = renderCopy(onRowClick);
    expect(screen.getByText('SO20261120001')).toBeTruthy();
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe('SO20261120001');
    fireEvent.click(button);
    await waitFor(() => expect(notify).toHaveBeenCalledWith(MSG.copied, 'success'));
    expect(writeText).toHaveBeenCalledWith('SO20261120001');
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('says 复制失败 when the browser refuses', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) } });
    fireEvent.click(renderCopy());
    await waitFor(() => expect(notify).toHaveBeenCalledWith(MSG.copyFailed, 'error'));
  });
});
