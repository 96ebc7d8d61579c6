export { useCreateShare, useCurateTemplate, useDeleteTemplate, useRevokeShare } from './model/use-template-changes';
export { ConfirmButton } from './ui/confirm-button';
export { CurationPanel } from './ui/curation-panel';
export { ShareLinksPanel } from './ui/share-links-panel';
