import { type ManagedQuestion, OPTION_KEYS, type QuestionInput, type QuestionKind } from '@/entities/study-admin';

/** A question as its form holds it: every kind's fields at once, so switching kind keeps what was typed. */
export interface QuestionDraft {
  kind: QuestionKind;
  stem: string;
  /** Option texts in order, keyed A, B, C… */
  options: string[];
  /** Single choice: the right key. */
  single: string;
  /** Multiple choice: the right keys. */
  multiple: string[];
  /** True/false: '' until chosen. */
  truth: '' | 'true' | 'false';
  /** Fill-in: the accepted texts, one a line. */
  fills: string;
  points: string;
  explanation: string;
}

export type QuestionErrors = Partial<Record<'kind' | 'stem' | 'options' | 'answer' | 'points' | 'explanation', string>>;

export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = OPTION_KEYS.length;

export function emptyQuestionDraft(kind: QuestionKind = 'single'): QuestionDraft {
  return { kind, stem: '', options: ['', '', '', ''], single: '', multiple: [], truth: '', fills: '', points: '5', explanation: '' };
}

export function draftOfQuestion(q: ManagedQuestion): QuestionDraft {
  const draft = emptyQuestionDraft(q.kind);
  draft.stem = q.stem;
  draft.points = String(q.points);
  draft.explanation = q.explanation;
  if (q.options.length) draft.options = q.options.map((o) => o.text);
  if (q.kind === 'single' && typeof q.answer === 'string') draft.single = q.answer;
  if (q.kind === 'multiple' && Array.isArray(q.answer)) draft.multiple = [...q.answer];
  if (q.kind === 'true_false' && typeof q.answer === 'boolean') draft.truth = q.answer ? 'true' : 'false';
  if (q.kind === 'fill' && Array.isArray(q.answer)) draft.fills = q.answer.join('\n');
  return draft;
}

export const optionKey = (index: number): string => OPTION_KEYS[index] ?? '?';

/** Removes option `index`; keys after it move up one letter, and the chosen answers follow them. */
export function removeOption(draft: QuestionDraft, index: number): QuestionDraft {
  if (draft.options.length <= MIN_OPTIONS) return draft;
  const shift = (key: string): string | null => {
    const i = OPTION_KEYS.indexOf(key as (typeof OPTION_KEYS)[number]);
    if (i === index) return null;
    return i > index ? optionKey(i - 1) : key;
  };
  return {
    ...draft,
    options: draft.options.filter((_, i) => i !== index),
    single: shift(draft.single) ?? '',
    multiple: draft.multiple.map(shift).filter((k): k is string => k !== null),
  };
}

/** Checks a draft as the server would and builds the question, or says what is wrong per field. */
export function questionInputOf(d: QuestionDraft): { input: QuestionInput } | { errors: QuestionErrors } {
  const errors: QuestionErrors = {};
  const stem = d.stem.trim();
  if (!stem) errors.stem = '请填写题目';
  else if (stem.length > 2000) errors.stem = '题目不能超过2000个字符';
  const points = d.points.trim();
  if (!/^\d+$/.test(points) || Number(points) < 1 || Number(points) > 100) errors.points = '分值必须是1-100的整数';
  const explanation = d.explanation.trim();
  if (explanation.length > 2000) errors.explanation = '解析不能超过2000个字符';
  const options = d.options.map((o) => o.trim());
  const base = { stem, points: Number(points), explanation };

  let input: QuestionInput | undefined;
  if (d.kind === 'single' || d.kind === 'multiple') {
    if (options.length < MIN_OPTIONS) errors.options = `至少需要${MIN_OPTIONS}个选项`;
    else if (options.some((o) => !o)) errors.options = '选项内容不能为空';
    else if (options.some((o) => o.length > 500)) errors.options = '选项内容不能超过500个字符';
    const inRange = (key: string) => OPTION_KEYS.indexOf(key as (typeof OPTION_KEYS)[number]) >= 0 && OPTION_KEYS.indexOf(key as (typeof OPTION_KEYS)[number]) < options.length;
    if (d.kind === 'single') {
      if (!d.single || !inRange(d.single)) errors.answer = '请选择正确答案';
      else input = { kind: 'single', ...base, options, answer: d.single };
    } else {
      const keys = [...new Set(d.multiple)].filter(inRange).sort();
      if (keys.length === 0) errors.answer = '请选择正确答案';
      else input = { kind: 'multiple', ...base, options, answer: keys };
    }
  } else if (d.kind === 'true_false') {
    if (!d.truth) errors.answer = '请选择正确答案';
    else input = { kind: 'true_false', ...base, answer: d.truth === 'true' };
  } else {
    const fills = d.fills
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean);
    if (fills.length === 0) errors.answer = '请填写参考答案';
    else if (fills.length > 10) errors.answer = '参考答案最多10个';
    else if (fills.some((s) => s.length > 200)) errors.answer = '参考答案不能超过200个字符';
    else input = { kind: 'fill', ...base, answer: fills };
  }
  if (Object.keys(errors).length || !input) return { errors };
  return { input };
}

/**
 * The form field a server 422 field names: `questions.0.answer` (adding) and `answer` (editing)
 * are the answer, `options.2` the options.
 */
export function questionFieldOf(serverField: string): keyof QuestionErrors | undefined {
  const parts = serverField.replace(/^questions\.\d+\./, '').split('.');
  const head = parts[0];
  return head === 'kind' || head === 'stem' || head === 'options' || head === 'answer' || head === 'points' || head === 'explanation' ? head : undefined;
}
