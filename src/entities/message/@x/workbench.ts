export { messageSchema, type Message } from '../model/message.schema';
