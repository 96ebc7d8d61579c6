export { TemplateLibraryPage } from './ui/template-library-page';
