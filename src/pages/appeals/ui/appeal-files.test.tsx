import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { downloadFile } from '@/features/download-file';
import { AppealFiles } from './appeal-files';

vi.mock('@/features/download-file', async (original) => ({ ...(await original<typeof import('@/features/download-file')>()), downloadFile: vi.fn() }));

const SIGNED = '?OSSAccessKeyId=LOCAL&Expires=1764000900&Signature=abc%3D';

describe('AppealFiles', () => {
  it('previews and downloads each file at the signed read_url the server sent, never at its bare key', () => {
    render(
      <MantineProvider>
        <AppealFiles
          attachments={[
            { name: '截图.png', url: 'appeal/D000002/20261122/abcdefgh/截图.png', read_url: `/oss/appeal/D000002/20261122/abcdefgh/%E6%88%AA%E5%9B%BE.png${SIGNED}` },
            { name: '说明.pdf', url: 'appeal/D000002/20261122/abcdefgh/说明.pdf', read_url: `/oss/appeal/D000002/20261122/abcdefgh/%E8%AF%B4%E6%98%8E.pdf${SIGNED}`, size: 2048 },
          ]}
        />
      </MantineProvider>,
    );
    const preview = screen.getByRole('link', { name: '预览 截图.png（新标签页打开）' });
    expect(preview.getAttribute('href')).toBe(`/oss/appeal/D000002/20261122/abcdefgh/%E6%88%AA%E5%9B%BE.png${SIGNED}`);
    expect(screen.getByRole('img', { name: '截图.png' }).getAttribute('src')).toBe(preview.getAttribute('href'));
    fireEvent.click(screen.getByRole('button', { name: '下载 说明.pdf' }));
    expect(downloadFile).toHaveBeenCalledWith(`/oss/appeal/D000002/20261122/abcdefgh/%E8%AF%B4%E6%98%8E.pdf${SIGNED}`, '说明.pdf');
  });
});
