import { MantineProvider, Table } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api';
import { TableBodyStates } from './list-states';

function renderBody(error: Error, onRetry: () => void) {
  return render(
    <MantineProvider>
      <Table>
        <TableBodyStates columns={3} loading={false} error={error} onRetry={onRetry} empty={false} emptyText="暂无数据">
          <Table.Tr>
            <Table.Td>行</Table.Td>
          </Table.Tr>
        </TableBodyStates>
      </Table>
    </MantineProvider>,
  );
}

describe('TableBodyStates', () => {
  it('offers 重试 after a failure that asking again may cure', () => {
    const onRetry = vi.fn();
    const view = renderBody(new ApiError('服务器内部错误', 500, 'http'), onRetry);
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    view.unmount();
  });

  it('a not-found or forbidden answer says so without 重试', () => {
    for (const status of [404, 403]) {
      const view = renderBody(new ApiError('团队不存在', status, 'http'), vi.fn());
      expect(screen.getByRole('alert').textContent).toContain('团队不存在');
      expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
      view.unmount();
    }
  });
});
