import { Tabs } from '@mantine/core';
import { useState } from 'react';
import { AnnouncementsPanel } from './announcements-panel';
import { MessagesPanel } from './messages-panel';

/** `/message-center/index`: my messages and the announcements that reach me. */
export function MessageCenterPage() {
  const [tab, setTab] = useState<string | null>('messages');
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="messages">消息</Tabs.Tab>
        <Tabs.Tab value="announcements">公告</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="messages">
        <MessagesPanel />
      </Tabs.Panel>
      <Tabs.Panel value="announcements">
        <AnnouncementsPanel />
      </Tabs.Panel>
    </Tabs>
  );
}
