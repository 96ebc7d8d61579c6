export {
  downloadErrorMessage,
  extensionOf,
  IMAGE_EXTENSIONS,
  isImageFile,
  saveName,
  type DownloadFailure,
} from './lib/download-rules';
export { downloadFile, isDownloading, openInNewTab, saveBlob, type DownloadOutcome } from './model/download-file';
