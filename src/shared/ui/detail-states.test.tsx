import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api';
import { DetailStates, type DetailQuery } from './detail-states';

function failed(error: Error) {
  return { isPending: false, isError: true, error, data: undefined, refetch: vi.fn<() => unknown>() };
}

function renderStates(query: DetailQuery<string>) {
  return render(
    <MantineProvider>
      <DetailStates query={query} errorActions={<a href="#/order-fee/index">返回列表</a>}>
        {(data) => <p>{data}</p>}
      </DetailStates>
    </MantineProvider>,
  );
}

describe('DetailStates', () => {
  it('offers 重试 after a failure that asking again may cure (server error, network)', () => {
    for (const error of [new ApiError('服务器内部错误', 500, 'http'), new ApiError('网络错误', 0, 'network')]) {
      const query = failed(error);
      const view = renderStates(query);
      expect(screen.getByRole('alert').textContent).toContain(error.message);
      fireEvent.click(screen.getByRole('button', { name: '重试' }));
      expect(query.refetch).toHaveBeenCalledTimes(1);
      view.unmount();
    }
  });

  it('a not-found or forbidden answer says so without 重试, keeping the way back', () => {
    for (const status of [404, 403]) {
      const view = renderStates(failed(new ApiError('结算单不存在', status, 'http')));
      expect(screen.getByRole('alert').textContent).toContain('结算单不存在');
      expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
      expect(screen.getByRole('link', { name: '返回列表' })).toBeTruthy();
      view.unmount();
    }
  });

  it('shows the page once the data is there', () => {
    renderStates({ isPending: false, isError: false, error: null, data: '第 47 周结算', refetch: vi.fn() });
    expect(screen.getByText('第 47 周结算')).toBeTruthy();
  });
});
