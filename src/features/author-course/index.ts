export { CourseSettingsModal } from './ui/course-settings-modal';
export { type LessonUpload } from './ui/lesson-editor-modal';
export { LessonList } from './ui/lesson-list';
export { PublishCourseButton } from './ui/publish-course-button';
