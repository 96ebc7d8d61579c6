export { useMarkAnnouncementRead, useMarkMessagesRead } from './model/use-mark-read';
