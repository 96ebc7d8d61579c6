import { describe, expect, it } from 'vitest';
import { answerText, isAnswered } from './answers';

const options = [
  { key: 'C', text: '出血3毫米' },
  { key: 'A', text: 'CMYK' },
  { key: 'B', text: 'RGB' },
];

describe('answers', () => {
  it('an empty fill-in or no key is not an answer; false is one', () => {
    expect(isAnswered(undefined)).toBe(false);
    expect(isAnswered('  ')).toBe(false);
    expect(isAnswered([])).toBe(false);
    expect(isAnswered(false)).toBe(true);
    expect(isAnswered(['A'])).toBe(true);
    expect(isAnswered('300')).toBe(true);
  });

  it('reads keys with their texts in the order shown, booleans as 正确/错误', () => {
    expect(answerText({ kind: 'single', options }, 'A')).toBe('A. CMYK');
    expect(answerText({ kind: 'multiple', options }, ['A', 'C'])).toBe('C. 出血3毫米、A. CMYK');
    expect(answerText({ kind: 'true_false', options: [] }, true)).toBe('正确');
    expect(answerText({ kind: 'true_false', options: [] }, false)).toBe('错误');
    expect(answerText({ kind: 'fill', options: [] }, ['300', '300dpi'])).toBe('300 / 300dpi');
    expect(answerText({ kind: 'fill', options: [] }, null)).toBe('未作答');
    expect(answerText({ kind: 'fill', options: [] }, '')).toBe('未作答');
  });
});
