export { StudyManagePanel } from './ui/study-manage-panel';
