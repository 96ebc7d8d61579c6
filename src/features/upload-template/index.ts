export { cleanTags, previewRefusal, sourceRefusal, templateKeyOfUrl } from './lib/template-files';
export { checkTemplateForm, serverFormErrors, type FormErrors, type TemplateFormValues } from './model/template-form';
export { useSaveTemplate } from './model/use-save-template';
export { TemplateFormModal } from './ui/template-form-modal';
