export { moveItem, useSaveShortcuts } from './model/use-save-shortcuts';
