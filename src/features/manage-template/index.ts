export { useCreateShare, useCurateTemplate, useDeleteTemplate, useRevokeShare } from './model/use-template-changes';
export { CurationPanel } from './ui/curation-panel';
export { ShareLinksPanel } from './ui/share-links-panel';
