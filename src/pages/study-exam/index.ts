export { StudyExamPage } from './ui/study-exam-page';
export { STUDY_TABS, type StudyTab } from './model/study-tabs';
