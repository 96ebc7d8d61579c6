export { keysToInvalidate, notificationHref, TICKET_NOTIFICATION_PATH } from './model/refresh-rules';
export { useRealtimeSync } from './model/use-realtime-sync';
export { NotificationPermissionPrompt } from './ui/notification-permission-prompt';
