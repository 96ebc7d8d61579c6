export { MAX_ATTACHMENTS, uploadedAttachments } from './model/attachment-files';
export { APPEAL_FILED, useFileAppeal } from './model/use-file-appeal';
export { FileAppealModal, type FileAppealModalProps } from './ui/file-appeal-modal';
