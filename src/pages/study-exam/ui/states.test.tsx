import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CardGridStates } from './states';

function renderStates(loading: boolean) {
  render(
    <MantineProvider>
      <CardGridStates label="课程" loading={loading} error={null} onRetry={() => undefined} empty={false} emptyText="暂无课程">
        <li>课程一</li>
      </CardGridStates>
    </MantineProvider>,
  );
}

describe('CardGridStates', () => {
  it('names its loading grid as a busy status (a named element needs a role: axe refused the bare grid on CI)', () => {
    renderStates(true);
    const status = screen.getByRole('status', { name: '课程加载中' });
    expect(status.getAttribute('aria-busy')).toBe('true');
  });

  it('shows its cards as a named list once loaded', () => {
    renderStates(false);
    expect(screen.getByRole('list', { name: '课程' }).textContent).toBe('课程一');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
