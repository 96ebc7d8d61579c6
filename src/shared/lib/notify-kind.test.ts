import { expect, it } from 'vitest';
import { notifyKind } from './notify-kind';

it('counts characters, not bytes: 15 Chinese characters are a toast, 16 a notification', () => {
  expect(notifyKind('一二三四五六七八九十一二三四五')).toBe('toast');
  expect(notifyKind('一二三四五六七八九十一二三四五六')).toBe('notification');
  expect(notifyKind('token失效')).toBe('toast');
});
