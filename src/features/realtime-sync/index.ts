export { keysToInvalidate, notificationHref, PANEL_REFRESH_TYPES, TICKET_NOTIFICATION_PATH, TICKET_REFRESH_TYPES } from './model/refresh-rules';
export { useRealtimeSync } from './model/use-realtime-sync';
export { NotificationPermissionBanner } from './ui/notification-permission-banner';
