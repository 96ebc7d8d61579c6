import { describe, expect, it } from 'vitest';
import { durationText, fileNameOf } from './format';

describe('ticket formatting', () => {
  it('durations', () => {
    expect(durationText(240)).toBe('4小时');
    expect(durationText(1560)).toBe('1天2小时');
    expect(durationText(30)).toBe('30分钟');
    expect(durationText(0)).toBe('0分钟');
  });

  it('file names of keys and URLs', () => {
    expect(fileNameOf('draft/D000002/20261122/ab12/%E5%88%9D%E7%A8%BF.pdf')).toBe('初稿.pdf');
    expect(fileNameOf('draft/D000002/20261122/ab12/初稿.pdf')).toBe('初稿.pdf');
    expect(fileNameOf('https://cdn.example.com/a/b/ref.jpg?x=1#y')).toBe('ref.jpg');
    expect(fileNameOf('bad%name.txt')).toBe('bad%name.txt');
  });
});
