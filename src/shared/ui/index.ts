export { AuthCard, PRODUCT_NAME } from './auth-card';
export { CopyText, type CopyTextProps } from './copy-text';
export { ErrorBoundary } from './error-boundary';
export { LegalDocument, type LegalBlock, type LegalDocumentContent, type LegalSection } from './legal-document';
export { notify } from './notify';
export { PageProgress } from './page-progress';
export { ListPager, PAGE_SIZE_OPTIONS } from './list-pager';
export { TableBodyStates } from './list-states';
export { DetailStates, type DetailQuery } from './detail-states';
