export { GuidePage } from './ui/guide-page';
