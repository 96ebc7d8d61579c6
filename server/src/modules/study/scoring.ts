/**
 * How an answer is checked and an attempt scored: on the server only (issue #16). A question scores
 * all its points or none: a single choice its one key, a multiple choice exactly its set of keys, a
 * true/false its value, a fill-in any accepted text (trimmed, spaces collapsed, letters compared
 * without case, full-width letters and digits as half-width).
 */
export const QUESTION_KINDS = ['single', 'multiple', 'true_false', 'fill'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/** An answer as stored and on the wire: a key, keys, true/false or a text. */
export type Answer = string | string[] | boolean;

export interface ScoredQuestion {
  id: number;
  kind: QuestionKind;
  answer: Answer;
  points: number;
}

/** A fill-in text as compared: NFKC (full-width to half-width), trimmed, spaces collapsed, lower case. */
export function normaliseText(text: string): string {
  return text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

export function isCorrect(q: Pick<ScoredQuestion, 'kind' | 'answer'>, given: Answer | undefined): boolean {
  if (given === undefined) return false;
  switch (q.kind) {
    case 'single':
      return typeof given === 'string' && given === q.answer;
    case 'multiple': {
      if (!Array.isArray(given) || !Array.isArray(q.answer)) return false;
      const want = new Set(q.answer);
      const got = new Set(given);
      return got.size === want.size && [...got].every((k) => want.has(k));
    }
    case 'true_false':
      return typeof given === 'boolean' && given === q.answer;
    case 'fill': {
      if (typeof given !== 'string' || !Array.isArray(q.answer)) return false;
      const text = normaliseText(given);
      return text.length > 0 && q.answer.some((a) => normaliseText(a) === text);
    }
  }
}

export interface Score {
  score: number;
  total: number;
  correct: Map<number, boolean>;
}

/** The attempt's score: the points of the questions answered right, out of all the questions' points. */
export function scoreAttempt(questions: readonly ScoredQuestion[], answers: ReadonlyMap<number, Answer>): Score {
  const correct = new Map<number, boolean>();
  let score = 0;
  let total = 0;
  for (const q of questions) {
    const right = isCorrect(q, answers.get(q.id));
    correct.set(q.id, right);
    total += q.points;
    if (right) score += q.points;
  }
  return { score, total, correct };
}

/** Passed: the score reaches `passMark` percent of the total (integers only, no rounding). */
export function hasPassed(score: number, total: number, passMark: number): boolean {
  return total > 0 && score * 100 >= passMark * total;
}

/** A Fisher–Yates shuffle with the given random source (a copy; the input is left alone). */
export function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
