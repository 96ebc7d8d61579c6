import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { findMenuEntry, flattenMenu, menuQueries } from '@/entities/menu';
import { MESSAGE_CENTER_PATH, type MessageInfo, notificationHref } from './message-href';

/**
 * Opens what a message is about (`notificationHref`): the one path shared by a live notification,
 * a browser notification and a row of the message centre. A screen the viewer's menu does not grant
 * (a part-timer's message about a screen they lack) falls back to the message centre.
 */
export function useOpenMessage(): (messageType: number, info: MessageInfo) => void {
  const navigate = useNavigate();
  const { data: tree } = useQuery(menuQueries.tree());
  return useCallback(
    (messageType: number, info: MessageInfo) => {
      const href = notificationHref(messageType, info);
      const path = href.split('?')[0]!;
      const granted = !tree || findMenuEntry(flattenMenu(tree), path) !== undefined;
      void navigate({ href: granted ? href : MESSAGE_CENTER_PATH });
    },
    [navigate, tree],
  );
}
