import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userApi } from '@/entities/user';
import { tokenStore } from '@/shared/api';
import { AGREEMENT_REQUIRED } from '../model/register.schema';
import { RegisterPage } from './register-page';

function renderAt(url: string) {
  const root = createRootRoute();
  const page = (path: string, text: string) => createRoute({ getParentRoute: () => root, path, component: () => <p>{text}</p> });
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({ getParentRoute: () => root, path: '/register', component: RegisterPage }),
      page('/guide', '入驻引导'),
      page('/login', '登录页'),
      page('/service-agreement', '服务协议'),
      page('/privacy-policy', '隐私政策'),
    ]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router as never} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('RegisterPage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    tokenStore.clear();
  });

  it('pre-fills ?invite=, insists on the agreement, then signs in and opens the guide', async () => {
    const register = vi.spyOn(userApi, 'register').mockResolvedValue({ token: 'tok', session_id: 'sid' });
    renderAt('/register?invite=TEAM01');

    expect(((await screen.findByLabelText(/邀请码/)) as HTMLInputElement).value).toBe('TEAM01');
    type(/手机号/, '13912345678');
    type(/验证码/, '123456');
    type(/^密码/, 'Design2026');
    type(/确认密码/, 'Design2026');
    fireEvent.click(screen.getByRole('button', { name: '注册' }));

    expect(await screen.findByText(AGREEMENT_REQUIRED)).toBeTruthy();
    expect(register).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: '注册' }));

    expect(await screen.findByText('入驻引导')).toBeTruthy();
    expect(register.mock.calls[0]?.[0]).toEqual({ phone: '13912345678', code: '123456', password: 'Design2026', invite_code: 'TEAM01' });
    expect(tokenStore.get()).toBe('tok');
  });
});
