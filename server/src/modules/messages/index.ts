/** The public face of the messages module: what app.ts and other modules may use of it (eslint enforces that they import nothing else). */
export { brokerPolicy } from './broker-policy.js';
export { historyMessage } from './demo-history.js';
export { APPEAL_MESSAGE_TYPES, isMessageType, MESSAGE_TYPE, type MessageTypeCode, messageTypeOf } from './message-types.js';
export { type MessageService } from './message.service.js';
export { type UnitOfWork, type WorkContext } from './unit-of-work.js';
export { myMessages, myUnread } from './inbox.service.js';
export { listAnnouncements } from './announcement.repository.js';
export { announcementImageUrls } from './announcement-image.js';
export { messageSchema } from './message.schemas.js';
