import { describe, expect, it } from 'vitest';
import { draftOfLesson, emptyLessonDraft, fileProblem, lessonInputOf } from './lesson-form';
import { keyMove, moveItem } from './lesson-order';

describe('lessonInputOf', () => {
  it('builds a text lesson from its Markdown', () => {
    expect(lessonInputOf({ ...emptyLessonDraft('text'), title: ' 出血位 ', body: '# 标题\n正文' })).toEqual({ input: { kind: 'text', title: '出血位', body: '# 标题\n正文' } });
  });

  it('wants an uploaded file of the right type, and a video’s duration', () => {
    expect(lessonInputOf({ ...emptyLessonDraft('video'), title: '视频' })).toEqual({ errors: { object_key: '请上传文件', duration_seconds: '视频时长必须是1-36000秒' } });
    expect(lessonInputOf({ ...emptyLessonDraft('document'), title: '文档', objectKey: 'default/D1/20261127/n/a.docx' })).toEqual({ errors: { object_key: '文档必须是PDF文件' } });
    expect(lessonInputOf({ ...emptyLessonDraft('video'), title: '视频', objectKey: 'default/D1/20261127/n/a.webm', duration: '95' })).toEqual({
      input: { kind: 'video', title: '视频', object_key: 'default/D1/20261127/n/a.webm', duration_seconds: 95 },
    });
  });

  it('round-trips a lesson through the form', () => {
    const l = { lesson_id: 3, position: 1, kind: 'document' as const, title: '规范', body: '', object_key: 'default/D1/20261127/n/规范.pdf', url: 'http://x/规范.pdf', duration_seconds: 0 };
    const d = draftOfLesson(l);
    expect(d.fileName).toBe('规范.pdf');
    expect(lessonInputOf(d)).toEqual({ input: { kind: 'document', title: '规范', object_key: l.object_key } });
  });

  it('names the file types a lesson takes', () => {
    expect(fileProblem('video', 'a.MP4')).toBeNull();
    expect(fileProblem('video', 'a.mov')).toBe('视频必须是MP4或WebM文件');
    expect(fileProblem('document', 'a.pdf')).toBeNull();
  });
});

describe('moveItem', () => {
  it('moves one place and stops at the ends', () => {
    expect(moveItem([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moveItem([1, 2, 3], 2, -2)).toEqual([3, 1, 2]);
    const same = [1, 2, 3];
    expect(moveItem(same, 0, -1)).toBe(same);
    expect(moveItem(same, 2, 5)).toBe(same);
  });
});

describe('keyMove', () => {
  it('reads Alt with the arrows, Home and End', () => {
    expect(keyMove('ArrowUp', true, 2, 5)).toBe(-1);
    expect(keyMove('ArrowDown', true, 2, 5)).toBe(1);
    expect(keyMove('Home', true, 2, 5)).toBe(-2);
    expect(keyMove('End', true, 2, 5)).toBe(2);
    expect(keyMove('ArrowUp', false, 2, 5)).toBe(0);
  });
});
