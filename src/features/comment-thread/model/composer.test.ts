import { describe, expect, it } from 'vitest';
import { completeMention, mentionedIn, mentionQueryAt, uploadedCommentFiles } from './composer';

const people = [
  { designer_id: 'D000002', name: '李组长' },
  { designer_id: 'D000003', name: '王设计' },
];

describe('comment composer', () => {
  it('sends only uploaded files and says when uploads still run', () => {
    const r = uploadedCommentFiles([
      { id: 'a', name: 'a.png', size: 3, contentType: 'image/png', status: 'done', key: 'comment/D000003/20261126/abc/a.png' },
      { id: 'b', name: 'b.pdf', size: 5, contentType: '', status: 'error' },
      { id: 'c', name: 'c.pdf', size: 5, contentType: '', status: 'uploading' },
    ]);
    expect(r.attachments).toEqual([{ name: 'a.png', url: 'comment/D000003/20261126/abc/a.png', size: 3, content_type: 'image/png' }]);
    expect(r.uploading).toBe(true);
  });
  it('mentions the picked people the text still names', () => {
    expect(mentionedIn('@王设计 请今天交稿', people, ['D000003', 'D000002'])).toEqual(['D000003']);
    expect(mentionedIn('请今天交稿', people, ['D000003'])).toEqual([]);
  });
  it('finds the @word at the caret and completes it', () => {
    expect(mentionQueryAt('请 @王', 4)).toBe('王');
    expect(mentionQueryAt('请 @王 设计', 7)).toBeNull();
    expect(mentionQueryAt('a@b', 3)).toBeNull();
    expect(completeMention('请 @王 看看', 4, '王设计')).toEqual({ body: '请 @王设计  看看', caret: 7 });
  });
});
