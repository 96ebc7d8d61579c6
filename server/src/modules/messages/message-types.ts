/**
 * The message contract shared with the SPA (`src/shared/contract/messages.ts`): message types by
 * name with their Chinese names, notification durations and refresh areas, and the MQTT topics.
 * Server code names a type as `MESSAGE_TYPE.<NAME>`, never by its number.
 */
export {
  APPEAL_MESSAGE_TYPES,
  isMessageType,
  MESSAGE_TYPE,
  MESSAGE_TYPE_CODES,
  MESSAGE_TYPES,
  type MessageTypeCode,
  messageTypeOf,
  MQTT_TOPICS,
} from '../../../../src/shared/contract/messages.js';
