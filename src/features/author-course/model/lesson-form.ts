import type { LessonInput, LessonKind, ManagedLesson } from '@/entities/study-admin';

/** A lesson as its form holds it: every kind's fields, so switching kind keeps what was typed. */
export interface LessonDraft {
  kind: LessonKind;
  title: string;
  /** Text: Markdown. */
  body: string;
  /** Video / document: the uploaded file's key and the name shown. */
  objectKey: string;
  fileName: string;
  /** Video: seconds, read from the file (or typed). */
  duration: string;
}

export type LessonErrors = Partial<Record<'title' | 'body' | 'object_key' | 'duration_seconds', string>>;

export const VIDEO_EXTENSIONS = /\.(mp4|webm)$/i;
export const DOCUMENT_EXTENSIONS = /\.pdf$/i;

export function emptyLessonDraft(kind: LessonKind = 'text'): LessonDraft {
  return { kind, title: '', body: '', objectKey: '', fileName: '', duration: '' };
}

export function draftOfLesson(l: ManagedLesson): LessonDraft {
  const name = l.object_key ? (l.object_key.split('/').pop() ?? '') : '';
  return { kind: l.kind, title: l.title, body: l.body, objectKey: l.object_key ?? '', fileName: name, duration: l.duration_seconds ? String(l.duration_seconds) : '' };
}

/** Whether a file may be the lesson's: .mp4/.webm for a video, .pdf for a document. */
export function fileProblem(kind: LessonKind, name: string): string | null {
  if (kind === 'video' && !VIDEO_EXTENSIONS.test(name)) return '视频必须是MP4或WebM文件';
  if (kind === 'document' && !DOCUMENT_EXTENSIONS.test(name)) return '文档必须是PDF文件';
  return null;
}

/** Checks a draft as the server would and builds the lesson, or says what is wrong per field. */
export function lessonInputOf(d: LessonDraft): { input: LessonInput } | { errors: LessonErrors } {
  const errors: LessonErrors = {};
  const title = d.title.trim();
  if (!title) errors.title = '请填写课时名称';
  else if (title.length > 100) errors.title = '课时名称不能超过100个字符';
  let input: LessonInput | undefined;
  if (d.kind === 'text') {
    const body = d.body.trim();
    if (!body) errors.body = '请填写课时内容';
    else if (body.length > 50_000) errors.body = '课时内容不能超过50000个字符';
    else input = { kind: 'text', title, body };
  } else {
    const problem = d.objectKey ? fileProblem(d.kind, d.objectKey) : '请上传文件';
    if (problem) errors.object_key = problem;
    if (d.kind === 'video') {
      const seconds = Number(d.duration);
      if (!/^\d+$/.test(d.duration.trim()) || seconds < 1 || seconds > 36_000) errors.duration_seconds = '视频时长必须是1-36000秒';
      else if (!problem) input = { kind: 'video', title, object_key: d.objectKey, duration_seconds: seconds };
    } else if (!problem) input = { kind: 'document', title, object_key: d.objectKey };
  }
  if (Object.keys(errors).length || !input) return { errors };
  return { input };
}
