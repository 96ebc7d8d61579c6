import type { AnswerValue, QuestionView } from '../model/study.schema';

export const ANSWER_KEYS_JOIN = '、';

/** Whether a question has an answer worth saving/counting (an empty fill-in or no keys is none). */
export function isAnswered(value: AnswerValue | undefined): boolean {
  if (value === undefined) return false;
  if (typeof value === 'boolean') return true;
  if (Array.isArray(value)) return value.length > 0;
  return value.trim().length > 0;
}

/**
 * An answer as a reader sees it: option keys with their texts (in the order shown), 正确/错误,
 * or the filled-in text(s).
 */
export function answerText(question: Pick<QuestionView, 'kind' | 'options'>, value: AnswerValue | null | undefined): string {
  if (value === null || value === undefined) return '未作答';
  if (typeof value === 'boolean') return value ? '正确' : '错误';
  const option = (key: string) => {
    const found = question.options.find((o) => o.key === key);
    return found ? `${key}. ${found.text}` : key;
  };
  if (Array.isArray(value)) {
    if (question.kind === 'fill') return value.join(' / ');
    if (!value.length) return '未作答';
    const order = question.options.map((o) => o.key);
    return [...value].sort((a, b) => order.indexOf(a) - order.indexOf(b)).map(option).join(ANSWER_KEYS_JOIN);
  }
  if (question.kind === 'single') return option(value);
  return value.trim() ? value : '未作答';
}
