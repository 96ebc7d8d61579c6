export { keysToInvalidate } from './model/refresh-rules';
export { notificationHref, TICKET_NOTIFICATION_PATH } from './model/message-href';
export { useOpenMessage } from './model/use-open-message';
export { useRealtimeSync } from './model/use-realtime-sync';
export { NotificationPermissionPrompt } from './ui/notification-permission-prompt';
