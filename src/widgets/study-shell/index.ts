export { StudyShell } from './ui/study-shell';
