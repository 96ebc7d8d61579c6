export { RedirectPage } from './ui/redirect-page';
