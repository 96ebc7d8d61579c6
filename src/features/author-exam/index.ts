export { ExamPreviewModal } from './ui/exam-preview-modal';
export { ExamSettingsModal } from './ui/exam-settings-modal';
export { ImportQuestions } from './ui/import-questions';
export { PublishExamButton } from './ui/publish-exam-button';
export { QuestionBank } from './ui/question-bank';
