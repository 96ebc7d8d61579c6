import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmButton } from './confirm-button';

async function renderButton(onConfirm: () => unknown) {
  render(
    <MantineProvider>
      <ConfirmButton label="撤销" title="撤销链接" message="撤销后该链接立即失效。" confirmLabel="确定撤销" onConfirm={onConfirm} />
    </MantineProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: '撤销' }));
  return screen.findByRole('button', { name: '确定撤销' });
}

describe('ConfirmButton', () => {
  it('asks first: cancelling does nothing', async () => {
    const onConfirm = vi.fn();
    await renderButton(onConfirm);
    expect(screen.getByText('撤销后该链接立即失效。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: '确定撤销' })).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('a plain action runs once and the dialog closes', async () => {
    const onConfirm = vi.fn();
    fireEvent.click(await renderButton(onConfirm));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: '确定撤销' })).toBeNull());
  });

  it('an action that fails leaves the dialog open to try again', async () => {
    let fail: (e: Error) => void = () => {};
    const onConfirm = vi.fn(() => new Promise((_, reject) => (fail = reject)));
    const confirm = await renderButton(onConfirm);
    fireEvent.click(confirm);
    fail(new Error('网络错误'));
    await waitFor(() => expect(screen.getByRole('button', { name: '确定撤销' }).hasAttribute('data-loading')).toBe(false));
    expect(screen.getByRole('button', { name: '确定撤销' })).toBeTruthy();
  });

  it('an action that succeeds closes the dialog once it is done', async () => {
    let done: () => void = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (done = resolve)));
    fireEvent.click(await renderButton(onConfirm));
    await waitFor(() => expect(screen.getByRole('button', { name: '确定撤销' }).hasAttribute('data-loading')).toBe(true));
    done();
    await waitFor(() => expect(screen.queryByRole('button', { name: '确定撤销' })).toBeNull());
  });
});
