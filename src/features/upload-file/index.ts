export { bucketFailureReason, buildUploadForm, UPLOAD_REASON, UploadError, uploadFile, type UploadFileOptions } from './api/upload-file';
export { encodeKey, safeFileName } from './lib/file-name';
export { UPLOAD_SOURCES, uploadSignatureSchema, type UploadedFile, type UploadSignature, type UploadSource } from './model/upload.schema';
export {
  createUploadTaskStore,
  uploadTasks,
  useUploadTasks,
  type UploadStatus,
  type UploadTask,
  type UploadTaskStore,
  type UploadTasks,
} from './model/upload-tasks';
export { UploadTaskList, type UploadTaskListProps } from './ui/upload-task-list';
