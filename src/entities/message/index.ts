export { messageApi, messageQueries } from './api/message.queries';
export { parseLightMarkup } from './lib/light-markup';
export { announcementReaches, notificationDuration, UNPARSEABLE_NOTIFICATION_MS } from './lib/notification-rules';
export {
  announcementSchema,
  messageSchema,
  pushedMessageSchema,
  SCOPE_OPTIONS,
  type Announcement,
  type Message,
  type MessageFilters,
  type PushedMessage,
  type UnreadCount,
} from './model/message.schema';
export { LightMarkupView } from './ui/light-markup-view';
