import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api';
import { SendCodeButton } from './send-code-button';

const sendCode = vi.fn();
vi.mock('@/entities/user', () => ({ userApi: { sendCode: (...args: unknown[]) => sendCode(...args) } }));
vi.mock('@/shared/ui', () => ({ notify: vi.fn() }));

function renderButton() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <SendCodeButton phone="13800000001" scene="login" onPhoneError={vi.fn()} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return screen.getByRole('button');
}

describe('SendCodeButton', () => {
  beforeEach(() => sendCode.mockReset());

  it('starts the 60 s wait only once the code was sent: after a provider failure (503) the user may ask again at once', async () => {
    sendCode.mockRejectedValueOnce(new ApiError('短信发送失败，请稍后重试', 503, 'http'));
    sendCode.mockResolvedValueOnce({ expires_in: 300, resend_after: 60 });
    const button = renderButton();

    fireEvent.click(button);
    await waitFor(() => expect(sendCode).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(button.hasAttribute('data-loading')).toBe(false));
    expect(button.textContent).toBe('获取验证码');
    expect(button.hasAttribute('disabled')).toBe(false);

    fireEvent.click(button);
    await waitFor(() => expect(button.textContent).toBe('60秒后重试'));
    expect(sendCode).toHaveBeenCalledTimes(2);
    expect(sendCode).toHaveBeenLastCalledWith('13800000001', 'login');
  });
});
