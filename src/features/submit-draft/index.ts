export { MAX_DRAFT_FILES, submittable } from './model/draft-files';
export { useSubmitDraft, type SubmitDraftVariables } from './model/use-submit-draft';
export { SubmitDraftModal, type StoredDraftFile } from './ui/submit-draft-modal';
