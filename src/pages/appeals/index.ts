export { AppealsPage } from './ui/appeals-page';
