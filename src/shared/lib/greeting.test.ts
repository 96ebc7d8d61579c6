import { describe, expect, it } from 'vitest';
import { greeting, greetingForHour } from './greeting';

describe('greeting by the hour (spec §1)', () => {
  it.each([
    ['00:00', '早上好'],
    ['08:59', '早上好'],
    ['09:00', '上午好'],
    ['11:59', '上午好'],
    ['12:00', '中午好'],
    ['13:59', '中午好'],
    ['14:00', '下午好'],
    ['19:59', '下午好'],
    ['20:00', '晚上好'],
    ['23:59', '晚上好'],
  ])('%s → %s', (time, expected) => {
    const [h, m] = time.split(':').map(Number);
    const date = new Date(2026, 10, 22, h, m);
    expect(greeting(date)).toBe(expected);
    expect(greetingForHour(h!)).toBe(expected);
  });
});
