import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  announcementReaches,
  messageQueries,
  notificationDuration,
  type PushedMessage,
  pushedMessageSchema,
  UNPARSEABLE_NOTIFICATION_MS,
} from '@/entities/message';
import { productQueries } from '@/entities/product';
import { userApi, userQueries } from '@/entities/user';
import { ApiError, tokenStore } from '@/shared/api';
import { MSG } from '@/shared/config/messages';
import { MESSAGE_TYPE, messageTypeOf, MQTT_TOPICS } from '@/shared/contract';
import { whenIdle } from '@/shared/lib/when-idle';
import { type ConnectionStatus, connectMqtt, disconnectMqtt, type MqttOptions } from '@/shared/mqtt';
import { showBrowserNotification } from '../lib/browser-notification';
import type { MessageInfo } from './message-href';
import { permissionPrompt } from './permission-prompt';
import { catchUpKeys, keysToInvalidate } from './refresh-rules';


/** The latest a signed-in tab starts its messaging connection, however busy the page is (ms). */
const MQTT_START_DEADLINE_MS = 2_000;

/**
 * Keeps the tab's messaging connection in step with the signed-in designer (connect when a
 * designer_id exists, disconnect when it is cleared) and turns each pushed message into
 * invalidated queries and a notification; clicking it calls `openMessage` (useOpenMessage).
 */
export function useRealtimeSync(openMessage: (messageType: number, info: MessageInfo) => void): ConnectionStatus {
  const queryClient = useQueryClient();
  // What the connection last reported; before its first report a signed-in tab is connecting.
  const [status, setStatus] = useState<ConnectionStatus | null>(null);
  const { data: profile } = useQuery(userQueries.profile());
  const designerId = profile?.designer_id;
  const { data: products } = useQuery({ ...productQueries.available(), enabled: !!designerId });
  const { data: types } = useQuery({ ...messageQueries.types(), enabled: !!designerId });

  // The latest values for the long-lived connection callbacks.
  const latest = useRef({ designerType: 0, productIds: [] as number[], typeNames: new Map<number, string>(), openMessage });
  useEffect(() => {
    latest.current = {
      designerType: profile?.designer_type ?? 0,
      productIds: (products?.items ?? []).map((p) => p.product_id),
      typeNames: new Map((types ?? []).map((t) => [t.message_type, t.name])),
      openMessage,
    };
  });

  useEffect(() => {
    const token = tokenStore.get();
    if (!designerId || !token) {
      disconnectMqtt();
      return;
    }

    const handle = (raw: string) => {
      let message: PushedMessage;
      try {
        message = pushedMessageSchema.parse(JSON.parse(raw));
      } catch {
        notifications.show({ message: MSG.unparseableMessage, color: 'blue', autoClose: UNPARSEABLE_NOTIFICATION_MS });
        return;
      }
      const { designerType, productIds, typeNames } = latest.current;
      const isAnnouncement = message.message_type === MESSAGE_TYPE.ANNOUNCEMENT;
      if (isAnnouncement && !announcementReaches(message, designerType, productIds)) return;
      for (const queryKey of keysToInvalidate(message.message_type)) void queryClient.invalidateQueries({ queryKey });

      const open = () => latest.current.openMessage(message.message_type, message.ext_json.info);
      // The server's name of the type; the contract's while /messages/types has not answered yet.
      const title = typeNames.get(message.message_type) ?? messageTypeOf(message.message_type)?.name ?? '新消息';
      notifications.show({
        title,
        message: message.ext_json.title,
        color: isAnnouncement ? 'grape' : 'blue',
        autoClose: notificationDuration(message.message_type),
        style: { cursor: 'pointer' },
        onClick: open,
        'data-message-type': message.message_type,
      } as Parameters<typeof notifications.show>[0]);
      showBrowserNotification(title, message.ext_json.title, open);
      // The first live message is the moment to ask for desktop notifications (once).
      permissionPrompt.offer();
    };

    const options: MqttOptions = {
      clientId: designerId,
      username: designerId,
      password: token,
      topics: [MQTT_TOPICS.designer(designerId), MQTT_TOPICS.announcements],
      onMessage: (_topic, payload) => handle(payload),
      onStatus: setStatus,
      // Messages sent before the subscription was granted (page load) or while the connection was
      // down never arrive: refresh what they would have refreshed.
      onSubscribed: () => {
        for (const queryKey of catchUpKeys()) void queryClient.invalidateQueries({ queryKey });
      },
      // Spec §4: on close, check the profile; if the token is no longer valid, stop for good.
      onConnectionLost: async () => {
        try {
          // Straight to the API: a 401 clears the query cache, which would cancel a cached fetch.
          queryClient.setQueryData(userQueries.profile().queryKey, await userApi.fetchProfile());
          return true;
        } catch (error) {
          // The 401 itself tells the user (token失效, once, from the app's session handler) and
          // goes to the login page; here the connection only stops reconnecting.
          if (error instanceof ApiError && error.isUnauthorized) return false;
          return true;
        }
      },
    };
    // The mqtt library (~85 KB, a long task to start) loads once the first screen is up and the
    // browser is idle, not while the page's own code and data arrive (issue #19); within
    // MQTT_START_DEADLINE_MS at the latest. What was sent meanwhile is caught up on subscribing.
    return whenIdle(() => void connectMqtt(options), MQTT_START_DEADLINE_MS);
  }, [designerId, queryClient]);

  // Leaving the signed-in frame (logout, 401) ends the connection.
  useEffect(() => () => disconnectMqtt(), []);
  return status ?? (designerId ? 'connecting' : 'closed');
}
