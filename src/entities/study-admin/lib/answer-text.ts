import type { AnswerValue, QuestionKind } from '../model/study-admin.schema';

/** The right answer as a lead reads it: `B`, `A、C`, `正确` / `错误`, or the accepted texts `甲 / 乙`. */
export function answerText(kind: QuestionKind, answer: AnswerValue): string {
  if (kind === 'true_false') return answer === true ? '正确' : '错误';
  if (kind === 'fill') return (Array.isArray(answer) ? answer : [String(answer)]).join(' / ');
  if (Array.isArray(answer)) return [...answer].sort().join('、');
  return String(answer);
}

/** The attempts allowed: 0 means unlimited. */
export function attemptsAllowedText(n: number): string {
  return n === 0 ? '不限次数' : `${n}次`;
}
