export { type LessonReader, useLessonProgress } from './model/use-lesson-progress';
export { resumeAt, videoReportDue, VIDEO_REPORT_EVERY_MS } from './model/video-report';
export { DocumentLesson } from './ui/document-lesson';
export { TextLesson } from './ui/text-lesson';
export { VideoLesson } from './ui/video-lesson';
