import { describe, expect, it } from 'vitest';
import { answerText, attemptsAllowedText } from './answer-text';

describe('answerText', () => {
  it('reads each kind of answer', () => {
    expect(answerText('single', 'B')).toBe('B');
    expect(answerText('multiple', ['C', 'A'])).toBe('A、C');
    expect(answerText('true_false', true)).toBe('正确');
    expect(answerText('true_false', false)).toBe('错误');
    expect(answerText('fill', ['出血位', '出血'])).toBe('出血位 / 出血');
  });
});

describe('attemptsAllowedText', () => {
  it('names 0 unlimited', () => {
    expect(attemptsAllowedText(0)).toBe('不限次数');
    expect(attemptsAllowedText(3)).toBe('3次');
  });
});
