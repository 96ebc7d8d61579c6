import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createUploadTaskStore } from '../model/upload-tasks';
import { UploadTaskList } from './upload-task-list';

vi.mock('@/shared/ui', () => ({ notify: vi.fn() }));

function renderList() {
  const store = createUploadTaskStore({ now: () => Date.parse('2026-11-20T08:00:00Z') });
  render(
    <MantineProvider>
      <UploadTaskList store={store} />
    </MantineProvider>,
  );
  return store;
}

describe('UploadTaskList', () => {
  it('shows an empty state and no clear button to press', () => {
    renderList();
    expect(screen.getByText('暂无上传任务')).toBeTruthy();
    expect(screen.getByRole('button', { name: '清除已完成' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows each upload with its progress, drops finished ones, and clears failed ones', () => {
    const store = renderList();
    let a = '';
    let b = '';
    act(() => {
      a = store.start('初稿.psd');
      b = store.start('终稿.psd');
      store.progress(a, 0.42);
    });
    const list = screen.getByRole('list', { name: '上传任务列表' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('上传中 42%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: '初稿.psd 上传进度' }).getAttribute('aria-valuenow')).toBe('42');

    act(() => store.progress(a, 1));
    expect(screen.queryByText('初稿.psd')).toBeNull();

    act(() => store.fail(b, '网络连接失败'));
    expect(screen.getByText('上传失败')).toBeTruthy();
    expect(screen.getByText(/上传失败：网络连接失败/)).toBeTruthy();
    // When it failed, in Shanghai time (08:00 UTC) though the tests run in New York (03:00).
    expect(screen.getByText(/（16:00:00）/)).toBeTruthy();

    const clear = screen.getByRole('button', { name: '清除已完成' });
    expect(clear.hasAttribute('disabled')).toBe(false);
    fireEvent.click(clear);
    expect(screen.getByText('暂无上传任务')).toBeTruthy();
  });
});
