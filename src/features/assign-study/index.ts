export { AssignStudyModal } from './ui/assign-study-modal';
