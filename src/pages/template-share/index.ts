export { TemplateSharePage } from './ui/template-share-page';
