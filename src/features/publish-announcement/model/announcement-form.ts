import * as z from 'zod/mini';

/** The words of an announcement, as publishing and editing check them (the server's limits). */
export const announcementWords = {
  title: z.string().check(z.trim(), z.minLength(1, { error: '请输入公告标题' }), z.maxLength(100, { error: '标题不能超过100个字符' })),
  body: z.string().check(z.trim(), z.minLength(1, { error: '请输入公告内容' }), z.maxLength(20_000, { error: '内容不能超过20000个字符' })),
};

export const editSchema = z.object(announcementWords);
