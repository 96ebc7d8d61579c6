import { describe, expect, it } from 'vitest';
import { greeting, greetingForHour } from './greeting';

describe('greeting by the hour (spec §1), Shanghai’s hour', () => {
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
  ])('%s in Shanghai → %s', (time, expected) => {
    const at = Date.parse(`2026-11-22T${time}:00+08:00`);
    expect(greeting(at)).toBe(expected);
    expect(greeting(new Date(at))).toBe(expected);
    expect(greetingForHour(Number(time.slice(0, 2)))).toBe(expected);
  });

  it('does not follow the local zone: 10:00 in Shanghai is 21:00 the evening before in New York (the unit tests’ zone)', () => {
    expect(greeting(Date.parse('2026-11-22T02:00:00Z'))).toBe('上午好');
    expect(greeting(Date.parse('2026-11-22T13:00:00Z'))).toBe('晚上好');
  });
});
