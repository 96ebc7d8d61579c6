/** Wire schemas of the demo calls (zod; also the OpenAPI document). */
import { z } from 'zod';
import { phoneSchema } from '../../lib/http.js';
import { isMessageType, MESSAGE_TYPE } from '../messages/index.js';

export const emitMessageBody = z.object({
  designer_id: z.string({ error: '请选择设计师' }).regex(/^D\d{6,}$/, { error: '设计师编号格式不正确' }),
  message_type: z.number({ error: '请选择消息类型' }).int().refine((t) => isMessageType(t) && t !== MESSAGE_TYPE.ANNOUNCEMENT, { error: '消息类型不存在' }),
  title: z.string().trim().max(100, { error: '标题不能超过100个字符' }).optional(),
});
export type EmitMessageBody = z.infer<typeof emitMessageBody>;

export const emittedSchema = z.object({ message_id: z.number().int() });

export const smsInboxQuery = z.object({ phone: phoneSchema });

export const smsSchema = z.object({ phone: z.string(), content: z.string(), code: z.string().nullable(), created_at: z.string() });
