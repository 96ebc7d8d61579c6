import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@/shared/config/messages';
import { userQueries } from '../api/user.queries';
import { HasPerm, HasRole } from './has-perm';

function withUser(permissions: string[], roles: string[], ui: ReactNode) {
  const client = new QueryClient();
  client.setQueryData(userQueries.profile().queryKey, { permissions, roles } as never);
  return render(
<QueryClientProvider client={client}>{ui}</QueryClientProvider>,
  );
}

describe('HasPerm / HasRole wrappers (spec §6 directives)', () => {
  it('render children when the user holds one of the listed permissions', () => {
    withUser(['ticket:view'], ['role_user'], <HasPerm value={['ticket:transfer', 'ticket:view']}>可见按钮</HasPerm>);
    expect(screen.getByText('可见按钮')).toBeTruthy();
  });
  it('remove the element otherwise', () => {
    withUser(['ticket:view'], ['role_user'], <HasPerm value={['ticket:transfer']}>转派</HasPerm>);
    expect(screen.queryByText('转派')).toBeNull();
  });
  it('the wildcard and role_admin see everything', () => {
    withUser(['*:*:*'], ['role_admin'], (
      <>
        <HasPerm value={['ticket:transfer']}><span>转派</span></HasPerm>
        <HasRole value={['role_part_time']}><span>接单大厅</span></HasRole>
      </>
    ));
    expect(screen.getByText('转派')).toBeTruthy();
    expect(screen.getByText('接单大厅')).toBeTruthy();
  });
  it('an empty list is the spec error', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => withUser([], [], <HasRole value={[]}>x</HasRole>)).toThrow(MSG.roleFormat);
    expect(() => withUser([], [], <HasPerm value={[]}>x</HasPerm>)).toThrow(MSG.permissionFormat);
    spy.mockRestore();
  });
});
