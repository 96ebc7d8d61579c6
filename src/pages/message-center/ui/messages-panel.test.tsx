import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messageQueries } from '@/entities/message';
import { MESSAGE_TYPE } from '@/shared/contract';
import { MessagesPanel } from './messages-panel';

const openMessage = vi.fn();
const markRead = vi.fn();

vi.mock('@/features/realtime-sync', () => ({ useOpenMessage: () => openMessage }));
vi.mock('@/features/mark-read', () => ({ useMarkMessagesRead: () => ({ mutate: markRead, isPending: false, variables: undefined }) }));

const message = (id: number, type: number, title: string, info: Record<string, unknown>, isRead = 0) => ({
  message_id: id,
  message_type: type,
  type_name: '类型',
  ext_json: { title, info },
  is_read: isRead,
  created_time: '2026-11-26T01:00:00.000Z',
});

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const items = [
    message(11, MESSAGE_TYPE.SYSTEM_ASSIGNED, '系统为你分配了新工单 DM202611260001（名片），请在4小时内完成设计', { ticket_id: 301, allocation_id: 77 }),
    message(12, MESSAGE_TYPE.FEE_APPEAL_DECIDED, '你对工单 DM202611250003 的费用申诉已通过', { ticket_id: 280, allocation_id: 60, appeal_id: 5 }, 1),
  ];
  client.setQueryData(messageQueries.list({ page: 1, pageSize: 20, is_read: 0 }).queryKey, { items, total: 2, page: 1, pageSize: 20 });
  client.setQueryData(messageQueries.types().queryKey, []);
  client.setQueryData(messageQueries.unread().queryKey, { total: 1, by_type: [] });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MessagesPanel />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return screen.getByRole('table', { name: '消息列表' });
}

describe('MessagesPanel rows', () => {
  beforeEach(() => {
    openMessage.mockReset();
    markRead.mockReset();
  });

  it('a row opens its message\'s target with the type and info the server sent, and reads it', () => {
    const table = renderPanel();
    fireEvent.click(within(table).getByRole('button', { name: /DM202611260001/ }));
    expect(openMessage).toHaveBeenCalledExactlyOnceWith(MESSAGE_TYPE.SYSTEM_ASSIGNED, { ticket_id: 301, allocation_id: 77 });
    expect(markRead).toHaveBeenCalledWith({ message_ids: [11] });
  });

  it('clicking elsewhere on a row opens it too; a read message is not marked again', () => {
    const table = renderPanel();
    const row = table.querySelector('tr[data-message-id="12"]')!;
    fireEvent.click(row.querySelectorAll('td')[3]!);
    expect(openMessage).toHaveBeenCalledExactlyOnceWith(MESSAGE_TYPE.FEE_APPEAL_DECIDED, { ticket_id: 280, allocation_id: 60, appeal_id: 5 });
    expect(markRead).not.toHaveBeenCalled();
  });

  it('the checkbox and 标为已读 do not open the message', () => {
    const table = renderPanel();
    fireEvent.click(within(table).getByRole('checkbox', { name: /选择消息 系统为你分配/ }));
    fireEvent.click(within(table).getByRole('button', { name: '标为已读' }));
    expect(openMessage).not.toHaveBeenCalled();
    expect(markRead).toHaveBeenCalledWith({ message_ids: [11] });
  });
});
