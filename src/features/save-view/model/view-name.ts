import { VIEW_NAME_MAX } from '@/entities/saved-view';

/** What is wrong with a view's name as typed, if anything (the server says the same). */
export function viewNameError(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return '请输入视图名称';
  if (trimmed.length > VIEW_NAME_MAX) return `视图名称不能超过${VIEW_NAME_MAX}个字符`;
  return undefined;
}
