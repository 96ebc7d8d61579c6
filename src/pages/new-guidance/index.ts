export { NewGuidancePage } from './ui/new-guidance-page';
